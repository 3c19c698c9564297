import java.util.Arrays;
import mpi.*;

/** Attributes, iDup, reduceScatter, buffered sends, matched probe/receive, intercommunicators. 4 ranks. */
public class More {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    /** Everything between Init and Finalize (also run by All, one job for every program). */
    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        String me = "rank " + rank + ": ";
        Object tagUb = w.getAttr(MPI.TAG_UB);
        System.out.println(me + "TAG_UB at least 32767: " + (tagUb instanceof Integer t && t >= 32767)
                + ", WTIME_IS_GLOBAL is a boolean: " + (w.getAttr(MPI.WTIME_IS_GLOBAL) instanceof Boolean));
        int key = Comm.createKeyval();
        w.setAttr(key, "value of " + rank);
        Intracomm dup = w.dup();
        System.out.println(me + "attribute " + w.getAttr(key) + ", copied to the dup: " + dup.getAttr(key));
        w.deleteAttr(key);
        System.out.println(me + "deleted: " + w.getAttr(key));
        dup.free();
        Comm.freeKeyval(key);
        int tkey = Datatype.createKeyval();
        Datatype t = MPI.INT.dup();
        t.setAttr(tkey, Integer.valueOf(40 + rank));
        System.out.println(me + "type attribute " + t.getAttr(tkey));
        t.free();
        Datatype.freeKeyval(tkey);
        Intracomm idup = w.iDup();
        idup.getRequest().waitFor();
        System.out.println(me + "iDup size " + idup.getSize());
        idup.free();
        // Comm.TYPE_SHARED is the Java API's 0, Open MPI's MPI_COMM_TYPE_SHARED (MPICH's is 1): one node, every rank
        Intracomm shared = w.splitType(Comm.TYPE_SHARED, rank, MPI.INFO_NULL);
        System.out.println(me + "splitType TYPE_SHARED size " + shared.getSize() + " rank " + shared.getRank());
        shared.free();
        // reduceScatter: rank i gets i+1 sums
        int[] counts = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) { counts[i] = i + 1; total += i + 1; }
        int[] send = new int[total];
        for (int i = 0; i < total; i++) send[i] = i * (rank + 1);
        int[] recv = new int[rank + 1];
        w.reduceScatter(send, recv, counts, MPI.INT, MPI.SUM);
        System.out.println(me + "reduceScatter " + Arrays.toString(recv));
        // buffered send around a ring
        MPI.attachBuffer(new byte[1024 + MPI.BSEND_OVERHEAD * 2]);
        w.bSend(new int[] {rank * 11}, 1, MPI.INT, (rank + 1) % size, 5);
        int[] got = new int[1];
        w.recv(got, 1, MPI.INT, (rank + size - 1) % size, 5);
        byte[] detached = MPI.detachBuffer();
        System.out.println(me + "bSend got " + got[0] + ", detached " + (detached != null));
        // matched probe / receive
        w.send(new double[] {rank + 0.25, rank + 0.5}, 2, MPI.DOUBLE, (rank + 1) % size, 6);
        Message m = new Message();
        Status st = m.mProbe(MPI.ANY_SOURCE, 6, w);
        double[] d = new double[st.getCount(MPI.DOUBLE)];
        m.mRecv(d, d.length, MPI.DOUBLE);
        System.out.println(me + "mProbe/mRecv " + Arrays.toString(d) + " from " + st.getSource() + ", message null after: " + m.isNull());
        // intercommunicator between even and odd ranks
        Intracomm half = w.split(rank % 2, rank);
        Intercomm inter = w.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 7);
        Intracomm merged = inter.merge(rank % 2 == 1);
        System.out.println(me + "intercomm remote size " + inter.getRemoteSize() + " remote group size "
                + inter.getRemoteGroup().getSize() + " inter " + inter.isInter() + ", merged rank " + merged.getRank());
        merged.free();
        inter.free();
        half.free();
        System.out.println(me + "parent is null: " + Intercomm.getParent().isNull());
    }
}
