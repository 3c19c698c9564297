package mana.ckpt.heap.rank;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.UnaryOperator;
import mana.ckpt.heap.HeapImage;
import mana.weaver.api.Continuations;
import mana.weaver.api.CutPolicy;
import mana.weaver.api.FrameStack;
import org.osgi.service.component.annotations.Component;

/**
 * Runs a woven application's main through {@link Continuations}: the rank launcher applies this
 * service (a {@code UnaryOperator<MethodHandle>} with {@code mana.main.runner=transparent}, JDK
 * types because the launcher sits outside the framework) to main only when the application bundle
 * has {@code Mana-Weave: true}.
 *
 * <p>For now (until the checkpoint gate decides where to cut) it can prove the machinery in real
 * ranks: with {@code -Dmana.transparent.rewindAt=N} each rank captures its main thread before its
 * N-th MPI call, and resumes at once, in place or, with {@code -Dmana.transparent.heap=true},
 * from a copy of the frames and statics made through a heap image. Without the property main
 * just runs. TODO(lead): the integration with the checkpoint gate replaces the property.
 */
@Component(service = UnaryOperator.class, property = "mana.main.runner=transparent")
public final class TransparentMain implements UnaryOperator<MethodHandle> {

    private static final MethodHandle RUN;

    static {
        try {
            RUN = MethodHandles.lookup().findStatic(TransparentMain.class, "run", MethodType.methodType(void.class, MethodHandle.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public MethodHandle apply(MethodHandle main) {
        return MethodHandles.insertArguments(RUN, 0, main);
    }

    static void run(MethodHandle main) throws Throwable {
        int at = Integer.getInteger("mana.transparent.rewindAt", 0);
        boolean viaHeap = Boolean.getBoolean("mana.transparent.heap");
        if (at > 0) {
            Continuations.arm(new AtCall(at));
        }
        ClassLoader appLoader = Thread.currentThread().getContextClassLoader();
        Continuations.Outcome o = Continuations.run(main);
        while (o instanceof Continuations.Captured c) {
            Continuations.disarm();
            FrameStack s = c.stack();
            String how = "in place";
            if (viaHeap) {
                byte[] image = HeapImage.save(s, appLoader);
                s = HeapImage.restore(image, appLoader);
                how = "from a heap image of " + image.length + " bytes";
            }
            System.err.println("[mana] rank " + rank() + ": main captured before MPI call " + at + " (" + s.cutCall() + ", "
                    + s.depth() + " frames); resuming " + how);
            o = Continuations.resume(s, main);
        }
    }

    private static String rank() {
        String r = System.getenv("OMPI_COMM_WORLD_RANK");
        r = r != null ? r : System.getenv("PMI_RANK"); // MPICH's hydra
        return r == null ? "?" : r;
    }

    /** Capture before the k-th cut point call; while declined, at the next one (saying why, once). */
    static final class AtCall implements CutPolicy {
        private final int k;
        private int calls;
        private boolean told;

        AtCall(int k) {
            this.k = k;
        }

        @Override
        public boolean shouldCapture(String owner, String method) {
            return ++calls >= k;
        }

        @Override
        public void declined(String owner, String method, String reason) {
            if (!told) {
                told = true;
                System.err.println("[mana] rank " + rank() + ": no capture before " + owner.replace('/', '.') + "." + method + ": " + reason);
            }
        }
    }
}
