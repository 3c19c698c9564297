package mana.conformance.coll;

import mpi.CartComm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The v-collectives on Java arrays of 64 Ki ints per process (blocks packed one after the
 * other): scatterv, scatterv in place, gatherv in place, allGatherv in place, allToAllv and
 * neighborAllToAllv (on a line). Open MPI's Java binding sizes its native copy of such a region as the
 * largest displacement times its count; here that is 65536 * 65536, which overflows an int,
 * and the raw binding's JVM dies of a corrupted native heap. Prints one OK line per call with
 * whether every element arrived.
 */
public final class LargeVArrays {
    static final int N = 1 << 16;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        mpi.Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        int rank = w.getRank();
        int size = w.getSize();
        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = N;
            displs[r] = r * N;
        }

        int[] all = new int[N * size];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        int[] mine = new int[N];
        w.scatterv(all, counts, displs, MPI.INT, mine, N, MPI.INT, 0);
        report(rank, "scatterv", block(mine, 0, rank * N, 1));

        // not a v-form, but the same size: the binding copies a receive of more than its 64 KiB
        // free-list blocks back into the array only for those blocks, so raw scatter delivers nothing
        mine = new int[N];
        w.scatter(all, N, MPI.INT, mine, N, MPI.INT, 0);
        report(rank, "scatter", block(mine, 0, rank * N, 1));

        if (rank == 0) {
            int[] root = all.clone();
            w.scatterv(root, counts, displs, MPI.INT, 0);
            report(rank, "scatterv in place", same(root, all));
        } else {
            int[] got = new int[N];
            w.scatterv(got, N, MPI.INT, 0);
            report(rank, "scatterv in place", block(got, 0, rank * N, 1));
        }

        if (rank == 0) {
            int[] root = new int[N * size];
            fill(root, 0, 0);
            w.gatherv(root, counts, displs, MPI.INT, 0);
            boolean ok = true;
            for (int r = 0; r < size; r++) {
                ok &= block(root, r * N, 1_000_000 * r, 1);
            }
            report(rank, "gatherv in place", ok);
        } else {
            int[] send = new int[N];
            fill(send, 0, 1_000_000 * rank);
            w.gatherv(send, N, MPI.INT, 0);
            report(rank, "gatherv in place", true);
        }

        int[] gathered = new int[N * size];
        fill(gathered, rank * N, 2_000_000 * rank);
        w.allGatherv(gathered, counts, displs, MPI.INT);
        boolean ok = true;
        for (int r = 0; r < size; r++) {
            ok &= block(gathered, r * N, 2_000_000 * r, 1);
        }
        report(rank, "allGatherv in place", ok);

        // block d of rank s's send buffer goes to rank d: value s*10^7 + d*N + k
        int[] send = new int[N * size];
        for (int d = 0; d < size; d++) {
            fill(send, d * N, 10_000_000 * rank + d * N);
        }
        int[] recv = new int[N * size];
        w.allToAllv(send, counts, displs, MPI.INT, recv, counts, displs, MPI.INT);
        ok = true;
        for (int s = 0; s < size; s++) {
            ok &= block(recv, s * N, 10_000_000 * s + rank * N, 1);
        }
        report(rank, "allToAllv", ok);

        // a line (not periodic: with two processes a periodic ring makes one process both
        // neighbours, and which of its two blocks lands where differs between MPI libraries);
        // an end's PROC_NULL neighbour sends nothing and its block keeps its -7s
        CartComm line = w.createCart(new int[] {size}, new boolean[] {false}, false);
        int[] two = {N, N};
        int[] at = {0, N};
        int[] out = new int[2 * N];
        fill(out, 0, 20_000_000 * rank); // to the left neighbour
        fill(out, N, 30_000_000 * rank); // to the right one
        int[] in = new int[2 * N];
        java.util.Arrays.fill(in, -7);
        line.neighborAllToAllv(out, two, at, MPI.INT, in, two, at, MPI.INT);
        // from the left neighbour: what it sent to its right; from the right one: what it sent to its left
        boolean fromLeft = rank == 0 ? block(in, 0, -7, 0) : block(in, 0, 30_000_000 * (rank - 1), 1);
        boolean fromRight = rank == size - 1 ? block(in, N, -7, 0) : block(in, N, 20_000_000 * (rank + 1), 1);
        report(rank, "neighborAllToAllv", fromLeft && fromRight);
        line.free();

        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /** Block of N ints at {@code at}: first, first+1, ... */
    static void fill(int[] a, int at, int first) {
        for (int k = 0; k < N; k++) {
            a[at + k] = first + k;
        }
    }

    static boolean block(int[] a, int at, int first, int step) {
        for (int k = 0; k < N; k++) {
            if (a[at + k] != first + step * k) {
                return false;
            }
        }
        return true;
    }

    static boolean same(int[] a, int[] b) {
        return java.util.Arrays.equals(a, b);
    }

    static void report(int rank, String what, boolean ok) {
        System.out.println((ok ? "OK" : "WRONG") + " rank " + rank + " " + what + " of " + N + " ints per process");
    }

    private LargeVArrays() {
    }
}
