import java.nio.DoubleBuffer;
import java.util.Arrays;
import mpi.*;

/**
 * Large blocking messages from and into Java arrays (the FFM lower half's in-place path,
 * FfmInPlace: Mprobe + critical Mrecv into the array, bSend from the array; from 8 KiB):
 * shorter messages than the buffer, heap buffers with a position, ANY_SOURCE/ANY_TAG, a
 * contiguous derived type (in place) and a vector (copied: its gaps keep their values), a
 * truncated receive, bSend, sSend, mProbe/mRecv. Output compared with the JNI binding. 2+ ranks.
 */
public class InPlace {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) s = s * 31 + a[i];
        return s;
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        if (rank == 0) {
            int[] a = new int[5000];
            for (int i = 0; i < a.length; i++) a[i] = i * 7;
            w.send(a, 5000, MPI.INT, 1, 1);
            double[] d = new double[5000];
            for (int i = 0; i < d.length; i++) d[i] = i * 0.5;
            w.send(DoubleBuffer.wrap(d).position(100), 4096, MPI.DOUBLE, 1, 2);
            byte[] b = new byte[1 << 20];
            for (int i = 0; i < b.length; i++) b[i] = (byte) (i * 13);
            w.send(b, b.length, MPI.BYTE, 1, 3);
            Datatype four = Datatype.createContiguous(4, MPI.INT);
            four.commit();
            int[] c = new int[12000];
            for (int i = 0; i < c.length; i++) c[i] = -i;
            w.send(c, 3000, four, 1, 4);
            four.free();
            int[] v = new int[4000];
            for (int i = 0; i < v.length; i++) v[i] = i;
            w.send(v, 2000, MPI.INT, 1, 5);
            w.send(new int[10000], 10000, MPI.INT, 1, 6); // truncated at the receiver
            MPI.attachBuffer(new byte[1 << 21]);
            int[] bs = new int[100000];
            Arrays.fill(bs, 42);
            bs[99999] = 43;
            w.bSend(bs, 100000, MPI.INT, 1, 7);
            MPI.detachBuffer();
            long[] l = new long[50000];
            for (int i = 0; i < l.length; i++) l[i] = (long) i << 33;
            w.sSend(l, 50000, MPI.LONG, 1, 8);
            w.send(l, 50000, MPI.LONG, 1, 9);
            boolean[] z = new boolean[20000];
            z[19999] = true;
            w.send(z, 20000, MPI.BOOLEAN, 1, 10);
        } else if (rank == 1) {
            int[] a = new int[6000];
            Arrays.fill(a, -1);
            Status s = w.recv(a, 6000, MPI.INT, 0, 1);
            System.out.println("rank 1: inplace int count " + s.getCount(MPI.INT) + " sum " + sum(Arrays.copyOf(a, 5000))
                    + " a[4999] " + a[4999]);
            double[] d = new double[5000];
            s = w.recv(DoubleBuffer.wrap(d).position(50), 4096, MPI.DOUBLE, 0, 2);
            System.out.println("rank 1: inplace double count " + s.getCount(MPI.DOUBLE) + " d[49] " + d[49] + " d[50] " + d[50]
                    + " d[4145] " + d[4145]);
            byte[] b = new byte[1 << 20];
            s = w.recv(b, b.length, MPI.BYTE, MPI.ANY_SOURCE, MPI.ANY_TAG);
            long bsum = 0;
            for (byte x : b) bsum = bsum * 31 + x;
            System.out.println("rank 1: inplace byte source " + s.getSource() + " tag " + s.getTag() + " count "
                    + s.getCount(MPI.BYTE) + " sum " + bsum);
            Datatype four = Datatype.createContiguous(4, MPI.INT);
            four.commit();
            int[] c = new int[12000];
            s = w.recv(c, 3000, four, 0, 4);
            System.out.println("rank 1: inplace contiguous count " + s.getCount(four) + " sum " + sum(c));
            four.free();
            Datatype vec = Datatype.createVector(2000, 1, 2, MPI.INT);
            vec.commit();
            int[] v = new int[4000];
            Arrays.fill(v, -5);
            s = w.recv(v, 1, vec, 0, 5);
            System.out.println("rank 1: inplace vector count " + s.getCount(vec) + " v[0..4] " + v[0] + " " + v[1] + " "
                    + v[2] + " " + v[3] + " v[3998] " + v[3998] + " v[3999] " + v[3999]);
            vec.free();
            w.setErrhandler(MPI.ERRORS_RETURN);
            try {
                w.recv(new int[5000], 5000, MPI.INT, 0, 6);
                System.out.println("rank 1: inplace truncated: no error");
            } catch (MPIException e) {
                System.out.println("rank 1: inplace truncated -> " + (e.getErrorClass() == MPI.ERR_TRUNCATE ? "ERR_TRUNCATE"
                        : "class " + e.getErrorClass()));
            }
            w.setErrhandler(MPI.ERRORS_ARE_FATAL);
            int[] bs = new int[100000];
            s = w.recv(bs, 100000, MPI.INT, 0, 7);
            System.out.println("rank 1: inplace bSend count " + s.getCount(MPI.INT) + " bs[0] " + bs[0] + " bs[99999] " + bs[99999]);
            long[] l = new long[50000];
            s = w.recv(l, 50000, MPI.LONG, 0, 8);
            System.out.println("rank 1: inplace sSend count " + s.getCount(MPI.LONG) + " l[49999] " + l[49999]);
            Message m = new Message();
            s = m.mProbe(0, 9, w);
            long[] l2 = new long[50000];
            s = m.mRecv(l2, 50000, MPI.LONG);
            System.out.println("rank 1: inplace mRecv count " + s.getCount(MPI.LONG) + " equal " + Arrays.equals(l, l2)
                    + " null " + m.isNull());
            boolean[] z = new boolean[20000];
            s = w.recv(z, 20000, MPI.BOOLEAN, 0, 10);
            System.out.println("rank 1: inplace boolean count " + s.getCount(MPI.BOOLEAN) + " z[19999] " + z[19999]);
        }
    }
}
