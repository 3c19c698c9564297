package mana.ckpttest;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.engine.RankCheckpointer;
import mpi.Datatype;
import mpi.Group;
import mpi.MPI;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;

/**
 * Checkpoint figures (not tests): {@code ckpt ROOT MIB ROUNDS} times a checkpoint of MIB MiB of
 * state per rank against a plain FileChannel write+force of the same bytes; {@code descriptors
 * ROOT N} makes N live descriptors and checkpoints them (restart it with mana.restart.dir to time
 * the restart: the time to MPI.Init's return is printed); {@code drain ROOT N} times a checkpoint
 * with N messages in flight to rank 0 against one with none.
 */
public final class Bench {

    static RankCheckpointer engine() {
        BundleContext bc = FrameworkUtil.getBundle(Bench.class).getBundleContext();
        return bc.getService(bc.getServiceReference(RankCheckpointer.class));
    }

    static final class Blob implements Serializable {
        byte[] data;
    }

    /** CPU time of the whole process (every thread: JIT, GC, MPI), ns; robust to a loaded machine, unlike wall time. */
    static long processCpuNs() {
        return ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }

    public static void main(String[] args) throws Exception {
        long t0 = System.nanoTime();
        long cpu0 = processCpuNs();
        long thread0 = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        MPI.Init(args);
        long initMs = (System.nanoTime() - t0) / 1_000_000;
        long initCpuMs = (processCpuNs() - cpu0) / 1_000_000;
        long initThreadMs = (java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - thread0) / 1_000_000;
        RankCheckpointer ck = engine();
        int rank = MPI.COMM_WORLD.getRank();
        Path root = Path.of(args[1]);
        if (ck.isRestart()) {
            Object state = ck.restored(Bench.class.getClassLoader()).orElseThrow().appState();
            long live = MPI.COMM_WORLD.getSize();
            System.out.println("RESTART rank " + rank + " init+restore " + initMs + " ms, cpu: process " + initCpuMs + " ms, main thread "
                    + initThreadMs + " ms (state " + state.getClass().getSimpleName() + ")");
            MPI.Finalize();
            return;
        }
        long seq = 1;
        switch (args[0]) {
            case "ckpt" -> {
                int mib = Integer.parseInt(args[2]);
                int rounds = Integer.parseInt(args[3]);
                Blob b = new Blob();
                b.data = new byte[mib << 20];
                new Random(rank).nextBytes(b.data);
                double[] ratio = new double[rounds];
                long[] ckMs = new long[rounds];
                long[] cpuMs = new long[rounds];
                long[] rawMs = new long[rounds];
                for (int r = 0; r < rounds; r++) {
                    MPI.COMM_WORLD.barrier();
                    long a = System.nanoTime();
                    long c = processCpuNs();
                    CutOutcome o = ck.checkpoint(new CutRequest(seq++, root, 2, "bench", r), b);
                    long ckNs = System.nanoTime() - a;
                    cpuMs[r] = (processCpuNs() - c) / 1_000_000;
                    if (!o.committed()) {
                        throw new IllegalStateException(o.abortReason());
                    }
                    MPI.COMM_WORLD.barrier();
                    Path raw = root.resolve("raw-" + rank + ".bin");
                    a = System.nanoTime();
                    try (FileChannel ch = FileChannel.open(raw, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                            StandardOpenOption.TRUNCATE_EXISTING)) {
                        ByteBuffer bb = ByteBuffer.wrap(b.data);
                        while (bb.hasRemaining()) {
                            ch.write(bb);
                        }
                        ch.force(true);
                    }
                    long rawNs = System.nanoTime() - a;
                    MPI.COMM_WORLD.barrier();
                    Files.delete(raw);
                    ckMs[r] = ckNs / 1_000_000;
                    rawMs[r] = rawNs / 1_000_000;
                    ratio[r] = (double) ckNs / rawNs;
                }
                Arrays.sort(ratio);
                Arrays.sort(ckMs);
                Arrays.sort(rawMs);
                Arrays.sort(cpuMs);
                System.out.print(String.format("BENCH rank=%d state=%d MiB checkpoint median %d ms (process cpu median %d ms),"
                        + " plain write+force median %d ms, ratio median %.2f (min %.2f max %.2f)%n", rank, mib, ckMs[rounds / 2],
                        cpuMs[rounds / 2], rawMs[rounds / 2], ratio[rounds / 2], ratio[0], ratio[rounds - 1]));
            }
            case "descriptors" -> {
                int n = Integer.parseInt(args[2]);
                Group world = MPI.COMM_WORLD.getGroup();
                Object[] keep = new Object[n];
                int size = MPI.COMM_WORLD.getSize();
                for (int i = 0; i < n; i++) {
                    if (i % 10 == 0) {
                        Datatype t = Datatype.createContiguous(1 + i % 7, MPI.INT);
                        t.commit();
                        keep[i] = t;
                    } else {
                        keep[i] = world.incl(new int[] {i % size});
                    }
                }
                keep[0] = MPI.COMM_WORLD.dup();
                long a = System.nanoTime();
                CutOutcome o = ck.checkpoint(new CutRequest(seq, root, 2, "bench", 0), new Blob());
                if (rank == 0) {
                    System.out.println("BENCH descriptors=" + n + " checkpoint " + (System.nanoTime() - a) / 1_000_000
                            + " ms, " + o.bytes() + " bytes, committed=" + o.committed());
                }
            }
            case "drain" -> {
                int n = Integer.parseInt(args[2]);
                long[] ms = new long[2];
                for (int round = 0; round < 2; round++) {
                    int inFlight = round == 0 ? 0 : n;
                    if (rank != 0) {
                        for (int i = 0; i < inFlight / (MPI.COMM_WORLD.getSize() - 1); i++) {
                            MPI.COMM_WORLD.send(new long[] {i}, 1, MPI.LONG, 0, i);
                        }
                    }
                    MPI.COMM_WORLD.barrier();
                    long a = System.nanoTime();
                    CutOutcome o = ck.checkpoint(new CutRequest(seq++, root, 2, "bench", round), new Blob());
                    ms[round] = (System.nanoTime() - a) / 1_000;
                    if (rank == 0) {
                        System.out.println("BENCH drain in-flight=" + inFlight + " drained=" + o.drained()
                                + " checkpoint " + ms[round] / 1000.0 + " ms");
                        long[] v = new long[1];
                        for (long k = 0; k < o.drained(); k++) {
                            MPI.COMM_WORLD.recv(v, 1, MPI.LONG, MPI.ANY_SOURCE, MPI.ANY_TAG);
                        }
                    }
                    MPI.COMM_WORLD.barrier();
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
        MPI.Finalize();
    }
}
