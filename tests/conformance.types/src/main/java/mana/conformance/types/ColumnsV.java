package mana.conformance.types;

import java.util.Arrays;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The v-collectives on a matrix in an {@code int[]} by columns (a vector of one int per row,
 * resized to one int): rank 0 owns columns 0..1, rank 1 the rest. A column's data reach far
 * past its extent; the FFM lower half sized its native copy of a v-region by extents alone, so
 * MPI read and wrote past it (scatterv sent zeros, gatherv lost rows, allGatherv killed the
 * JVM). Prints "OK rank R call: bad B" (elements that came out wrong), then "DONE". Two ranks.
 */
public final class ColumnsV {
    static final int N = 64;
    static int rank;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        rank = w.getRank();
        Datatype column = Datatype.createResized(Datatype.createVector(N, 1, N, MPI.INT), 0, 4);
        column.commit();
        int[] counts = {2, N - 2};
        int[] displs = {0, 2};
        int first = rank == 0 ? 0 : 2;
        int mine = counts[rank];

        int[] got = new int[mine * N];
        w.scatterv(rank == 0 ? matrix() : null, counts, displs, column, got, mine * N, MPI.INT, 0);
        report("scatterv", columnsBad(got, first));

        int[] m = new int[N * N];
        Arrays.fill(m, -1);
        w.gatherv(columns(first, mine), mine * N, MPI.INT, m, counts, displs, column, 0);
        if (rank == 0) {
            report("gatherv", matrixBad(m));
        }

        m = new int[N * N];
        Arrays.fill(m, -1);
        w.allGatherv(columns(first, mine), mine * N, MPI.INT, m, counts, displs, column);
        report("allGatherv", matrixBad(m));

        System.gc();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /** Element (row, c) = row * N + c. */
    static int[] matrix() {
        int[] m = new int[N * N];
        for (int i = 0; i < m.length; i++) {
            m[i] = i;
        }
        return m;
    }

    /** Columns first.. of the matrix, one after the other. */
    static int[] columns(int first, int count) {
        int[] c = new int[count * N];
        for (int j = 0; j < count; j++) {
            for (int row = 0; row < N; row++) {
                c[j * N + row] = row * N + first + j;
            }
        }
        return c;
    }

    static int columnsBad(int[] got, int first) {
        int[] want = columns(first, got.length / N);
        int bad = 0;
        for (int i = 0; i < want.length; i++) {
            bad += got[i] != want[i] ? 1 : 0;
        }
        return bad;
    }

    static int matrixBad(int[] m) {
        int bad = 0;
        for (int i = 0; i < m.length; i++) {
            bad += m[i] != i ? 1 : 0;
        }
        return bad;
    }

    static void report(String call, int bad) {
        System.out.println("OK rank " + rank + " " + call + ": bad " + bad);
    }
}
