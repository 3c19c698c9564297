package mana.launcher.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One start-up job measured: the bench's own launch and end moments and the stamps the ranks
 * printed ({@code mana-startup rank=R size=N entered=NS left=NS}, wall-clock epoch
 * nanoseconds, see {@code mana.bench.StartupHello}).
 *
 * @param toMain launch until the last rank entered main (the whole job is running the program)
 * @param mainToExit from then until the job (mpirun, or mana run) exited
 * @param total launch until exit
 * @param cpu processor time (user and system) of the job's processes, all ranks together; -1 when unknown
 */
public record StartupSample(long toMain, long mainToExit, long total, long cpu) {

    static final Pattern STAMP = Pattern.compile("^mana-startup rank=(\\d+) size=(\\d+) entered=(\\d+) left=(\\d+)\\s*$");

    /** The output did not hold one stamp from every rank: the job is not a measurement. */
    public static final class BadOutput extends Exception {
        BadOutput(String message) {
            super(message);
        }
    }

    /**
     * @param output the job's standard output
     * @param ranks how many ranks the job had
     * @param launchNs epoch nanoseconds just before the job was started
     * @param endNs epoch nanoseconds just after it exited
     * @param cpuNs processor time of the job's processes, or -1
     */
    public static StartupSample of(String output, int ranks, long launchNs, long endNs, long cpuNs) throws BadOutput {
        Map<Integer, Long> entered = new HashMap<>();
        for (String line : output.split("\\R")) {
            Matcher m = STAMP.matcher(line);
            if (!m.matches()) {
                continue;
            }
            int rank = Integer.parseInt(m.group(1));
            int size = Integer.parseInt(m.group(2));
            if (size != ranks) {
                throw new BadOutput("rank " + rank + " saw " + size + " ranks, the job was started with " + ranks);
            }
            if (entered.put(rank, Long.parseLong(m.group(3))) != null) {
                throw new BadOutput("rank " + rank + " printed two stamps");
            }
        }
        if (entered.size() != ranks) {
            List<Integer> missing = new ArrayList<>();
            for (int r = 0; r < ranks; r++) {
                if (!entered.containsKey(r)) {
                    missing.add(r);
                }
            }
            throw new BadOutput("no stamp from rank(s) " + missing);
        }
        long lastIn = entered.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        if (lastIn < launchNs || lastIn > endNs) {
            throw new BadOutput("a rank entered main outside the job's run (clock?)");
        }
        return new StartupSample(lastIn - launchNs, endNs - lastIn, endNs - launchNs, cpuNs);
    }

    /**
     * Processor time (user + system, nanoseconds) of this process's children that have been
     * waited for, and of theirs (Linux {@code /proc/self/stat} cutime and cstime): read before
     * and after a job, the difference is the job's processor time. -1 when not on Linux.
     */
    public static long childrenCpuNanos() {
        try {
            String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
            return childrenCpuNanos(stat, 100);
        } catch (java.io.IOException | RuntimeException e) {
            return -1;
        }
    }

    /** cutime + cstime of a {@code /proc/PID/stat} line, in nanoseconds, for a clock of {@code ticksPerSecond}. */
    static long childrenCpuNanos(String stat, long ticksPerSecond) {
        // fields after the command name (which may hold spaces) in parentheses; cutime and cstime are fields 16 and 17
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
        return ticks * (1_000_000_000L / ticksPerSecond);
    }

    /** The median of the values (the mean of the middle two for an even count). */
    public static double median(List<? extends Number> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        double[] v = values.stream().mapToDouble(Number::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
