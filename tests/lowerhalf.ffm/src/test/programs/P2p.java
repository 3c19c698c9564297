import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.nio.DoubleBuffer;
import java.util.Arrays;
import mpi.*;

/** Point-to-point on every primitive array type and on direct buffers; statuses. 2+ ranks. */
public class P2p {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        int rank = MPI.COMM_WORLD.getRank();
        MPI.Finalize();
        System.out.println("rank " + rank + ": finalized " + MPI.isFinalized());
    }

    /** A status by the names of PROC_NULL and ANY_TAG (their values differ between Open MPI and MPICH). */
    static String procNull(Status s) throws MPIException {
        return "source " + (s.getSource() == MPI.PROC_NULL ? "PROC_NULL" : String.valueOf(s.getSource())) + " tag "
                + (s.getTag() == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(s.getTag())) + " count " + s.getCount(MPI.INT)
                + " cancelled " + s.isCancelled();
    }

    /** Everything between Init and Finalize (also run by All, one job for every program). */
    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        int peer = rank == 0 ? 1 : 0;
        if (rank < 2) {
            if (rank == 0) {
                w.send(new int[] {1, 2, 3}, 3, MPI.INT, 1, 10);
                w.send(new double[] {0.5, 1.5}, 2, MPI.DOUBLE, 1, 11);
                w.send(new long[] {Long.MAX_VALUE, -7}, 2, MPI.LONG, 1, 12);
                w.send(new char[] {'h', 'i'}, 2, MPI.CHAR, 1, 13);
                w.send(new boolean[] {true, false, true}, 3, MPI.BOOLEAN, 1, 14);
                w.send(new byte[] {-1, 0, 127}, 3, MPI.BYTE, 1, 15);
                w.send(new short[] {-300, 300}, 2, MPI.SHORT, 1, 16);
                w.send(new float[] {2.25f}, 1, MPI.FLOAT, 1, 17);
                IntBuffer ib = MPI.newIntBuffer(4);
                for (int i = 0; i < 4; i++) ib.put(i, 100 + i);
                w.send(ib, 4, MPI.INT, 1, 18);
            } else {
                int[] i = new int[3];
                Status s = w.recv(i, 3, MPI.INT, 0, 10);
                System.out.println("rank 1: int " + Arrays.toString(i) + " source " + s.getSource() + " tag " + s.getTag()
                        + " count " + s.getCount(MPI.INT) + " elements " + s.getElements(MPI.INT) + " cancelled " + s.isCancelled());
                double[] d = new double[2];
                w.recv(d, 2, MPI.DOUBLE, 0, 11);
                long[] l = new long[2];
                w.recv(l, 2, MPI.LONG, MPI.ANY_SOURCE, MPI.ANY_TAG);
                char[] c = new char[2];
                w.recv(c, 2, MPI.CHAR, 0, 13);
                boolean[] b = new boolean[3];
                w.recv(b, 3, MPI.BOOLEAN, 0, 14);
                byte[] y = new byte[3];
                w.recv(y, 3, MPI.BYTE, 0, 15);
                short[] sh = new short[2];
                w.recv(sh, 2, MPI.SHORT, 0, 16);
                float[] f = new float[1];
                w.recv(f, 1, MPI.FLOAT, 0, 17);
                System.out.println("rank 1: " + Arrays.toString(d) + Arrays.toString(l) + new String(c) + Arrays.toString(b)
                        + Arrays.toString(y) + Arrays.toString(sh) + Arrays.toString(f));
                IntBuffer ib = MPI.newIntBuffer(4);
                Status s2 = w.recv(ib, 4, MPI.INT, 0, 18);
                System.out.println("rank 1: direct " + ib.get(0) + "," + ib.get(3) + " count " + s2.getCount(MPI.INT));
            }
            // sendRecv both ways, with an offset into the array (Java binding: buffer slices)
            int[] out = {rank * 10, rank * 10 + 1};
            int[] in = new int[2];
            Status s = w.sendRecv(out, 2, MPI.INT, peer, 20, in, 2, MPI.INT, peer, 20);
            System.out.println("rank " + rank + ": sendRecv got " + Arrays.toString(in) + " from " + s.getSource());
            // non-blocking on direct buffers, waitAll / testAll / waitFor
            DoubleBuffer sb = MPI.newDoubleBuffer(3);
            DoubleBuffer rb = MPI.newDoubleBuffer(3);
            for (int k = 0; k < 3; k++) sb.put(k, rank + k / 10.0);
            Request r1 = w.iRecv(rb, 3, MPI.DOUBLE, peer, 30);
            Request r2 = w.iSend(sb, 3, MPI.DOUBLE, peer, 30);
            Request.waitAll(new Request[] {r1, r2});
            System.out.println("rank " + rank + ": iRecv " + rb.get(0) + " " + rb.get(2));
            ByteBuffer bb = MPI.newByteBuffer(8);
            Request r3 = w.iRecv(bb, 8, MPI.BYTE, peer, 31);
            ByteBuffer sbb = MPI.newByteBuffer(8);
            sbb.put(0, (byte) (rank + 1));
            w.iSend(sbb, 8, MPI.BYTE, peer, 31).waitFor();
            Status st = r3.waitStatus();
            System.out.println("rank " + rank + ": waitStatus source " + st.getSource() + " tag " + st.getTag() + " byte " + bb.get(0)
                    + " count " + st.getCount(MPI.BYTE));
            // probe / iProbe
            if (rank == 0) {
                w.send(new int[] {5, 6, 7, 8, 9}, 5, MPI.INT, 1, 40);
            } else {
                Status p = w.probe(0, 40);
                int n = p.getCount(MPI.INT);
                int[] got = new int[n];
                w.recv(got, n, MPI.INT, 0, 40);
                System.out.println("rank 1: probed " + n + " ints " + Arrays.toString(got));
                System.out.println("rank 1: iProbe with nothing pending " + (w.iProbe(0, 41) == null));
            }
            // persistent requests
            IntBuffer pb = MPI.newIntBuffer(1);
            Prequest pr = rank == 0 ? w.sendInit(pb, 1, MPI.INT, 1, 50) : w.recvInit(pb, 1, MPI.INT, 0, 50);
            for (int round = 0; round < 3; round++) {
                if (rank == 0) pb.put(0, round * 7);
                pr.start();
                pr.waitFor();
                if (rank == 1) System.out.println("rank 1: persistent round " + round + " got " + pb.get(0));
            }
            pr.free();
        }
        // a receive from PROC_NULL completes at once with source PROC_NULL, tag ANY_TAG, count 0
        // (MPI 3.11, as Open MPI reports it; MPICH 4.0.2 itself says source 0, tag 0)
        Status np = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 3).waitStatus();
        Status[] nps = Request.waitAllStatus(new Request[] {w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 4),
                w.iRecv(MPI.newIntBuffer(2), 2, MPI.INT, MPI.PROC_NULL, 5)});
        Status nt = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 6).testStatus();
        System.out.println("rank " + rank + ": iRecv from PROC_NULL: waitStatus " + procNull(np) + ", waitAllStatus "
                + procNull(nps[0]) + " / " + procNull(nps[1]) + ", testStatus " + (nt == null ? "null" : procNull(nt)));
        w.barrier();
        // no active request: the index is MPI_UNDEFINED (the FFM status had 0 here)
        Request[] none = {MPI.REQUEST_NULL, MPI.REQUEST_NULL};
        Status anyW = Request.waitAnyStatus(none);
        Status anyT = Request.testAnyStatus(new Request[0]);
        System.out.println("rank " + rank + ": waitAnyStatus/testAnyStatus over no active request: index UNDEFINED "
                + (anyW.getIndex() == MPI.UNDEFINED) + "/" + (anyT != null && anyT.getIndex() == MPI.UNDEFINED)
                + ", waitAny " + (Request.waitAny(none) == MPI.UNDEFINED));
        System.out.println("rank " + rank + ": done, wtick positive " + (MPI.wtick() > 0) + ", initialized " + MPI.isInitialized());
    }
}
