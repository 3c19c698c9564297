package mana.conformance.coll;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;

/**
 * One non-commutative user op (2x2 matrix product) reused across different collectives and
 * call forms, several rounds: allReduce from arrays and from direct buffers, in place, reduce,
 * scan, exScan, reduceScatterBlock and reduceLocal. Open MPI's binding binds a user op's MPI_Op
 * to the call that first used it, so this program makes the raw binding call a wrong object
 * (NullPointerException) or crash; through MANA every result must equal the product computed
 * here. Prints "OK name" on rank 0; a mismatch prints FAIL and exits 1.
 */
public final class UserOpReuse {
    static int rank;
    static int size;
    static int calls;

    /** inOut = in x inOut for each 2x2 matrix (MPI: the lower ranks' operand comes first). */
    static final class MatMul extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
            calls++;
            double[] a = new double[4];
            double[] b = new double[4];
            for (int m = 0; m < count; m++) {
                for (int k = 0; k < 4; k++) {
                    a[k] = in.getDouble((4 * m + k) * 8);
                    b[k] = inOut.getDouble((4 * m + k) * 8);
                }
                double[] p = mul(a, b);
                for (int k = 0; k < 4; k++) {
                    inOut.putDouble((4 * m + k) * 8, p[k]);
                }
            }
        }
    }

    static double[] mul(double[] a, double[] b) {
        return new double[] {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }

    /** Matrix {@code m} of rank {@code r} in round {@code round}: non-commuting for different ranks. */
    static double[] matrix(int r, int m, int round) {
        return new double[] {r + 1 + round, 1, m + 1, r % 2};
    }

    static double[] mine(int count, int round, int rankOfData) {
        double[] d = new double[4 * count];
        for (int m = 0; m < count; m++) {
            System.arraycopy(matrix(rankOfData, m, round), 0, d, 4 * m, 4);
        }
        return d;
    }

    /** Product over ranks first..last (inclusive) of their matrices, per matrix index. */
    static double[] product(int count, int round, int first, int last, int blockOffset) {
        double[] out = new double[4 * count];
        for (int m = 0; m < count; m++) {
            double[] p = matrix(first, m + blockOffset, round);
            for (int r = first + 1; r <= last; r++) {
                p = mul(p, matrix(r, m + blockOffset, round));
            }
            System.arraycopy(p, 0, out, 4 * m, 4);
        }
        return out;
    }

    static void check(String name, double[] expected, double[] actual) {
        if (!Arrays.equals(expected, actual)) {
            System.out.println("FAIL " + name + " (rank " + rank + "): expected " + Arrays.toString(expected)
                    + " got " + Arrays.toString(actual));
            System.out.flush();
            System.exit(1);
        }
        if (rank == 0) {
            System.out.println("OK " + name);
        }
    }

    static double[] get(DoubleBuffer b) {
        double[] d = new double[b.capacity()];
        b.get(0, d);
        return d;
    }

    static DoubleBuffer direct(double[] d) {
        DoubleBuffer b = MPI.newDoubleBuffer(d.length);
        b.put(0, d);
        return b;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        size = w.getSize();
        Datatype mat = Datatype.createContiguous(4, MPI.DOUBLE);
        mat.commit();
        Op op = new Op(new MatMul(), false);
        int count = 2;
        for (int round = 0; round < 3; round++) {
            String n = " round " + round;
            double[] all = product(count, round, 0, size - 1, 0);
            double[] recv = new double[4 * count];
            w.allReduce(mine(count, round, rank), recv, count, mat, op);
            check("allReduce arrays" + n, all, recv);

            DoubleBuffer d = MPI.newDoubleBuffer(4 * count);
            w.allReduce(direct(mine(count, round, rank)), d, count, mat, op);
            check("allReduce direct" + n, all, get(d));

            DoubleBuffer ip = direct(mine(count, round, rank));
            w.allReduce(ip, count, mat, op);
            check("allReduce in place direct" + n, all, get(ip));

            double[] r = new double[4 * count];
            w.reduce(mine(count, round, rank), r, count, mat, op, size - 1);
            if (rank == size - 1) {
                check("reduce" + n, all, r);
            }

            double[] s = new double[4 * count];
            w.scan(mine(count, round, rank), s, count, mat, op);
            check("scan" + n, product(count, round, 0, rank, 0), s);

            double[] x = new double[4 * count];
            w.exScan(mine(count, round, rank), x, count, mat, op);
            if (rank > 0) {
                check("exScan" + n, product(count, round, 0, rank - 1, 0), x);
            }

            // each rank contributes size blocks of one matrix; rank r gets the product of blocks r
            double[] blocks = new double[4 * size];
            for (int b = 0; b < size; b++) {
                System.arraycopy(matrix(rank, b, round), 0, blocks, 4 * b, 4);
            }
            DoubleBuffer rs = MPI.newDoubleBuffer(4);
            w.reduceScatterBlock(direct(blocks), rs, 1, mat, op);
            check("reduceScatterBlock" + n, product(1, round, 0, size - 1, rank), get(rs));

            double[] in = matrix(0, 0, round);
            double[] inOut = matrix(1, 0, round);
            mpi.Comm.reduceLocal(in, inOut, 1, mat, op);
            check("reduceLocal" + n, mul(matrix(0, 0, round), matrix(1, 0, round)), inOut);
        }
        if (calls == 0 && size > 1) {
            check("the user function ran", new double[] {1}, new double[] {0});
        }
        op.free();
        mat.free();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
