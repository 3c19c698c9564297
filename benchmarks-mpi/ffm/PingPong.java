import java.nio.ByteBuffer;
import mpi.*;

/**
 * Raw ping-pong (no MANA) on whatever lower half is on the class path: Open MPI's JNI
 * binding or the FFM lower half. Prints, on rank 0, the median over rounds of the half
 * round-trip time for byte arrays and direct buffers at 8 B and 1 MiB.
 */
public class PingPong {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        String label = args.length > 1 ? args[1] : "?";
        int rank = MPI.COMM_WORLD.getRank();
        for (int bytes : new int[] {8, 1 << 20}) {
            int iters = bytes == 8 ? 20000 : 200;
            for (String kind : new String[] {"array", "direct"}) {
                Object buf = kind.equals("array") ? new byte[bytes] : MPI.newByteBuffer(bytes);
                double[] t = new double[rounds];
                run(buf, bytes, iters / 4, rank); // warm-up
                for (int r = 0; r < rounds; r++) t[r] = run(buf, bytes, iters, rank);
                java.util.Arrays.sort(t);
                double med = t[rounds / 2];
                if (rank == 0) System.out.printf("%-14s %-6s %8d B  %10.2f us  %9.1f MB/s%n", label, kind, bytes, med * 1e6, bytes / med / 1e6);
            }
        }
        MPI.Finalize();
    }

    static double run(Object buf, int bytes, int iters, int rank) throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        w.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            if (rank == 0) { w.send(buf, bytes, MPI.BYTE, 1, 1); w.recv(buf, bytes, MPI.BYTE, 1, 1); }
            else if (rank == 1) { w.recv(buf, bytes, MPI.BYTE, 0, 1); w.send(buf, bytes, MPI.BYTE, 0, 1); }
        }
        long t1 = System.nanoTime();
        w.barrier();
        return (t1 - t0) / 1e9 / iters / 2;
    }
}
