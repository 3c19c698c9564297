package mana.bench;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * {@code mana run -np 2 mana-bench.jar p2p} / {@code -np 4 ... allreduce|bcast|alltoall|coll}: runs the same
 * {@link Kernels} through MANA and through the raw Open MPI binding in the same job, in
 * alternating order, and prints latency, bandwidth and the MANA/raw ratio (medians of the rounds;
 * "paired" is the median of each round's own MANA/raw ratio, "best" compares the fastest rounds).
 *
 * <p>The raw copy: this program's own {@code Kernels.class}, packaged at run time into a second
 * bundle whose {@code mpi} import asks for the lower half ({@code mana.half=lower}).
 */
public final class Main {
    private static final int[] SIZES = sizes("mana.bench.sizes",
            new int[] {8, 64, 512, 4096, 32768, 65536, 262144, 1048576, 4194304});
    private static final int[] COLL_SIZES = {8, 64, 512, 4096, 32768, 262144, 1048576};
    /** The collective kernels, in the order of {@link #rawKernels()} after the first three. */
    private static final List<String> COLLECTIVES = List.of("allreduce", "bcast", "alltoall");

    /** Message sizes from a system property ("8,64"), or the defaults. */
    private static int[] sizes(String property, int[] defaults) {
        String v = System.getProperty(property);
        return v == null || v.isBlank() ? defaults
                : Arrays.stream(v.split(",")).map(String::trim).mapToInt(Integer::parseInt).toArray();
    }

    public static void main(String[] args) throws Exception {
        String what = args.length > 0 ? args[0] : "p2p";
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        MPI.Init(args);
        Method[] raw = rawKernels("mana-bench-raw:");
        // Calibration (third argument "calibrate"): a second raw copy stands in for MANA in the
        // ping-pongs, so their ratio columns show what this machine's noise and the order alone give.
        boolean calibrate = args.length > 2 && args[2].equals("calibrate");
        Method[] second = calibrate ? rawKernels("mana-bench-raw-2:") : null;
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (rank == 0) {
            System.out.printf("# MANA vs raw Open MPI Java binding, same job, %d ranks, %d alternating rounds, medians%n",
                    size, rounds);
        }
        if (what.equals("p2p") || what.equals("all")) {
            if (size < 2) {
                throw new IllegalArgumentException("p2p needs at least 2 ranks");
            }
            RAW_ALLOC = raw[9];
            callCost(raw[6], raw[8], rounds, rank);
            pingPong(raw, second, "array", rounds, rank);
            pingPong(raw, second, "direct", rounds, rank);
            pingPong(raw, second, "non-blocking", rounds, rank);
        }
        if (what.equals("cost")) {
            RAW_ALLOC = raw[9];
            callCost(raw[6], raw[8], rounds, rank);
        }
        for (int k = 0; k < COLLECTIVES.size(); k++) {
            String c = COLLECTIVES.get(k);
            if (what.equals(c) || what.equals("coll") || what.equals("all")) {
                collective(raw[3 + k], c, rounds, rank, size);
            }
        }
        MPI.Finalize();
    }

    private static void pingPong(Method[] raw, Method[] second, String kind, int rounds, int rank) throws Exception {
        if (rank == 0) {
            System.out.printf("%n## ping-pong, %s (half round trip)%s%n", kind.equals("non-blocking")
                    ? "iSend/iRecv + waitFor, direct buffers" : kind + " buffers, send/recv",
                    second == null ? "" : " CALIBRATION: raw against a second raw copy");
            System.out.printf("%10s %12s %12s %8s %12s %12s %8s %8s %15s %9s %8s%n", "bytes", "raw us", "mana us",
                    "ratio", "raw MB/s", "mana MB/s", "bw ratio", "paired", "paired 95% CI", "+ns", "best");
        }
        int k = kind.equals("array") ? 0 : kind.equals("direct") ? 1 : 7;
        Method rawKernel = raw[k];
        for (int bytes : SIZES) {
            int iters = Math.max(50, Math.min(10000, (256 << 20) / bytes));
            double[][] t = alternate(rounds, () -> (double) invoke(rawKernel, bytes, iters),
                    () -> second != null ? (double) invoke(second[k], bytes, iters) : kind.equals("array") ? Kernels.pingPongArray(bytes, iters)
                            : kind.equals("direct") ? Kernels.pingPongDirect(bytes, iters)
                            : Kernels.pingPongNonBlocking(bytes, iters));
            if (rank == 0) {
                double r = median(t[0]);
                double m = median(t[1]);
                double best = min(t[1]) / min(t[0]);
                double[] ci = pairedInterval(t);
                System.out.printf("%10d %12.3f %12.3f %8.3f %12.1f %12.1f %8.3f %8.3f %7.3f-%-7.3f %9.1f %8.3f%n", bytes,
                        r * 1e6, m * 1e6, m / r, bytes / r / 1e6, bytes / m / 1e6, r / m, pairedRatio(t), ci[0], ci[1],
                        pairedDifference(t) * 1e9, best);
            }
        }
    }

    /**
     * The cost of one call without a transfer (to PROC_NULL): MANA's wrapper cost in ns, for
     * blocking send/recv and for iSend/iRecv each waited for (a request made, completed and
     * freed per call). Short rounds, many of them, and the best round besides the median: the
     * best is the round no other process on the machine disturbed.
     */
    /** The raw copy's {@code procNullAllocated}. */
    private static Method RAW_ALLOC;

    private static void callCost(Method rawBlocking, Method rawNonBlocking, int rounds, int rank) throws Exception {
        int iters = 20000;
        double[][] b = alternate(rounds * 8, () -> (double) invoke(rawBlocking, iters), () -> Kernels.procNull(iters));
        double[][] n = alternate(rounds * 8, () -> (double) invoke(rawNonBlocking, iters),
                () -> Kernels.procNullNonBlocking(iters));
        if (rank == 0) {
            System.out.printf("%n## call cost to PROC_NULL, 8 B, no transfer (thread CPU time per call)%n");
            System.out.printf("%-34s %8s %12s %12s %8s %14s%n", "", "", "raw ns", "mana ns", "ratio", "mana-raw ns");
            costLine("send/recv (array)", b);
            costLine("iSend/iRecv + waitFor (direct)", n);
        }
        // heap bytes per call, after the rounds above compiled the loops (the last of 3 runs; the
        // barriers inside allocate a little too, spread over the 20,000 calls)
        double[] alloc = new double[4];
        for (int i = 0; i < 3; i++) {
            alloc[0] = (Double) RAW_ALLOC.invoke(null, iters, false);
            alloc[1] = Kernels.procNullAllocated(iters, false);
            alloc[2] = (Double) RAW_ALLOC.invoke(null, iters, true);
            alloc[3] = Kernels.procNullAllocated(iters, true);
        }
        if (rank == 0) {
            System.out.printf("%-34s %8s %12.1f %12.1f %8s %14.1f%n", "send/recv (array)", "B/call", alloc[0], alloc[1], "", alloc[1] - alloc[0]);
            System.out.printf("%-34s %8s %12.1f %12.1f %8s %14.1f%n", "iSend/iRecv + waitFor (direct)", "B/call", alloc[2], alloc[3], "",
                    alloc[3] - alloc[2]);
        }
    }

    private static void costLine(String what, double[][] t) {
        double r = median(t[0]);
        double m = median(t[1]);
        double rb = min(t[0]);
        double mb = min(t[1]);
        System.out.printf("%-34s %8s %12.1f %12.1f %8.3f %14.1f%n", what, "median", r * 1e9, m * 1e9, m / r, (m - r) * 1e9);
        System.out.printf("%-34s %8s %12.1f %12.1f %8.3f %14.1f%n", what, "best", rb * 1e9, mb * 1e9, mb / rb, (mb - rb) * 1e9);
    }

    private static void collective(Method rawKernel, String name, int rounds, int rank, int size) throws Exception {
        if (rank == 0) {
            System.out.printf("%n## %s, %d ranks, byte arrays%s%n", name, size,
                    name.equals("alltoall") ? " (bytes to each rank)" : name.equals("allreduce") ? " (longs, SUM)" : " (root rotating)");
            System.out.printf("%10s %12s %12s %8s%n", "bytes", "raw us", "mana us", "ratio");
        }
        for (int bytes : COLL_SIZES) {
            int iters = Math.max(20, Math.min(5000, (32 << 20) / bytes / size));
            double[][] t = alternate(rounds, () -> (double) invoke(rawKernel, bytes, iters), () -> switch (name) {
                case "allreduce" -> Kernels.allReduce(bytes, iters);
                case "bcast" -> Kernels.bcast(bytes, iters);
                default -> Kernels.allToAll(bytes, iters);
            });
            if (rank == 0) {
                double r = median(t[0]);
                double m = median(t[1]);
                System.out.printf("%10d %12.3f %12.3f %8.3f%n", bytes, r * 1e6, m * 1e6, m / r);
            }
        }
    }

    interface Kernel {
        double run() throws Exception;
    }

    /** Two warm-ups of each (the JIT), then {@code rounds} rounds; the order alternates every round. */
    private static double[][] alternate(int rounds, Kernel raw, Kernel mana) throws Exception {
        for (int w = 0; w < 2; w++) {
            raw.run();
            mana.run();
        }
        double[][] t = new double[2][rounds];
        for (int i = 0; i < rounds; i++) {
            if (i % 2 == 0) {
                t[0][i] = raw.run();
                t[1][i] = mana.run();
            } else {
                t[1][i] = mana.run();
                t[0][i] = raw.run();
            }
        }
        return t;
    }

    /**
     * The median of the MANA/raw ratios of each round's two runs, which ran back to back: a
     * slow phase of the machine (another process, a rank moved to a busier core) slows both
     * runs of a round, so it cancels out of the round's ratio.
     */
    private static double pairedRatio(double[][] t) {
        double[] r = new double[t[0].length];
        for (int i = 0; i < r.length; i++) {
            r[i] = t[1][i] / t[0][i];
        }
        return median(r);
    }

    /**
     * A 95% confidence interval of the median paired ratio, free of assumptions about the
     * distribution: the order statistics whose ranks the binomial(n, 1/2) distribution puts
     * around the median (normal approximation). With few rounds it is wide, which is the point:
     * it says how much a single run's ratio can be trusted on this machine.
     */
    private static double[] pairedInterval(double[][] t) {
        int n = t[0].length;
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = t[1][i] / t[0][i];
        }
        Arrays.sort(r);
        double half = 1.96 * Math.sqrt(n) / 2;
        int lo = Math.max(0, (int) Math.floor(n / 2.0 - half));
        int hi = Math.min(n - 1, (int) Math.ceil(n / 2.0 + half) - 1);
        return new double[] {r[lo], r[hi]};
    }

    /** The median of each round's MANA minus raw time (seconds per operation): MANA's cost in absolute terms. */
    private static double pairedDifference(double[][] t) {
        double[] d = new double[t[0].length];
        for (int i = 0; i < d.length; i++) {
            d[i] = t[1][i] - t[0][i];
        }
        return median(d);
    }

    /** The fastest round: the one other processes on the machine disturbed least. */
    private static double min(double[] v) {
        return Arrays.stream(v).min().orElseThrow();
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static Object invoke(Method m, Object... args) throws Exception {
        try {
            return m.invoke(null, args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    /** Installs the raw copy of Kernels and returns its pingPongArray, pingPongDirect, allReduce8, allReduce, bcast, allToAll, procNull, pingPongNonBlocking and procNullNonBlocking. */
    private static Method[] rawKernels(String location) throws Exception {
        Bundle self = FrameworkUtil.getBundle(Main.class);
        if (self == null) {
            throw new IllegalStateException("run this benchmark with ./mana run (or ./mana bench): it needs the platform");
        }
        BundleContext ctx = self.getBundleContext();
        Bundle raw = ctx.installBundle(location + MPIException.class.getName(), new ByteArrayInputStream(rawBundle(location.replaceAll("\\W", ""))));
        raw.start();
        Class<?> k = raw.loadClass(Kernels.class.getName());
        if (k.getClassLoader() == Kernels.class.getClassLoader()) {
            throw new IllegalStateException("the raw copy of Kernels was not loaded separately");
        }
        return new Method[] {k.getMethod("pingPongArray", int.class, int.class),
            k.getMethod("pingPongDirect", int.class, int.class), k.getMethod("allReduce8", int.class),
            k.getMethod("allReduce", int.class, int.class), k.getMethod("bcast", int.class, int.class),
            k.getMethod("allToAll", int.class, int.class), k.getMethod("procNull", int.class),
            k.getMethod("pingPongNonBlocking", int.class, int.class), k.getMethod("procNullNonBlocking", int.class),
            k.getMethod("procNullAllocated", int.class, boolean.class)};
    }

    private static byte[] rawBundle(String name) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", name);
        a.putValue("Import-Package", "mpi;mana.half=lower;version=\"[4.1,5)\"");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<String> classes = new ArrayList<>(List.of("mana/bench/Kernels.class"));
        try (JarOutputStream jar = new JarOutputStream(out, m)) {
            for (String c : classes) {
                try (InputStream in = Main.class.getClassLoader().getResourceAsStream(c)) {
                    if (in == null) {
                        throw new IOException(c + " not found in the benchmark jar");
                    }
                    jar.putNextEntry(new JarEntry(c));
                    jar.write(in.readAllBytes());
                }
            }
        }
        return out.toByteArray();
    }

    private Main() {
    }
}
