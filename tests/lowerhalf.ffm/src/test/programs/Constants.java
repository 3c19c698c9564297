import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.*;

/**
 * The API's int constants by number, and the calls that take or give them, printed as raw
 * numbers: on every lower half they must be Open MPI's (MPICH's own ANY_SOURCE is -2, PROC_NULL
 * -1, ROOT -3, CART 2, ERR_TOPOLOGY 10, LOCK_SHARED 235 ...). 4 ranks.
 */
public class Constants {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        int rank = w.getRank(), size = w.getSize();
        String me = "rank " + rank + ": ";
        if (rank == 0) {
            for (Field f : MPI.class.getFields()) {
                if (f.getType() == int.class && Modifier.isStatic(f.getModifiers())) {
                    System.out.println("MPI." + f.getName() + " = " + f.getInt(null));
                }
            }
        }
        // ANY_SOURCE/ANY_TAG receives: the status names the sender and its tag
        if (rank == 0) {
            int[] from = new int[size - 1];
            for (int i = 1; i < size; i++) {
                Status s = w.recv(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                from[s.getSource() - 1] = s.getTag();
            }
            System.out.println(me + "ANY_SOURCE/ANY_TAG tags by source " + Arrays.toString(from));
            w.barrier(); // every message above has arrived before the one below is sent
            IntBuffer b = MPI.newIntBuffer(1);
            Status s = w.iRecv(b, 1, MPI.INT, MPI.ANY_SOURCE, 77).waitStatus();
            System.out.println(me + "iRecv ANY_SOURCE got " + b.get(0) + " from " + s.getSource() + " tag " + s.getTag());
        } else {
            w.send(new int[] {rank}, 1, MPI.INT, 0, 10 + rank);
            w.barrier();
            if (rank == size - 1) {
                w.send(new int[] {42}, 1, MPI.INT, 0, 77);
            }
        }
        // PROC_NULL: a send goes nowhere, a receive completes at once with source PROC_NULL, tag ANY_TAG
        w.send(new int[] {1}, 1, MPI.INT, MPI.PROC_NULL, 5);
        Status pn = w.recv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 5);
        System.out.println(me + "recv from PROC_NULL: source " + pn.getSource() + " tag " + pn.getTag()
                + " count " + pn.getCount(MPI.INT));
        Status sr = w.sendRecv(new int[] {rank}, 1, MPI.INT, MPI.PROC_NULL, 6, new int[1], 1, MPI.INT, MPI.PROC_NULL, 6);
        System.out.println(me + "sendRecv with PROC_NULL: source " + sr.getSource() + " tag " + sr.getTag());
        // Cartesian shift at the border of a non-periodic grid gives PROC_NULL; topology kinds
        CartComm line = w.createCart(new int[] {size}, new boolean[] {false}, false);
        ShiftParms sh = line.shift(0, 1);
        System.out.println(me + "shift " + sh.getRankSource() + " -> " + sh.getRankDest() + ", topology "
                + line.getTopology() + " (world " + w.getTopology() + ")");
        int[] got = {-7};
        Status ls = line.sendRecv(new int[] {rank}, 1, MPI.INT, sh.getRankDest(), 8, got, 1, MPI.INT, sh.getRankSource(), 8);
        // (from PROC_NULL the buffer is not printed: Open MPI's JNI binding zeroes it, MPI leaves it)
        System.out.println(me + "sendRecv along the line: from " + ls.getSource()
                + (ls.getSource() == MPI.PROC_NULL ? "" : " got " + got[0]));
        // Groups: ranks outside a group are UNDEFINED; PROC_NULL translates to PROC_NULL
        Group all = w.getGroup();
        Group low = all.incl(new int[] {0, 1});
        System.out.println(me + "translateRanks " + Arrays.toString(Group.translateRanks(all, new int[] {0, 1, 2, 3, MPI.PROC_NULL}, low))
                + ", rank in {0,1} " + low.getRank() + ", compare " + Group.compare(all, low) + " " + Group.compare(all, all));
        // Communicator comparison results
        Intracomm dup = w.dup();
        Intracomm reversed = w.split(0, size - rank);
        System.out.println(me + "compare IDENT " + Comm.compare(w, w) + " CONGRUENT " + Comm.compare(w, dup)
                + " SIMILAR " + Comm.compare(w, reversed) + " UNEQUAL " + Comm.compare(w, MPI.COMM_SELF));
        // Error classes from the library
        try {
            w.send(new int[1], 1, MPI.INT, size + 5, 0);
        } catch (MPIException e) {
            System.out.println(me + "send to a rank past the end: class " + e.getErrorClass());
        }
        try {
            w.bcast(new int[1], 1, MPI.INT, size + 5);
        } catch (MPIException e) {
            System.out.println(me + "bcast from a root past the end: class " + e.getErrorClass());
        }
        if (rank < 2) { // a message longer than the receive: ERR_TRUNCATE
            if (rank == 0) {
                w.send(new int[2], 2, MPI.INT, 1, 3);
            } else {
                try {
                    w.recv(new int[1], 1, MPI.INT, 0, 3);
                } catch (MPIException e) {
                    System.out.println(me + "truncated receive: class " + e.getErrorClass());
                }
            }
        }
        try {
            w.send(new int[1], 1, MPI.INT, 0, -5);
        } catch (MPIException e) {
            System.out.println(me + "negative tag: class " + e.getErrorClass());
        }
        // Predefined attributes: keyvals and a rank-valued one
        Object tagUb = w.getAttr(MPI.TAG_UB);
        System.out.println(me + "TAG_UB at least 32767: " + (tagUb instanceof Integer t && t >= 32767)
                + ", HOST " + w.getAttr(MPI.HOST) + ", WTIME_IS_GLOBAL set " + (w.getAttr(MPI.WTIME_IS_GLOBAL) != null));
        // Intercommunicator broadcast: ROOT and PROC_NULL as the root argument
        Intracomm half = w.split(rank % 2, rank);
        Intercomm inter = w.createIntercomm(half, 0, rank % 2 == 0 ? 1 : 0, 99);
        int[] v = {rank % 2 == 0 ? 500 : -1};
        int root = rank % 2 == 1 ? 0 : half.getRank() == 0 ? MPI.ROOT : MPI.PROC_NULL;
        inter.bcast(v, 1, MPI.INT, root);
        System.out.println(me + "intercomm bcast with root " + root + ": " + v[0]);
        // RMA: lock types and asserts
        IntBuffer mem = MPI.newIntBuffer(size);
        Win win = new Win(mem, size, 1, MPI.INFO_NULL, w); // units of buffer elements
        win.fence(MPI.MODE_NOPRECEDE);
        win.fence(MPI.MODE_NOSUCCEED);
        win.lock(MPI.LOCK_SHARED, (rank + 1) % size, MPI.MODE_NOCHECK);
        IntBuffer one = MPI.newIntBuffer(1);
        one.put(0, 1000 + rank);
        win.put(one, 1, MPI.INT, (rank + 1) % size, rank, 1, MPI.INT);
        win.unlock((rank + 1) % size);
        win.lock(MPI.LOCK_EXCLUSIVE, rank, 0);
        win.unlock(rank);
        w.barrier();
        int from = (rank + size - 1) % size;
        System.out.println(me + "window slot " + from + " = " + mem.get(from));
        win.free();
        System.out.println(me + "thread level " + MPI.queryThread());
        MPI.Finalize();
    }
}
