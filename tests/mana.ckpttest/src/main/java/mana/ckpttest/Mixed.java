package mana.ckpttest;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * Every kind of state of {@link Scenario} in one loop, so one checkpoint crosses all of them:
 * messages in flight on a split communicator, ANY_SOURCE receives and probes, a pending iRecv
 * completed by the drain and one re-posted at the restart, a derived datatype whose parent was
 * freed, a user op and persistent requests. Prints "RESULT mixed VALUE" on rank 0.
 * Arguments as for Scenario (MODE is ignored).
 */
public final class Mixed {

    static final class State implements Serializable {
        int iter;
        long acc;
        Intracomm sub;
        Datatype vec;
        Scenario.PlusOne fn;
        Op op;
        LongBuffer pOut = MPI.newLongBuffer(2);
        LongBuffer pIn = MPI.newLongBuffer(2);
        Prequest pSend;
        Prequest pRecv;
        ByteBuffer early = MPI.newByteBuffer(8).order(ByteOrder.nativeOrder());
        LongBuffer late = MPI.newLongBuffer(1);
        Request earlyReq;
        Request lateReq;
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        Ckpt c = new Ckpt(args);
        State s = c.state(new State());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        if (s.sub == null) {
            s.sub = MPI.COMM_WORLD.split(rank % 2, -rank);
            Datatype pair = Datatype.createContiguous(2, MPI.INT);
            s.vec = Datatype.createVector(3, 1, 2, pair);
            s.vec.commit();
            pair.free();
            s.fn = new Scenario.PlusOne();
            s.op = new Op(s.fn, true);
            s.pSend = MPI.COMM_WORLD.sendInit(s.pOut, 2, MPI.LONG, right, 5);
            s.pRecv = MPI.COMM_WORLD.recvInit(s.pIn, 2, MPI.LONG, left, 5);
            // first messages of the split ring and the typed ring
            s.sub.send(new long[] {rank, 0, 7}, 3, MPI.LONG, (s.sub.getRank() + 1) % s.sub.getSize(), 0);
            int[] out = new int[12];
            for (int k = 0; k < 12; k++) {
                out[k] = rank * 100 + k;
            }
            MPI.COMM_WORLD.send(out, 1, s.vec, right, 1000);
        }
        int me = s.sub.getRank();
        int n = s.sub.getSize();
        long[] l3 = new long[3];
        int[] in = new int[12];
        int[] out = new int[12];
        int[] v2 = new int[2];
        for (int i = s.iter; i < c.iterations; i++) {
            // split communicator ring: the next message is in flight at the cut
            Status st = s.sub.recv(l3, 3, MPI.LONG, (me + n - 1) % n, i);
            s.acc = Scenario.mix(s.acc, l3[0] * 31 + l3[1] + l3[2] + st.getCount(MPI.LONG) + st.getTag());
            if (i + 1 < c.iterations) {
                s.sub.send(new long[] {s.acc & 0xFFFF, i + 1, rank}, 3, MPI.LONG, (me + 1) % n, i + 1);
            }
            // typed ring with a derived datatype whose parent was freed
            java.util.Arrays.fill(in, -1);
            st = MPI.COMM_WORLD.recv(in, 1, s.vec, left, 1000 + i);
            long sum = st.getCount(s.vec) * 1000L + st.getElements(MPI.INT);
            for (int k = 0; k < 12; k++) {
                sum = sum * 7 + in[k];
            }
            s.acc = Scenario.mix(s.acc, sum);
            if (i + 1 < c.iterations) {
                for (int k = 0; k < 12; k++) {
                    out[k] = (int) (s.acc >>> (k % 32)) + k;
                }
                MPI.COMM_WORLD.send(out, 1, s.vec, right, 1000 + i + 1);
            }
            // ANY_SOURCE fan-in to rank 0, one round behind
            if (rank == 0) {
                long fan = 0;
                for (int k = 1; k < size && i > 0; k++) {
                    st = MPI.COMM_WORLD.recv(v2, 2, MPI.INT, MPI.ANY_SOURCE, 2000 + i);
                    fan += (v2[0] + v2[1]) * (st.getSource() + 1L) + st.getTag();
                }
                s.acc = Scenario.mix(s.acc, fan);
            } else if (i + 1 < c.iterations) {
                MPI.COMM_WORLD.send(new int[] {rank * 10 + i + 1, i + 1}, 2, MPI.INT, 0, 2000 + i + 1);
            }
            // the iRecv pair posted in the previous iteration: its second message is sent only now
            if (s.earlyReq != null) {
                MPI.COMM_WORLD.send(new long[] {s.acc * 3 + rank}, 1, MPI.LONG, right, 3001);
                Status a = s.earlyReq.waitStatus();
                Status b = s.lateReq.waitStatus();
                s.acc = Scenario.mix(s.acc, s.early.getLong(0) + s.late.get(0) + a.getSource() * 7L + b.getTag());
                s.earlyReq = null;
                s.lateReq = null;
            }
            // user op
            long[] r = {s.acc % 1000 + rank + i, rank * i};
            MPI.COMM_WORLD.allReduce(r, 2, MPI.LONG, s.op);
            s.acc = Scenario.mix(s.acc, r[0] * 3 + r[1]);
            // persistent requests
            s.pOut.put(0, s.acc ^ rank).put(1, i);
            s.pRecv.start();
            s.pSend.start();
            st = s.pRecv.waitStatus();
            s.pSend.waitFor();
            s.acc = Scenario.mix(s.acc, s.pIn.get(0) + s.pIn.get(1) * 5 + st.getSource());
            // a new iRecv pair: the first message is in flight at the cut and matches it
            if (i + 1 < c.iterations) {
                s.earlyReq = MPI.COMM_WORLD.iRecv(s.early, 8, MPI.BYTE, left, 3000);
                s.lateReq = MPI.COMM_WORLD.iRecv(s.late, 1, MPI.LONG, left, 3001);
                MPI.COMM_WORLD.send(new long[] {s.acc + rank}, 1, MPI.LONG, right, 3000);
            }
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        s.pSend.free();
        s.pRecv.free();
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        if (rank == 0) {
            System.out.println("RESULT mixed " + total[0]);
        }
        MPI.Finalize();
    }
}
