package mana.ckpt.heap.rank;

import java.util.function.Supplier;
import org.osgi.service.component.annotations.Component;

/**
 * The capture state for {@code mana:ckpt} (bundle mana.shell finds it by the property, as a JDK
 * type, so that neither bundle imports the other): whether the cut policy is armed, the cut
 * points so far and why the last one could not be captured.
 */
@Component(service = Supplier.class, property = "mana.capture.state=transparent")
public final class CaptureState implements Supplier<String> {

    @Override
    public String get() {
        return TransparentMain.captureState();
    }
}
