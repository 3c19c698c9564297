package mana.conformance.types;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.DoubleInt;
import mpi.Int2;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;

/**
 * User-defined operations (a non-commutative 2x2 matrix product, both UserFunction.call forms)
 * through allReduce and reduce with arrays and direct buffers, and MINLOC/MAXLOC with the
 * pair types. Results are checked against a product computed here and printed as VAL lines.
 */
public final class Ops {
    static int rank;
    static int size;
    static Datatype mat;
    static volatile boolean sawAppType = true;
    static volatile int calls;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        mat = Datatype.createContiguous(4, MPI.DOUBLE);
        mat.commit();

        matrices("arrays form", MatMul::new);
        matrices("ByteBuffer form", MatMulBuffers::new);
        pairs();
        opQueries();

        mat.free();
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void check(String name, boolean cond, String details) {
        if (!cond) {
            System.out.println("FAIL " + name + " (rank " + rank + "): " + details);
            System.out.flush();
            System.exit(1);
        }
    }

    static void ok(String name) {
        if (rank == 0) {
            System.out.println("OK " + name);
        }
    }

    /** out = a x b for 2x2 matrices stored row-major at offsets. */
    static void mul(double[] a, int ao, double[] b, int bo, double[] out, int oo) {
        double p = a[ao] * b[bo] + a[ao + 1] * b[bo + 2];
        double q = a[ao] * b[bo + 1] + a[ao + 1] * b[bo + 3];
        double r = a[ao + 2] * b[bo] + a[ao + 3] * b[bo + 2];
        double s = a[ao + 2] * b[bo + 1] + a[ao + 3] * b[bo + 3];
        out[oo] = p;
        out[oo + 1] = q;
        out[oo + 2] = r;
        out[oo + 3] = s;
    }

    /** MPI: inout = in op inout, in from the lower ranks. */
    static final class MatMul extends UserFunction {
        @Override
        public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
            calls++;
            if (datatype != mat) {
                sawAppType = false;
            }
            double[] in = (double[]) inVec;
            double[] io = (double[]) inOutVec;
            for (int i = 0; i < count; i++) {
                mul(in, 4 * i, io, 4 * i, io, 4 * i);
            }
        }
    }

    static final class MatMulBuffers extends UserFunction {
        @Override
        public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
            calls++;
            if (datatype != mat) {
                sawAppType = false;
            }
            double[] a = new double[4];
            double[] b = new double[4];
            for (int i = 0; i < count; i++) {
                for (int k = 0; k < 4; k++) {
                    a[k] = in.getDouble((4 * i + k) * 8);
                    b[k] = inOut.getDouble((4 * i + k) * 8);
                }
                mul(a, 0, b, 0, b, 0);
                for (int k = 0; k < 4; k++) {
                    inOut.putDouble((4 * i + k) * 8, b[k]);
                }
            }
        }
    }

    /** Two matrices per rank: [[r+1,1],[1,0]] and [[1,r],[2,1]]. */
    static double[] mine(int r) {
        return new double[] {r + 1, 1, 1, 0, 1, r, 2, 1};
    }

    static double[] reference() {
        double[] p = mine(0);
        for (int r = 1; r < size; r++) {
            double[] m = mine(r);
            mul(p, 0, m, 0, p, 0);
            mul(p, 4, m, 4, p, 4);
        }
        return p;
    }

    /**
     * One op per native call form: Open MPI's binding keeps the JNI reference to the Op object
     * from the call that first used it, so using the same user op with another collective (say
     * allReduce then in-place allReduce) makes it call back a wrong object (NullPointerException
     * in mpi.Op.call, or a crash). Each op here is used with one form only.
     */
    static void matrices(String form, java.util.function.Supplier<UserFunction> fn) throws MPIException {
        Op op = new Op(fn.get(), false);
        Op inPlaceOp = new Op(fn.get(), false);
        Op reduceOp = new Op(fn.get(), false);
        double[] ref = reference();
        check("user op is not commutative", !op.isCommutative(), "");
        if (rank == 0) {
            System.out.println("VAL user op isNull before use=" + op.isNull()); // Open MPI: true until a reduction makes the MPI_Op
        }
        calls = 0;
        double[] recv = new double[8];
        MPI.COMM_WORLD.allReduce(mine(rank), recv, 2, mat, op);
        check("matrix product allReduce " + form, Arrays.equals(ref, recv), Arrays.toString(recv));
        ok("matrix product allReduce " + form);
        if (rank == 0) {
            System.out.println("VAL product " + form + " " + Arrays.toString(recv));
        }

        DoubleBuffer s = MPI.newDoubleBuffer(8);
        DoubleBuffer d = MPI.newDoubleBuffer(8);
        s.put(mine(rank)).clear();
        MPI.COMM_WORLD.allReduce(s, d, 2, mat, op);
        double[] got = new double[8];
        d.clear();
        d.get(got);
        check("matrix product allReduce direct " + form, Arrays.equals(ref, got), Arrays.toString(got));
        ok("matrix product allReduce direct " + form);

        // In place from a direct buffer. (In place from an array, Open MPI's binding itself returns
        // wrong data with a user op or crashes, so that form is not compared.)
        DoubleBuffer ip = MPI.newDoubleBuffer(8);
        ip.put(mine(rank)).clear();
        MPI.COMM_WORLD.allReduce(ip, 2, mat, inPlaceOp);
        double[] inPlace = new double[8];
        ip.clear();
        ip.get(inPlace);
        check("matrix product allReduce in place " + form, Arrays.equals(ref, inPlace), Arrays.toString(inPlace));
        ok("matrix product allReduce in place direct " + form);

        int root = size - 1;
        double[] r = new double[8];
        MPI.COMM_WORLD.reduce(mine(rank), r, 2, mat, reduceOp, root);
        if (rank == root) {
            check("matrix product reduce " + form, Arrays.equals(ref, r), Arrays.toString(r));
        }
        ok("matrix product reduce " + form);

        check("callbacks ran", size == 1 || calls > 0, "no callback on rank " + rank);
        check("callback got the application's Datatype object", sawAppType, "");
        ok("callback datatype " + form);
        op.free();
        inPlaceOp.free();
        reduceOp.free();
        check("freed op is null", op.isNull(), "");
        ok("freed op is null " + form);
    }

    static void pairs() throws MPIException {
        Int2 int2 = MPI.int2;
        int ext = int2.getExtent();
        ByteBuffer in = MPI.newByteBuffer(2 * ext);
        ByteBuffer out = MPI.newByteBuffer(2 * ext);
        for (int i = 0; i < 2; i++) {
            Int2.Data d = int2.getData(in, i);
            d.putValue(((rank + 1) * (i == 0 ? 7 : 3)) % 5); // 7,14,21,28 %5 = 2,4,1,3 ; 3,6,9,12 %5 = 3,1,4,2
            d.putIndex(rank);
        }
        MPI.COMM_WORLD.allReduce(in, out, 2, MPI.INT2, MPI.MINLOC);
        int[] minv = new int[2];
        int[] mini = new int[2];
        for (int i = 0; i < 2; i++) {
            minv[i] = Integer.MAX_VALUE;
            for (int r = 0; r < size; r++) {
                int v = ((r + 1) * (i == 0 ? 7 : 3)) % 5;
                if (v < minv[i]) {
                    minv[i] = v;
                    mini[i] = r;
                }
            }
            Int2.Data d = int2.getData(out, i);
            check("MINLOC INT2 item " + i, d.getValue() == minv[i] && d.getIndex() == mini[i],
                    d.getValue() + "@" + d.getIndex() + " want " + minv[i] + "@" + mini[i]);
        }
        ok("MINLOC INT2 direct buffers");

        byte[] ia = new byte[2 * ext];
        byte[] oa = new byte[2 * ext];
        for (int i = 0; i < 2; i++) {
            Int2.Data d = int2.getData(ia, i);
            d.putValue(((rank + 1) * (i == 0 ? 7 : 3)) % 5);
            d.putIndex(rank);
        }
        MPI.COMM_WORLD.allReduce(ia, oa, 2, MPI.INT2, MPI.MAXLOC);
        for (int i = 0; i < 2; i++) {
            int maxv = Integer.MIN_VALUE;
            int maxi = 0;
            for (int r = 0; r < size; r++) {
                int v = ((r + 1) * (i == 0 ? 7 : 3)) % 5;
                if (v > maxv) {
                    maxv = v;
                    maxi = r;
                }
            }
            Int2.Data d = int2.getData(oa, i);
            check("MAXLOC INT2 item " + i, d.getValue() == maxv && d.getIndex() == maxi,
                    d.getValue() + "@" + d.getIndex() + " want " + maxv + "@" + maxi);
        }
        ok("MAXLOC INT2 byte arrays");

        DoubleInt di = MPI.doubleInt;
        int dext = di.getExtent();
        ByteBuffer din = MPI.newByteBuffer(dext);
        ByteBuffer dout = MPI.newByteBuffer(dext);
        DoubleInt.Data dd = di.getData(din);
        dd.putValue(Math.sin(rank + 0.5));
        dd.putIndex(10 * rank);
        MPI.COMM_WORLD.allReduce(din, dout, 1, MPI.DOUBLE_INT, MPI.MAXLOC);
        double best = -2;
        int at = -1;
        for (int r = 0; r < size; r++) {
            if (Math.sin(r + 0.5) > best) {
                best = Math.sin(r + 0.5);
                at = 10 * r;
            }
        }
        DoubleInt.Data res = di.getData(dout);
        check("MAXLOC DOUBLE_INT", res.getValue() == best && res.getIndex() == at, res.getValue() + "@" + res.getIndex());
        ok("MAXLOC DOUBLE_INT");
        MPI.COMM_WORLD.allReduce(din, dout, 1, MPI.DOUBLE_INT, MPI.MINLOC);
        if (rank == 0) {
            DoubleInt.Data m = di.getData(dout);
            System.out.println("VAL MINLOC DOUBLE_INT " + m.getValue() + "@" + m.getIndex());
        }
    }

    static void opQueries() throws MPIException {
        if (rank == 0) {
            System.out.println("VAL SUM commutative=" + MPI.SUM.isCommutative() + " isNull=" + MPI.SUM.isNull());
        }
        Op sum = new Op(new UserFunction() {
            @Override
            public void call(Object a, Object b, int count, Datatype t) {
                int[] x = (int[]) a;
                int[] y = (int[]) b;
                for (int i = 0; i < x.length; i++) {
                    y[i] += x[i];
                }
            }
        }, true);
        check("commutative user op", sum.isCommutative(), "");
        int[] v = {rank, 1};
        int[] w = new int[2];
        MPI.COMM_WORLD.allReduce(v, w, 2, MPI.INT, sum);
        check("user sum on INT", w[0] == size * (size - 1) / 2 && w[1] == size, Arrays.toString(w));
        ok("user sum on INT");
        sum.free();
        if (rank == 0) {
            System.out.println("VAL freed user op isNull=" + sum.isNull());
        }
    }
}
