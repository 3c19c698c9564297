package mana.conformance.io;

import mpi.CartComm;
import mpi.File;
import mpi.MPI;

/**
 * Not a test: the cost per call of small file and topology calls, to compare MANA with the raw
 * binding (run both ways, 1 rank). Prints medians of 5 rounds in microseconds per call.
 * Usage: {@code SmallCallsBench DIR [calls]}.
 */
public final class SmallCallsBench {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20000;
        String path = args[0] + "/bench-" + MPI.COMM_WORLD.getRank() + ".dat";
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE);
        CartComm cart = MPI.COMM_SELF.createCart(new int[] {1}, new boolean[] {true}, false);
        long[] one = new long[1];
        double[] write = new double[5];
        double[] read = new double[5];
        double[] pos = new double[5];
        double[] shift = new double[5];
        for (int round = 0; round < 5; round++) {
            long t = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                f.writeAt((long) (i & 1023) * 8, one, 1, MPI.LONG);
            }
            write[round] = (System.nanoTime() - t) / 1e3 / calls;
            t = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                f.readAt((long) (i & 1023) * 8, one, 1, MPI.LONG);
            }
            read[round] = (System.nanoTime() - t) / 1e3 / calls;
            t = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                f.getPosition();
            }
            pos[round] = (System.nanoTime() - t) / 1e3 / calls;
            t = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                cart.shift(0, 1);
            }
            shift[round] = (System.nanoTime() - t) / 1e3 / calls;
        }
        System.out.printf("writeAt 8 B %.2f us, readAt 8 B %.2f us, getPosition %.2f us, CartComm.shift %.2f us%n",
                median(write), median(read), median(pos), median(shift));
        f.close();
        cart.free();
        MPI.Finalize();
    }

    static double median(double[] a) {
        double[] s = a.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }
}
