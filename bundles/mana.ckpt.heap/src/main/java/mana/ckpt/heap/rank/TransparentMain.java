package mana.ckpt.heap.rank;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;
import mana.ckpt.engine.HeapSection;
import mana.ckpt.heap.HeapImage;
import mana.ckpt.heap.HeapRefusal;
import mana.weaver.api.Continuations;
import mana.weaver.api.CutPolicy;
import mana.weaver.api.FrameStack;
import org.osgi.service.component.annotations.Component;

/**
 * Runs a woven application's main through {@link Continuations}: the rank launcher applies this
 * service (a {@code UnaryOperator<MethodHandle>} with {@code mana.main.runner=transparent}, JDK
 * types because the launcher sits outside the framework) to main only when the application bundle
 * has {@code Mana-Weave: true} ({@code mana run --transparent}).
 *
 * <p>A checkpoint: {@link WorldCuts} agrees with the other ranks on a MPI_COMM_WORLD collective
 * and captures main before it; main unwinds to here, where the heap image of the frames and the
 * statics becomes the checkpoint's state (section {@code heap}) through the safe-point protocol
 * (stop, agree, collective cut); then main is resumed in place and makes the collective. A
 * restart: MPI_Init (which rebuilds the MPI objects from the checkpoint), the heap image, then
 * main re-entered down to the cut collective.
 *
 * <p>{@code -Dmana.transparent.rewindAt=N} (a test of the machinery without a checkpoint): every
 * rank captures before its N-th MPI call and resumes at once, in place or, with
 * {@code -Dmana.transparent.heap=true}, from a copy made through a heap image.
 */
@Component(service = UnaryOperator.class, property = "mana.main.runner=transparent")
public final class TransparentMain implements UnaryOperator<MethodHandle> {

    private static final MethodHandle RUN;
    /** The policy of the running main, for mana:ckpt (null before main starts). */
    private static volatile WorldCuts current;

    static {
        try {
            RUN = MethodHandles.lookup().findStatic(TransparentMain.class, "run", MethodType.methodType(void.class, MethodHandle.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * main run, checkpointed at its cuts and resumed, by {@link Continuations#driver}: no frame of
     * ours sits below the application's main while it runs, so (as under {@code java App}) main
     * is the bottom frame of the thread, which programs read to name themselves.
     */
    @Override
    public MethodHandle apply(MethodHandle main) {
        if (Integer.getInteger("mana.transparent.rewindAt", 0) > 0) {
            return MethodHandles.insertArguments(RUN, 0, main);
        }
        PlatformHook.transparent(true); // from now on a checkpoint request is answered as one for cut points
        Run run = new Run(Thread.currentThread().getContextClassLoader());
        return Continuations.driver(main, run::start, run::checkpoint);
    }

    /** One run of main: what its start and its checkpoints share. */
    private static final class Run {
        private final ClassLoader appLoader;
        private final WorldCuts policy = new WorldCuts();
        private ManaPlatform platform;

        Run(ClassLoader appLoader) {
            this.appLoader = appLoader;
        }

        /** Before main: arms the cuts; on a restart, MPI_Init, the heap image, and the frames to resume. */
        FrameStack start() throws Throwable {
            platform = PlatformHook.platform();
            current = policy;
            PlatformHook.transparent(true);
            PlatformHook.mainThread(Thread.currentThread());
            // the policy is asked at MPI calls only while a checkpoint is requested (unless a test knob counts them)
            Continuations.arm(policy, policy.consultedAlways());
            PlatformHook.watchSignal(Continuations::consult);
            return platform != null && platform.isRestart() ? restoredFrames(platform, appLoader) : null;
        }

        void checkpoint(FrameStack s) {
            TransparentMain.checkpoint(platform, policy.cutIndex, s, appLoader);
        }
    }

    /** One line on the capture state for mana:ckpt. */
    public static String captureState() {
        WorldCuts w = current;
        if (w == null) {
            return "transparent: off (the application is not woven; mana run --transparent)";
        }
        String why = w.lastDecline;
        return "transparent: " + (Continuations.isArmed() ? "armed (a checkpoint is requested)" : "not armed (MPI calls go straight to MPI until a checkpoint is requested)") + ", main "
                + (Continuations.running() ? "running" : "not running") + "; cut points: blocking sends, sendRecvs, receives, probes, waits, tests, iProbes and collectives of the"
                + " main thread (" + WorldCuts.worldClock() + " MPI_COMM_WORLD collectives made so far)" + (why == null ? "" : "; last decline: " + why);
    }

    /** {@code -Dmana.transparent.rewindAt=N}: the machinery without a checkpoint. */
    static void run(MethodHandle main) throws Throwable {
        rewind(main, Integer.getInteger("mana.transparent.rewindAt", 0), Thread.currentThread().getContextClassLoader());
    }

    /** At the cut, main unwound: the safe-point protocol takes the checkpoint with the heap image as the state. */
    private static void checkpoint(ManaPlatform p, long index, FrameStack s, ClassLoader appLoader) {
        Thread main = Thread.currentThread(); // unwound here, at the cut; the supplier may run on the engine's thread
        Supplier<Object> heap = () -> {
            String pending = PendingRequests.problem();
            if (pending == null) {
                pending = OpenPortCheck.problem();
            }
            if (pending != null) {
                throw new HeapRefused(pending);
            }
            String busy = AppThreads.problem(appLoader, main);
            if (busy != null) {
                throw new HeapRefused(busy);
            }
            // built while the engine writes it into the rank file (after the drain): a refusal found then abandons
            // the checkpoint through the engine (HeapSection.Refused), the part file deleted, nothing committed
            mana.ckpt.heap.internal.KryoJit.apply();
            HeapImage.Saver saver = HeapImage.saver(s, appLoader, main);
            return HeapSection.streamed(out -> {
                long t0 = System.nanoTime();
                long c0 = processCpuNanos();
                try {
                    saver.writeTo(out);
                } catch (HeapRefusal e) {
                    throw new HeapSection.Refused(e.getMessage(), e);
                }
                if (Boolean.getBoolean("mana.heap.timing")) { // tools/transparent/heap-bench.sh
                    long n = out instanceof mana.ckpt.store.SectionOutputStream so ? so.bytesWritten() : -1;
                    System.err.printf("[mana] rank %s: heap image of %.1f MiB made and written in %.2f s (process CPU %.2f s)%n", rank(),
                            n / 1048576.0, (System.nanoTime() - t0) / 1e9, (processCpuNanos() - c0) / 1e9);
                }
            });
        };
        try {
            p.atCaptured(index, "before " + s.cutCall(), heap);
        } catch (HeapRefused e) {
            System.err.println("[mana] rank " + rank() + ": checkpoint refused, the job goes on: " + e.getMessage());
        }
    }

    /**
     * A restart: MPI_Init through the upper half (it rebuilds the MPI objects from the checkpoint;
     * MPI_Init_thread with the same level if the first run called that: the launcher passes it as
     * {@code mana.restart.initThread} from the checkpoint's manifest), the heap image (statics,
     * frames), then main re-entered down to the cut collective.
     */
    private static FrameStack restoredFrames(ManaPlatform p, ClassLoader appLoader) throws Throwable {
        Optional<Object> state;
        try {
            Class<?> mpi = Class.forName("mpi.MPI", true, appLoader);
            Integer level = Integer.getInteger("mana.restart.initThread");
            if (level == null) {
                mpi.getMethod("Init", String[].class).invoke(null, (Object) new String[0]);
            } else {
                mpi.getMethod("InitThread", String[].class, int.class).invoke(null, new String[0], level);
            }
            state = p.restoredState(appLoader);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        if (state.isEmpty() || !(state.get() instanceof HeapSection h)) {
            throw new IllegalStateException("MANA restart refused: the checkpoint is not a transparent one (it holds no heap"
                    + " image); restart it without --transparent");
        }
        FrameStack s;
        try {
            mana.ckpt.heap.internal.KryoJit.apply();
            s = HeapImage.restore(h.chunks(), appLoader); // chunk by chunk: an image may exceed 2 GiB
        } catch (HeapRefusal e) {
            if (p instanceof mana.core.fn.LifecycleListener l) {
                l.restoreRefused(e.getMessage()); // the launcher must not restart from this checkpoint again
            }
            throw new IllegalStateException("MANA restart refused: " + e.getMessage());
        }
        System.err.println("[mana] rank " + rank() + ": resuming main before " + s.cutCall() + " (" + s.depth() + " frames)");
        return s;
    }

    /** A heap that cannot be saved: the checkpoint is refused with this message (class and field path). */
    static final class HeapRefused extends RuntimeException {
        private static final long serialVersionUID = 1L;

        HeapRefused(String message) {
            super(message);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }

    private static void rewind(MethodHandle main, int at, ClassLoader appLoader) throws Throwable {
        boolean viaHeap = Boolean.getBoolean("mana.transparent.heap");
        Continuations.arm(new AtCall(at));
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

    /** User + system time of this process (all threads, the collector's too), from /proc/self/stat in 10 ms ticks. */
    private static long processCpuNanos() {
        try {
            String st = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            String[] f = st.substring(st.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
        } catch (java.io.IOException | RuntimeException e) {
            return 0;
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
