package mana.launcher.rank;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.function.Consumer;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;

/**
 * The rank's start-up profile ({@code -Dmana.startup.trace=true} on the rank JVM, e.g. through
 * {@code MANA_JAVA_OPTS}): wall time, processor time of the whole process (every thread: the
 * JIT compilers and the GC included) and the JIT's own compilation time per phase, from the
 * JVM's start to the rank's exit, and per platform bundle while the framework starts. The
 * phases are sequential; marks may come from any thread (the framework starts bundles in its
 * own), and bundles mark theirs through the {@link #SINK_FILTER} service ({@code
 * mana.core.fn.StartupMarks}). Printed on stderr at exit, one line per phase, as
 * {@code [mana startup] rank R | PHASE | WALL ms | CPU ms | JIT ms}, for people and for
 * {@code mana bench startup --phases}. Off (the default), nothing here is loaded or measured:
 * the management beans alone cost a few tens of milliseconds.
 */
public final class StartupTrace {
    public static final String PROPERTY = "mana.startup.trace";
    /** The service property of the {@code Consumer<String>} through which bundles mark phases. */
    public static final String SINK_PROPERTY = "mana.startup.trace";
    public static final String SINK_FILTER = "(" + SINK_PROPERTY + "=sink)";
    /** The line prefix that {@code mana bench startup --phases} reads ({@code rank R} or {@code cli} follows). */
    public static final String PREFIX = "[mana startup] ";

    private final com.sun.management.OperatingSystemMXBean os;
    private final CompilationMXBean jit;
    private final List<String> lines = new ArrayList<>();
    private boolean bundlesStarting;
    private String openBundle;
    private long[] openSince;
    private final List<String> bundleLines = new ArrayList<>();
    private long lastWall;
    private long lastCpu;
    private long lastJit;

    private StartupTrace() {
        os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        jit = ManagementFactory.getCompilationMXBean();
        // the first phase runs from the JVM's own start time (ms) to here: all the process's processor time so far
        lastWall = ManagementFactory.getRuntimeMXBean().getStartTime() * 1_000_000L;
        lastCpu = 0; // every thread's time so far, from the first reading
        lastJit = 0;
    }

    /** A trace when {@code -Dmana.startup.trace=true}, else null (nothing measured). */
    static StartupTrace startIfAsked() {
        return Boolean.getBoolean(PROPERTY) ? new StartupTrace() : null;
    }

    /** Ends the phase that ran since the previous mark. */
    public synchronized void mark(String phase) {
        closeBundle();
        long[] now = now();
        lines.add(line(phase, now[0] - lastWall, now[1] - lastCpu, now[2] - lastJit));
        lastWall = now[0];
        lastCpu = now[1];
        lastJit = now[2];
    }

    private void closeBundle() {
        if (openBundle != null) {
            long[] n = now();
            bundleLines.add(line("  start " + openBundle, n[0] - openSince[0], n[1] - openSince[1], n[2] - openSince[2]));
            openBundle = null;
        }
    }

    private long[] now() {
        java.time.Instant i = java.time.Instant.now();
        long jitMs = jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : 0;
        return new long[] {i.getEpochSecond() * 1_000_000_000L + i.getNano(), processCpu(), jitMs * 1_000_000L};
    }

    /**
     * The processor time of every thread of the process, in nanoseconds: the sum of each thread's
     * {@code /proc/self/task/TID/schedstat} (the JVM's own process CPU time counts in 10 ms ticks
     * on JDK 17, too coarse for phases of a few milliseconds). A thread that ended keeps the last
     * value read, so the sum never goes back. Elsewhere than on Linux: the JVM's figure.
     */
    private long processCpu() {
        java.io.File[] tasks = TASKS.listFiles();
        if (tasks == null) {
            return os.getProcessCpuTime();
        }
        for (java.io.File t : tasks) {
            try {
                String s = new String(java.nio.file.Files.readAllBytes(new java.io.File(t, "schedstat").toPath()),
                        java.nio.charset.StandardCharsets.US_ASCII);
                int sp = s.indexOf(' ');
                threadCpu.put(t.getName(), Long.parseLong(sp < 0 ? s.trim() : s.substring(0, sp)));
            } catch (java.io.IOException | NumberFormatException e) {
                // the thread ended meanwhile: its last value stays
            }
        }
        long sum = 0;
        for (long v : threadCpu.values()) {
            sum += v;
        }
        return sum;
    }

    private static final java.io.File TASKS = new java.io.File("/proc/self/task");
    private final java.util.Map<String, Long> threadCpu = new java.util.HashMap<>();

    private static String line(String phase, long wall, long cpu, long jitNanos) {
        return String.format("| %-48s | %7.1f ms | %7.1f ms | %6.0f ms", phase, wall / 1e6, cpu / 1e6, jitNanos / 1e6);
    }

    /**
     * Per-bundle start times: from a bundle's STARTING to the next bundle's (or the end of the
     * phase), so that what SCR does for it after STARTED (activating its components) is counted
     * with it, whichever order the listeners run in.
     */
    void watchBundles(BundleContext system) {
        system.addBundleListener((SynchronousBundleListener) e -> {
            if (e.getType() == BundleEvent.STARTING) {
                synchronized (this) {
                    if (!bundlesStarting) {
                        bundlesStarting = true;
                        mark("framework start: resolve, until a bundle starts");
                    }
                    closeBundle();
                    openBundle = e.getBundle().getSymbolicName();
                    openSince = now();
                }
            }
        });
        Consumer<String> sink = this::mark;
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(SINK_PROPERTY, "sink");
        system.registerService(Consumer.class, sink, props);
    }

    /**
     * The same for the {@code mana run} JVM ({@code MANA_STARTUP_TRACE=on}): its phases until
     * {@code mpirun} is started and its own processor time while the job runs (the coordinator),
     * printed when the job ends. Its processor time is the JVM's (10 ms ticks on JDK 17).
     */
    public static final class Cli {
        private static final Cli TRACE = on(System.getenv("MANA_STARTUP_TRACE")) ? new Cli() : null;
        private final com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final StringBuilder lines = new StringBuilder();
        private long lastWall = ManagementFactory.getRuntimeMXBean().getStartTime() * 1_000_000L;
        private long lastCpu;

        /** Whether a value of {@code MANA_STARTUP_TRACE} switches the profile on. */
        public static boolean on(String value) {
            return value != null && (value.equalsIgnoreCase("on") || value.equalsIgnoreCase("true") || value.equals("1"));
        }

        /** Ends the CLI's current phase (nothing when the profile is off). */
        public static void mark(String phase) {
            if (TRACE != null) {
                synchronized (TRACE) {
                    java.time.Instant i = java.time.Instant.now();
                    long wall = i.getEpochSecond() * 1_000_000_000L + i.getNano();
                    long cpu = TRACE.os.getProcessCpuTime();
                    TRACE.lines.append(PREFIX).append("cli ").append(line(phase, wall - TRACE.lastWall, cpu - TRACE.lastCpu, 0)).append('\n');
                    TRACE.lastWall = wall;
                    TRACE.lastCpu = cpu;
                }
            }
        }

        /** Prints the CLI's phases so far. */
        public static void print() {
            if (TRACE != null) {
                synchronized (TRACE) {
                    System.err.print(TRACE.lines);
                    TRACE.lines.setLength(0);
                }
            }
        }
    }

    /** The profile so far, one line per phase, then the bundles' start times (within "framework start"). */
    synchronized String report(String rank) {
        StringBuilder sb = new StringBuilder();
        String p = PREFIX + "rank " + rank + " ";
        sb.append(p).append(String.format("| %-48s | %10s | %10s | %9s%n", "phase", "wall", "cpu", "jit"));
        for (String l : lines) {
            sb.append(p).append(l).append('\n');
        }
        for (String l : bundleLines) {
            sb.append(p).append(l).append('\n');
        }
        return sb.toString();
    }
}
