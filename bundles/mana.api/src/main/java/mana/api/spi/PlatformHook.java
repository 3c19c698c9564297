package mana.api.spi;

/**
 * Where {@link mana.api.Mana} finds the platform, the pending-checkpoint signal and the
 * safe-point counter. Static so that a safe point costs one volatile read and one increment.
 * Outside MANA nothing is installed and the signal stays down.
 */
public final class PlatformHook {
    private static volatile ManaPlatform platform;
    private static volatile boolean signal;
    /** Safe points passed on the application's thread (safe points are single-threaded). */
    private static long index;
    /** Transparent checkpointing: cut points are the main thread's world collectives, not safe points. */
    private static volatile boolean transparent;
    /** Told each time the signal goes up or down (transparent mode: woven code asks its cut policy only while it is up). */
    private static volatile java.util.function.Consumer<Boolean> signalWatcher;
    /** The thread the application's main runs on (transparent mode), or null. */
    private static volatile Thread mainThread;

    private PlatformHook() {
    }

    public static void install(ManaPlatform p) {
        platform = p;
    }

    /** Removes {@code p} if it is the installed one; lowers the signal. */
    public static void uninstall(ManaPlatform p) {
        if (platform == p) {
            platform = null;
            lower();
        }
    }

    public static ManaPlatform platform() {
        return platform;
    }

    /** Makes the next safe points call {@link ManaPlatform#atSafePoint}. */
    public static void raise() {
        signal = true;
        tell(true);
    }

    public static void lower() {
        signal = false;
        tell(false);
    }

    private static void tell(boolean up) {
        java.util.function.Consumer<Boolean> w = signalWatcher;
        if (w != null) {
            w.accept(up);
        }
    }

    /**
     * From now on {@code w} is told each time the signal goes up or down, and at once of its
     * state now (null: nobody). Raising and lowering happen under the agent's protocol lock, so
     * the calls come in order.
     */
    public static void watchSignal(java.util.function.Consumer<Boolean> w) {
        signalWatcher = w;
        if (w != null) {
            w.accept(signal);
        }
    }

    /** The thread the application's main runs on (set by the transparent main runner), or null. */
    public static Thread mainThread() {
        return mainThread;
    }

    public static void mainThread(Thread t) {
        mainThread = t;
    }

    public static boolean signalled() {
        return signal;
    }

    /** Counts a safe point; its index. */
    public static long next() {
        return ++index;
    }

    public static long index() {
        return index;
    }

    /** Sets the counter (a restart continues from the checkpoint's safe point). */
    public static void resetIndex(long value) {
        index = value;
    }

    /** This rank checkpoints transparently (set by the transparent main runner before main starts). */
    public static void transparent(boolean on) {
        transparent = on;
    }

    public static boolean isTransparent() {
        return transparent;
    }
}
