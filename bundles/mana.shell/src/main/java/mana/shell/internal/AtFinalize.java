package mana.shell.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import mana.core.desc.CommDescriptor;
import mana.core.fn.LifecycleListener;
import mana.core.vid.Constants;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * {@code mana run --at-finalize 'CMD; CMD'}: runs Gogo commands on every rank just before
 * MPI_Finalize, when the rank's MPI objects are still there, and prints their output with the
 * rank in front of each line.
 */
@Component(service = LifecycleListener.class)
public final class AtFinalize implements LifecycleListener {
    static final String PROPERTY = "mana.shell.atFinalize";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile CommandProcessor processor;

    @Override
    public void beforeFinalize() {
        String commands = System.getProperty(PROPERTY);
        if (commands == null || commands.isBlank()) {
            return;
        }
        String prefix = "[rank " + worldRank() + "] ";
        CommandProcessor p = processor;
        if (p == null) {
            System.out.println(prefix + "no Gogo command processor installed; cannot run: " + commands);
            return;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
             CommandSession s = p.createSession(new ByteArrayInputStream(new byte[0]), ps, ps)) {
            for (String c : commands.split(";")) {
                if (c.isBlank()) {
                    continue;
                }
                ps.println("$ " + c.trim());
                try {
                    Object r = s.execute(c.trim());
                    if (r != null) {
                        ps.print(r);
                    }
                } catch (Exception e) {
                    ps.println("error: " + e.getMessage());
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        out.toString(StandardCharsets.UTF_8).lines().forEach(l -> sb.append(prefix).append(l).append('\n'));
        System.out.print(sb);
        System.out.flush();
    }

    private static String worldRank() {
        Object d = Constants.descriptor(Predefined.handle(Kind.COMM, "COMM_WORLD"));
        return d instanceof CommDescriptor c ? String.valueOf(c.rank()) : "?";
    }
}
