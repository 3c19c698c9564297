import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import mpi.*;

/**
 * Raw ping-pong (no MANA) on whatever lower half is on the class path: Open MPI's JNI
 * binding or the FFM lower half. Prints, on rank 0, the median over rounds of the half
 * round-trip time for byte arrays and direct buffers at 8 B and 1 MiB.
 *
 * <p>{@code PingPong ROUNDS LABEL cost}: the cost mode. CPU time of this thread per call
 * rather than wall time (on a shared machine the wall clock counts the other processes' time
 * too): send/recv of 8 B from an array and iSend/iRecv + waitFor on a direct buffer to
 * PROC_NULL (the binding's own cost, no transfer), heap bytes allocated per call, and the
 * ping-pong at 8 B and 1 MiB in CPU time per half round trip (both ranks poll while they
 * wait, so it is the time a rank spends on a message, minus what the machine took away).
 * Median and best of the rounds.
 */
public class PingPong {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        String label = args.length > 1 ? args[1] : "?";
        boolean cost = args.length > 2 && args[2].equals("cost");
        int rank = MPI.COMM_WORLD.getRank();
        if (cost) {
            cost(rounds, label, rank);
            MPI.Finalize();
            return;
        }
        for (int bytes : new int[] {8, 1 << 20}) {
            int iters = bytes == 8 ? 20000 : 200;
            for (String kind : new String[] {"array", "direct"}) {
                Object buf = kind.equals("array") ? new byte[bytes] : MPI.newByteBuffer(bytes);
                double[] t = new double[rounds];
                run(buf, bytes, iters / 4, rank, false); // warm-up
                for (int r = 0; r < rounds; r++) t[r] = run(buf, bytes, iters, rank, false);
                java.util.Arrays.sort(t);
                double med = t[rounds / 2];
                if (rank == 0) System.out.printf("%-14s %-6s %8d B  %10.2f us  %9.1f MB/s%n", label, kind, bytes, med * 1e6, bytes / med / 1e6);
            }
        }
        MPI.Finalize();
    }

    static double run(Object buf, int bytes, int iters, int rank, boolean cpu) throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        w.barrier();
        long t0 = cpu ? cpuNow() : System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) { w.send(buf, bytes, MPI.BYTE, 1, 1); w.recv(buf, bytes, MPI.BYTE, 1, 1); }
            else if (rank == 1) { w.recv(buf, bytes, MPI.BYTE, 0, 1); w.send(buf, bytes, MPI.BYTE, 0, 1); }
        }
        long t1 = cpu ? cpuNow() : System.nanoTime();
        w.barrier();
        return (t1 - t0) / 1e9 / iters / 2;
    }

    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    static long cpuNow() {
        return THREADS.getCurrentThreadCpuTime();
    }

    static long allocatedNow() {
        return ((com.sun.management.ThreadMXBean) THREADS).getCurrentThreadAllocatedBytes();
    }

    /** send+recv (blocking, array) or iSend/iRecv + waitFor (direct) to PROC_NULL; CPU s per call. */
    static double procNull(Object buf, boolean nonBlocking, int iters) throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        long t0 = cpuNow();
        for (int i = 0; i < iters; i++) {
            if (nonBlocking) {
                w.iSend((ByteBuffer) buf, 8, MPI.BYTE, MPI.PROC_NULL, 1).waitFor();
                w.iRecv((ByteBuffer) buf, 8, MPI.BYTE, MPI.PROC_NULL, 1).waitFor();
            } else {
                w.send(buf, 8, MPI.BYTE, MPI.PROC_NULL, 1);
                w.recv(buf, 8, MPI.BYTE, MPI.PROC_NULL, 1);
            }
        }
        return (cpuNow() - t0) / 1e9 / iters / 2;
    }

    static void cost(int rounds, String label, int rank) throws MPIException {
        byte[] array = new byte[8];
        ByteBuffer direct = MPI.newByteBuffer(8);
        int iters = 20000;
        for (boolean nb : new boolean[] {false, true}) {
            Object buf = nb ? direct : array;
            for (int w = 0; w < 3; w++) procNull(buf, nb, iters);
            double[] t = new double[rounds * 4];
            for (int r = 0; r < t.length; r++) t[r] = procNull(buf, nb, iters);
            long b0 = allocatedNow();
            procNull(buf, nb, iters);
            double bytes = (double) (allocatedNow() - b0) / iters / 2;
            if (rank == 0) System.out.printf("%-12s %-34s cpu ns/call %8.1f median %8.1f best %8.1f B/call%n", label,
                    nb ? "iSend/iRecv+waitFor PROC_NULL" : "send/recv PROC_NULL (array)", median(t) * 1e9, best(t) * 1e9, bytes);
        }
        MPI.COMM_WORLD.barrier();
        for (int bytes : new int[] {8, 1 << 20}) {
            int iters2 = bytes == 8 ? 20000 : 200;
            for (String kind : new String[] {"array", "direct"}) {
                Object buf = kind.equals("array") ? new byte[bytes] : MPI.newByteBuffer(bytes);
                run(buf, bytes, iters2 / 4, rank, true);
                double[] cpu = new double[rounds];
                double[] wall = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    cpu[r] = run(buf, bytes, iters2, rank, true);
                    wall[r] = run(buf, bytes, iters2, rank, false);
                }
                if (rank == 0) System.out.printf("%-12s ping-pong %-6s %8d B   cpu us %10.3f median %10.3f best   wall us %10.3f median %10.3f best%n",
                        label, kind, bytes, median(cpu) * 1e6, best(cpu) * 1e6, median(wall) * 1e6, best(wall) * 1e6);
            }
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    static double best(double[] v) {
        return java.util.Arrays.stream(v).min().orElseThrow();
    }
}
