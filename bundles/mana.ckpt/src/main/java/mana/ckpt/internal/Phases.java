package mana.ckpt.internal;

import java.lang.management.ManagementFactory;

/**
 * With {@code -Dmana.ckpt.timing=true}: how long each phase of a checkpoint or restart took on
 * this rank (stderr), wall time and CPU time of this thread and of the process (CPU tells work
 * from waiting on a loaded machine). Without it, nothing is measured.
 */
final class Phases {
    static final boolean TIMING = Boolean.getBoolean("mana.ckpt.timing");
    private final String prefix;
    private long mark = System.nanoTime();
    private long cpuMark = threadCpu();
    private long processMark = processCpu();

    Phases(String prefix) {
        this.prefix = prefix;
    }

    void phase(String what) {
        if (TIMING) {
            long now = System.nanoTime();
            long cpu = threadCpu();
            long process = processCpu();
            // one write per line, so that ranks sharing a terminal do not interleave within lines
            System.err.print(String.format("[%s, rank %s] %s: %.1f ms (cpu: this thread %.1f ms, process %.1f ms)%n", prefix,
                    System.getenv().getOrDefault("OMPI_COMM_WORLD_RANK", System.getenv().getOrDefault("PMI_RANK", "?")), what, (now - mark) / 1e6, (cpu - cpuMark) / 1e6,
                    (process - processMark) / 1e6));
            mark = now;
            cpuMark = cpu;
            processMark = process;
        }
    }

    private static long processCpu() {
        return TIMING && ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    private static long threadCpu() {
        return TIMING ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : 0;
    }
}
