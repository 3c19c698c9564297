package mana.conformance.types;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * A matrix in an {@code int[]} moved by columns: a vector of one int per row, resized to one
 * int's extent, so that element j of the type is column j. Its elements reach far past
 * {@code count * extent} bytes, the native copy Open MPI's Java binding makes of an array
 * (the JVM dies of a corrupted native heap, raw). Every call transposes an N x N matrix (or
 * each process's block of columns) and prints "OK rank R call: bad B" with the number of
 * elements that came out wrong, then "DONE" after a garbage collection.
 */
public final class ColumnTypes {
    static final int N = 300;
    static int rank;
    static int size;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        rank = w.getRank();
        size = w.getSize();
        Datatype column = Datatype.createResized(Datatype.createVector(N, 1, N, MPI.INT), 0, 4);
        column.commit();
        int peer = (rank + 1) % size;
        int from = (rank + size - 1) % size;

        int[] got = new int[N * N];
        w.sendRecv(matrix(rank), N, column, peer, 1, got, N * N, MPI.INT, from, 1);
        report("sendRecv", transposedBad(got, from));

        if (rank == 0) {
            w.send(matrix(0), N, column, 1, 2);
        }
        if (rank == 1) {
            got = new int[N * N];
            w.recv(got, N * N, MPI.INT, 0, 2);
            report("send", transposedBad(got, 0));
        }

        got = matrix(rank);
        w.sendRecvReplace(got, N, column, peer, 3, from, 3);
        report("sendRecvReplace", sameBad(got, matrix(from))); // sent and received by columns: as it was

        got = rank == 0 ? matrix(0) : new int[N * N];
        w.bcast(got, N, column, 0);
        report("bcast", sameBad(got, matrix(0)));

        int[] all = new int[N * N * size];
        w.gather(matrix(rank), N, column, all, N * N, MPI.INT, 0);
        if (rank == 0) {
            int bad = 0;
            for (int r = 0; r < size; r++) {
                bad += transposedBad(java.util.Arrays.copyOfRange(all, r * N * N, (r + 1) * N * N), r);
            }
            report("gather", bad);
        }

        all = new int[N * N * size];
        w.allGather(matrix(rank), N, column, all, N * N, MPI.INT);
        int bad = 0;
        for (int r = 0; r < size; r++) {
            bad += transposedBad(java.util.Arrays.copyOfRange(all, r * N * N, (r + 1) * N * N), r);
        }
        report("allGather", bad);

        // N columns per process: the root's matrix is N rows of N * size ints
        Datatype wide = Datatype.createResized(Datatype.createVector(N, 1, N * size, MPI.INT), 0, 4);
        wide.commit();
        int[] block = new int[N * N];
        w.scatter(rank == 0 ? wideMatrix() : null, N, wide, block, N * N, MPI.INT, 0);
        report("scatter", columnsBad(block, rank * N));

        block = new int[N * N];
        int[] mine = new int[N * N * size];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = 7 * rank + i;
        }
        int[] in = new int[N * N * size];
        w.allToAll(mine, N, wide, in, N * N, MPI.INT);
        bad = 0;
        for (int r = 0; r < size; r++) { // from r: its columns rank*N.., each N ints
            for (int c = 0; c < N; c++) {
                for (int row = 0; row < N; row++) {
                    bad += in[r * N * N + c * N + row] != 7 * r + row * N * size + rank * N + c ? 1 : 0;
                }
            }
        }
        report("allToAll", bad);

        // in place: each process's block of columns of the wide matrix, the rest -7
        int[] assembled = new int[N * N * size];
        java.util.Arrays.fill(assembled, -7);
        int[] full = wideMatrix();
        for (int row = 0; row < N; row++) {
            System.arraycopy(full, row * N * size + rank * N, assembled, row * N * size + rank * N, N);
        }
        w.allGather(assembled, N, wide);
        report("allGather in place", sameBad(assembled, full));

        // in place at the root: it holds its own columns, the others' arrive (gather) or leave (scatter);
        // elsewhere the buffer starts at the process's first column (gather) or takes N columns (scatter)
        if (rank == 0) {
            int[] rooted = new int[N * N * size];
            java.util.Arrays.fill(rooted, -7);
            for (int row = 0; row < N; row++) {
                System.arraycopy(full, row * N * size, rooted, row * N * size, N);
            }
            w.gather(rooted, N, wide, 0);
            report("gather in place", sameBad(rooted, full));
            int[] source = full.clone();
            w.scatter(source, N, wide, 0);
            report("scatter in place", sameBad(source, full));
        } else {
            w.gather(java.util.Arrays.copyOfRange(full, rank * N, full.length), N, wide, 0);
            int[] columns = new int[N * N * size];
            w.scatter(columns, N, wide, 0);
            int wrong = 0;
            for (int row = 0; row < N; row++) {
                for (int c = 0; c < N; c++) {
                    wrong += columns[row * N * size + c] != full[row * N * size + rank * N + c] ? 1 : 0;
                }
            }
            report("scatter in place", wrong);
        }

        System.gc();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static int[] matrix(int owner) {
        int[] m = new int[N * N];
        for (int i = 0; i < m.length; i++) {
            m[i] = 1_000_000 * owner + i;
        }
        return m;
    }

    /** N rows of N * size ints, element (row, c) = row * N * size + c. */
    static int[] wideMatrix() {
        int[] m = new int[N * N * size];
        for (int i = 0; i < m.length; i++) {
            m[i] = i;
        }
        return m;
    }

    static int columnsBad(int[] block, int firstColumn) {
        int bad = 0;
        for (int c = 0; c < N; c++) {
            for (int row = 0; row < N; row++) {
                bad += block[c * N + row] != row * N * size + firstColumn + c ? 1 : 0;
            }
        }
        return bad;
    }

    /** Elements of got that are not owner's matrix transposed. */
    static int transposedBad(int[] got, int owner) {
        int bad = 0;
        for (int j = 0; j < N; j++) {
            for (int i = 0; i < N; i++) {
                bad += got[j * N + i] != 1_000_000 * owner + i * N + j ? 1 : 0;
            }
        }
        return bad;
    }

    static int sameBad(int[] got, int[] want) {
        int bad = 0;
        for (int i = 0; i < want.length; i++) {
            bad += got[i] != want[i] ? 1 : 0;
        }
        return bad;
    }

    static void report(String call, int bad) {
        System.out.println("OK rank " + rank + " " + call + ": bad " + bad);
    }
}
