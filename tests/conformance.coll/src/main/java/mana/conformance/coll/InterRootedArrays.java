package mana.conformance.coll;

import java.util.Arrays;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * gather, gatherv, scatter and scatterv on an intercommunicator (world rank 0 alone in group A,
 * the root, MPI.ROOT; the other ranks in group B) with Java arrays where MPI ignores a buffer:
 * the receive arrays of group B in gather(v) and the root's receive array in scatter(v) are
 * filled with -7 and must stay so; group B's send arrays in scatter(v) are one int long. Open
 * MPI's binding takes every process of an intercommunicator for a root: it wrote zeros into
 * group B's gather arrays and threw ArrayIndexOutOfBoundsException for the short send arrays.
 * Prints one line per call and process.
 */
public final class InterRootedArrays {
    static final int N = 4;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int color = rank == 0 ? 0 : 1;
        Intracomm local = MPI.COMM_WORLD.split(color, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(local, 0, color == 0 ? 1 : 0, 41);
        int remote = inter.getRemoteSize();
        int[] counts = new int[remote];
        int[] displs = new int[remote];
        for (int i = 0; i < remote; i++) {
            counts[i] = N;
            displs[i] = i * N;
        }
        if (color == 0) {
            int[] got = new int[N * remote];
            inter.gather(new int[1], N, MPI.INT, got, N, MPI.INT, MPI.ROOT);
            print(rank, "gather at the root", got);
            got = new int[N * remote];
            inter.gatherv(new int[1], N, MPI.INT, got, counts, displs, MPI.INT, MPI.ROOT);
            print(rank, "gatherv at the root", got);
            int[] send = new int[N * remote];
            for (int i = 0; i < send.length; i++) {
                send[i] = 500 + i;
            }
            int[] ignored = filled(N);
            inter.scatter(send, N, MPI.INT, ignored, N, MPI.INT, MPI.ROOT);
            print(rank, "scatter's ignored receive array at the root", ignored);
            ignored = filled(N);
            inter.scatterv(send, counts, displs, MPI.INT, ignored, N, MPI.INT, MPI.ROOT);
            print(rank, "scatterv's ignored receive array at the root", ignored);
        } else {
            int[] send = new int[N];
            Arrays.fill(send, 100 * rank);
            int[] ignored = filled(3 * N);
            inter.gather(send, N, MPI.INT, ignored, N, MPI.INT, 0);
            print(rank, "gather's ignored receive array", ignored);
            ignored = filled(3 * N);
            inter.gatherv(send, N, MPI.INT, ignored, counts, displs, MPI.INT, 0);
            print(rank, "gatherv's ignored receive array", ignored);
            int[] got = new int[N];
            inter.scatter(new int[1], N, MPI.INT, got, N, MPI.INT, 0);
            print(rank, "scatter with a short ignored send array", got);
            got = new int[N];
            inter.scatterv(new int[1], new int[] {N}, new int[] {0}, MPI.INT, got, N, MPI.INT, 0);
            print(rank, "scatterv with a short ignored send array", got);
        }
        inter.free();
        local.free();
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -7);
        return a;
    }

    static void print(int rank, String what, int[] a) {
        System.out.println("OK rank " + rank + " " + what + ": " + Arrays.toString(a));
    }

    private InterRootedArrays() {
    }
}
