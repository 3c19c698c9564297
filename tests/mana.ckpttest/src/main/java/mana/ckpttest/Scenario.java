package mana.ckpttest;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.UserFunction;
import mpi.Win;

/**
 * Checkpoint/restart scenarios. Each prints "RESULT <mode> <value>" on rank 0; a run that is
 * checkpointed, killed and restarted must print the same value as an uninterrupted run.
 */
public final class Scenario {

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        if (args[0].equals("spawnchild")) {
            spawnChild();
            MPI.Finalize();
            return;
        }
        Ckpt c = new Ckpt(args);
        long result = switch (args[0]) {
            case "split" -> split(c);
            case "anysource" -> anySource(c);
            case "irecv" -> iRecv(c);
            case "dtype" -> dtype(c);
            case "userop" -> userOp(c);
            case "persistent" -> persistent(c);
            case "clock" -> clock(c);
            case "truncate" -> truncate(c);
            case "inter" -> inter(c);
            case "win" -> win(c);
            case "winalloc" -> winAlloc(c);
            case "bsend" -> bsend(c);
            case "mprobe" -> mProbe(c);
            case "spawn" -> spawn(c);
            default -> throw new IllegalArgumentException(args[0]);
        };
        if (c.rank == 0) {
            System.out.println("RESULT " + args[0] + " " + result);
        }
        MPI.Finalize();
    }

    // ---- spawned processes: no checkpoint while connected, checkpoint and restart after ---------

    static final class SpawnState implements Serializable {
        int iter;
        long acc;
    }

    /**
     * Each rank spawns one child (a MANA rank of its own); a checkpoint attempt while connected to
     * it is refused, naming the reason; rank 0 then exchanges a value with its child, every rank
     * disconnects, and the job goes on (checkpointed, killed and restarted by the test).
     */
    static long spawn(Ckpt c) throws Exception {
        SpawnState s = c.state(new SpawnState());
        if (s.iter == 0) {
            Intercomm kid = MPI.COMM_SELF.spawn("java", new String[] {Scenario.class.getName(), "spawnchild"}, 1,
                    MPI.INFO_NULL, 0, null);
            c.probe(s);
            long[] v = {c.rank + 100};
            kid.send(v, 1, MPI.LONG, 0, 1);
            kid.recv(v, 1, MPI.LONG, 0, 2);
            s.acc = v[0];
            kid.disconnect();
        }
        for (int i = s.iter; i < c.iterations; i++) {
            long[] sum = new long[1];
            MPI.COMM_WORLD.allReduce(new long[] {s.acc + i}, sum, 1, MPI.LONG, MPI.SUM);
            s.acc = mix(s.acc, sum[0]);
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        return s.acc;
    }

    /** A spawned child: doubles what its parent sends and disconnects. */
    static void spawnChild() throws Exception {
        Intercomm parent = Intercomm.getParent();
        long[] v = new long[1];
        parent.recv(v, 1, MPI.LONG, 0, 1);
        v[0] *= 2;
        parent.send(v, 1, MPI.LONG, 0, 2);
        parent.disconnect();
    }

    static long mix(long acc, long v) {
        return acc * 1_000_003L + v;
    }

    // ---- receives truncated under ERRORS_RETURN before the cut --------------------------------

    static final class TruncateState implements Serializable {
        int iter;
        long acc;
    }

    /**
     * Rank 1 sends four longs, rank 0 receives into room for two (recv, iRecv + waitFor, then
     * both from ANY_SOURCE, in turns): MPI_ERR_TRUNCATE, and the message is consumed all the
     * same; at iteration 4 rank 1's sendRecv from ANY_SOURCE is truncated. The cut must count
     * every such message as received (not wait for it in the drain; from ANY_SOURCE the drain
     * finds whose it was), and the job goes on exactly as uninterrupted.
     */
    private static void expectTruncation(int errorClass, String what) throws mpi.MPIException {
        if (errorClass != MPI.ERR_TRUNCATE) {
            throw new IllegalStateException(what + ": expected MPI_ERR_TRUNCATE, got error class " + errorClass);
        }
    }

    static long truncate(Ckpt c) throws Exception {
        TruncateState s = c.state(new TruncateState());
        for (int i = s.iter; i < c.iterations; i++) {
            if (c.rank == 1 && i == 4) {
                // a sendRecv: its receive truncated, its send delivered
                long[] room = new long[1];
                int errorClass = 0;
                try {
                    MPI.COMM_WORLD.sendRecv(new long[] {i}, 1, MPI.LONG, 0, 400, room, 1, MPI.LONG, MPI.ANY_SOURCE, 401);
                } catch (mpi.MPIException e) {
                    errorClass = e.getErrorClass();
                }
                expectTruncation(errorClass, "sendRecv");
                s.acc = mix(s.acc, 5);
            } else if (c.rank == 0 && i == 4) {
                long[] got = new long[1];
                MPI.COMM_WORLD.sendRecv(new long[] {1, 2, 3}, 3, MPI.LONG, 1, 401, got, 1, MPI.LONG, 1, 400);
                s.acc = mix(s.acc, got[0]);
            } else if (c.rank == 1) {
                MPI.COMM_WORLD.send(new long[] {i, i + 1, i + 2, i + 3}, 4, MPI.LONG, 0, 300 + i);
            } else if (c.rank == 0) {
                long[] room = new long[2];
                int errorClass = 0;
                try {
                    int from = i % 4 < 2 ? 1 : MPI.ANY_SOURCE;
                    if (i % 2 == 0) {
                        MPI.COMM_WORLD.recv(room, 2, MPI.LONG, from, 300 + i);
                    } else {
                        MPI.COMM_WORLD.iRecv(MPI.newLongBuffer(2), 2, MPI.LONG, from, 300 + i).waitFor();
                    }
                } catch (mpi.MPIException e) {
                    errorClass = e.getErrorClass();
                }
                expectTruncation(errorClass, "receive " + i);
                s.acc = mix(s.acc, i + 1);
            }
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        return total[0];
    }

    // ---- one-sided windows across the cut ------------------------------------------------------

    static final class WinState implements Serializable {
        IntBuffer ringMemory;
        Win ring;
        IntBuffer tallyMemory;
        Win tally;
        IntBuffer out;
        IntBuffer one;
        int iter;
        long acc;
    }

    /**
     * Two windows over buffers of the state. "ring", fence epochs: every iteration each rank
     * fences, reads what its left neighbour put into its memory, and puts its next value into its
     * right neighbour's, so a put is outstanding at the cut. "tally", passive target: every
     * iteration each rank locks rank 0's tally (shared), adds one there, and keeps the lock
     * across the safe point (held at the cut), releasing it at the next iteration.
     */
    static long win(Ckpt c) throws Exception {
        WinState s = c.state(new WinState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        if (s.ring == null) {
            s.ringMemory = MPI.newIntBuffer(4);
            s.ring = new Win(s.ringMemory, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
            s.tallyMemory = MPI.newIntBuffer(1);
            s.tally = new Win(s.tallyMemory, 1, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
            s.out = MPI.newIntBuffer(1);
            s.one = MPI.newIntBuffer(1).put(0, 1);
            s.ring.fence(0);
            s.out.put(0, 1000 + rank);
            s.ring.put(s.out, 1, MPI.INT, right, 0, 1, MPI.INT);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            if (i > 0) {
                s.tally.unlock(0);
            }
            s.ring.fence(0); // completes the put of the step before
            s.acc = mix(s.acc, s.ringMemory.get(i % 4) + i);
            if (i + 1 < c.iterations) {
                s.out.put(0, (int) (s.acc & 0xFFFF));
                s.ring.put(s.out, 1, MPI.INT, right, (i + 1) % 4, 1, MPI.INT);
            }
            s.tally.lock(MPI.LOCK_SHARED, 0, 0);
            s.tally.accumulate(s.one, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
            s.iter = i + 1;
            c.safePoint(i, s); // a put outstanding on ring, a lock held on tally
        }
        s.tally.unlock(0);
        s.ring.fence(MPI.MODE_NOSUCCEED);
        MPI.COMM_WORLD.barrier();
        long tally = 0;
        if (rank == 0) {
            s.tally.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            tally = s.tallyMemory.get(0);
            s.tally.unlock(0);
            System.out.println("TALLY " + tally);
        }
        s.ring.free();
        s.tally.free();
        long[] total = {mix(s.acc, tally)};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        return rank == 0 ? mix(total[0], tally) : total[0];
    }

    static final class WinAllocState implements Serializable {
        Win ring;
        Win tally;
        IntBuffer in;
        IntBuffer out;
        IntBuffer one;
        int iter;
        long acc;
    }

    /**
     * {@link #win} over memory MPI allocated: a ring window made by allocate (a put outstanding
     * in its fence epoch at the cut) and a tally made by allocateShared (a shared lock held on
     * rank 0's part, an accumulate in it, at the cut). The application sees the memory only
     * through one-sided calls, so the checkpoint must carry it.
     */
    static long winAlloc(Ckpt c) throws Exception {
        WinAllocState s = c.state(new WinAllocState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        if (s.ring == null) {
            s.ring = new Win(4, 1, MPI.INFO_NULL, MPI.COMM_WORLD, MPI.newIntBuffer(2), Win.FLAVOR_PRIVATE);
            s.tally = new Win(1, 1, MPI.INFO_NULL, MPI.COMM_WORLD, MPI.newIntBuffer(2), Win.FLAVOR_SHARED);
            s.in = MPI.newIntBuffer(4);
            s.out = MPI.newIntBuffer(1);
            s.one = MPI.newIntBuffer(1).put(0, 1);
            IntBuffer zeros = MPI.newIntBuffer(4); // MPI does not clear the memory it allocates
            s.tally.lock(MPI.LOCK_EXCLUSIVE, rank, 0);
            s.tally.put(zeros, 1, MPI.INT, rank, 0, 1, MPI.INT);
            s.tally.unlock(rank);
            s.ring.fence(0);
            s.ring.put(zeros, 4, MPI.INT, rank, 0, 4, MPI.INT);
            s.ring.fence(0);
            MPI.COMM_WORLD.barrier(); // every part cleared before the first accumulate
            s.out.put(0, 1000 + rank);
            s.ring.put(s.out, 1, MPI.INT, right, 0, 1, MPI.INT);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            if (i > 0) {
                s.tally.unlock(0);
            }
            s.ring.fence(0); // completes the put of the step before
            s.ring.get(s.in, 4, MPI.INT, rank, 0, 4, MPI.INT);
            s.ring.fence(0);
            s.acc = mix(s.acc, s.in.get(i % 4) + i);
            if (i + 1 < c.iterations) {
                s.out.put(0, (int) (s.acc & 0xFFFF));
                s.ring.put(s.out, 1, MPI.INT, right, (i + 1) % 4, 1, MPI.INT);
            }
            s.tally.lock(MPI.LOCK_SHARED, 0, 0);
            s.tally.accumulate(s.one, 1, MPI.INT, 0, 0, 1, MPI.INT, MPI.SUM);
            s.iter = i + 1;
            c.safePoint(i, s); // a put outstanding on ring, a lock held on tally
        }
        s.tally.unlock(0);
        s.ring.fence(MPI.MODE_NOSUCCEED);
        MPI.COMM_WORLD.barrier();
        long tally = 0;
        if (rank == 0) {
            IntBuffer t = MPI.newIntBuffer(1);
            s.tally.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
            s.tally.get(t, 1, MPI.INT, 0, 0, 1, MPI.INT);
            s.tally.unlock(0);
            tally = t.get(0);
            System.out.println("TALLY " + tally);
        }
        s.ring.free();
        s.tally.free();
        long[] total = {mix(s.acc, tally)};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        return rank == 0 ? mix(total[0], tally) : total[0];
    }

    // ---- an intercommunicator across the cut ---------------------------------------------------

    static final class InterState implements Serializable {
        Intracomm local;
        Intercomm inter;
        int iter;
        long acc;
    }

    /**
     * World splits into even and odd ranks, joined by createIntercomm (with 3 ranks the groups
     * differ in size). Every iteration each rank receives from ANY_SOURCE the messages the remote
     * group sent it, sends the next iteration's message to remote rank (its rank mod the remote
     * size), so one message per rank is in flight at the cut, and joins an allReduce over the
     * intercommunicator (the remote group's sum). At the end the two groups merge.
     */
    static long inter(Ckpt c) throws Exception {
        InterState s = c.state(new InterState());
        int rank = MPI.COMM_WORLD.getRank();
        if (s.inter == null) {
            s.local = MPI.COMM_WORLD.split(rank % 2, rank);
            s.inter = MPI.COMM_WORLD.createIntercomm(s.local, 0, rank % 2 == 0 ? 1 : 0, 55);
        }
        int me = s.inter.getRank();
        int localSize = s.inter.getSize();
        int remoteSize = s.inter.getRemoteSize();
        int dest = me % remoteSize;
        int expected = 0;
        for (int p = 0; p < remoteSize; p++) {
            expected += p % localSize == me ? 1 : 0;
        }
        long[] buf = new long[2];
        if (s.iter == 0) {
            s.inter.send(new long[] {rank, 0}, 2, MPI.LONG, dest, 0);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            long sum = 0;
            for (int k = 0; k < expected; k++) {
                Status st = s.inter.recv(buf, 2, MPI.LONG, MPI.ANY_SOURCE, i);
                sum += (buf[0] * 7 + buf[1]) * (st.getSource() + 1L);
            }
            s.acc = mix(s.acc, sum);
            if (i + 1 < c.iterations) {
                s.inter.send(new long[] {s.acc & 0xFFFF, i + 1}, 2, MPI.LONG, dest, i + 1);
            }
            long[] remote = new long[1];
            s.inter.allReduce(new long[] {s.acc & 0xFFF}, remote, 1, MPI.LONG, MPI.SUM);
            s.acc = mix(s.acc, remote[0]);
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        Intracomm merged = s.inter.merge(rank % 2 == 1);
        long[] total = {mix(s.acc, merged.getRank())};
        merged.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        merged.free();
        return total[0];
    }

    // ---- messages in flight on a split communicator -------------------------------------------

    static final class SplitState implements Serializable {
        Intracomm sub;
        int iter;
        long acc;
    }

    static long split(Ckpt c) throws Exception {
        SplitState s = c.state(new SplitState());
        int rank = MPI.COMM_WORLD.getRank();
        if (s.sub == null) {
            s.sub = MPI.COMM_WORLD.split(rank % 2, -rank);
        }
        int me = s.sub.getRank();
        int n = s.sub.getSize();
        int right = (me + 1) % n;
        int left = (me + n - 1) % n;
        long[] buf = new long[3];
        if (s.iter == 0) {
            s.sub.send(new long[] {rank, 0, 7}, 3, MPI.LONG, right, 0);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            Status st = s.sub.recv(buf, 3, MPI.LONG, left, i);
            s.acc = mix(s.acc, buf[0] * 31 + buf[1] + buf[2] + st.getCount(MPI.LONG) + st.getTag());
            if (i + 1 < c.iterations) {
                // two messages in flight per iteration: the next one and one more on world
                s.sub.send(new long[] {s.acc & 0xFFFF, i + 1, rank}, 3, MPI.LONG, right, i + 1);
            }
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        return total[0];
    }

    // ---- ANY_SOURCE receives served from the drain buffer -------------------------------------

    static final class AnyState implements Serializable {
        int iter;
        long acc;
    }

    static long anySource(Ckpt c) throws Exception {
        AnyState s = c.state(new AnyState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int[] v = new int[2];
        if (s.iter == 0 && rank != 0) {
            MPI.COMM_WORLD.send(new int[] {rank * 10, 0}, 2, MPI.INT, 0, 100);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            if (rank == 0) {
                long sum = 0;
                for (int k = 1; k < size; k++) {
                    Status st = MPI.COMM_WORLD.recv(v, 2, MPI.INT, MPI.ANY_SOURCE, 100 + i);
                    sum += (v[0] + v[1]) * (st.getSource() + 1L) + st.getTag();
                }
                s.acc = mix(s.acc, sum);
            } else if (i + 1 < c.iterations) {
                MPI.COMM_WORLD.send(new int[] {rank * 10 + i + 1, i + 1}, 2, MPI.INT, 0, 100 + i + 1);
            }
            s.iter = i + 1;
            if (i + 1 < c.iterations && rank == 0) {
                // rank 0 probes before the next round: a probe is served from the buffer too
                Status p = MPI.COMM_WORLD.probe(MPI.ANY_SOURCE, 100 + i + 1);
                s.acc = mix(s.acc, p.getTag() - 100 - (i + 1) + p.getCount(MPI.INT));
            }
            c.safePoint(i, s);
        }
        return s.acc;
    }

    // ---- pending iRecv across the cut (one completed by the drain, one re-posted) -------------

    static final class IrecvState implements Serializable {
        int iter;
        long acc;
        ByteBuffer early = MPI.newByteBuffer(8).order(ByteOrder.nativeOrder());
        LongBuffer late = MPI.newLongBuffer(1);
        Request earlyReq;
        Request lateReq;
    }

    static long iRecv(Ckpt c) throws Exception {
        IrecvState s = c.state(new IrecvState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        for (int i = s.iter; i < c.iterations; i++) {
            if (s.earlyReq == null) {
                s.earlyReq = MPI.COMM_WORLD.iRecv(s.early, 8, MPI.BYTE, left, 2 * i);
                s.lateReq = MPI.COMM_WORLD.iRecv(s.late, 1, MPI.LONG, left, 2 * i + 1);
                // the first message is sent before the safe point (in flight at the cut, matches a posted receive)
                MPI.COMM_WORLD.send(new long[] {s.acc + rank}, 1, MPI.LONG, right, 2 * i);
                c.safePoint(i, s);
            }
            // the second one only after it: the receive is still pending at the cut
            MPI.COMM_WORLD.send(new long[] {s.acc * 3 + rank}, 1, MPI.LONG, right, 2 * i + 1);
            Status a = s.earlyReq.waitStatus();
            Status b = s.lateReq.waitStatus();
            s.acc = mix(s.acc, s.early.getLong(0) + s.late.get(0) + a.getSource() * 7L + b.getTag() + a.getCount(MPI.BYTE));
            s.earlyReq = null;
            s.lateReq = null;
            s.iter = i + 1;
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.SUM);
        return total[0];
    }

    // ---- a derived datatype whose parent was freed ----------------------------------------------

    static final class TypeState implements Serializable {
        Datatype vec;
        int iter;
        long acc;
    }

    static long dtype(Ckpt c) throws Exception {
        TypeState s = c.state(new TypeState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        if (s.vec == null) {
            Datatype pair = Datatype.createContiguous(2, MPI.INT);
            s.vec = Datatype.createVector(3, 1, 2, pair); // pairs 0, 2, 4 of 6
            s.vec.commit();
            pair.free();
        }
        int[] out = new int[12];
        int[] in = new int[12];
        if (s.iter == 0) {
            for (int k = 0; k < 12; k++) {
                out[k] = rank * 100 + k;
            }
            MPI.COMM_WORLD.send(out, 1, s.vec, right, 0);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            java.util.Arrays.fill(in, -1);
            Status st = MPI.COMM_WORLD.recv(in, 1, s.vec, left, i);
            long sum = st.getCount(s.vec) * 1000L + st.getElements(MPI.INT);
            for (int k = 0; k < 12; k++) {
                sum = sum * 7 + in[k];
            }
            s.acc = mix(s.acc, sum);
            if (i + 1 < c.iterations) {
                for (int k = 0; k < 12; k++) {
                    out[k] = (int) (s.acc >>> (k % 32)) + k;
                }
                MPI.COMM_WORLD.send(out, 1, s.vec, right, i + 1);
            }
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.BXOR);
        return total[0];
    }

    // ---- a user op used after the restart -------------------------------------------------------

    /** a (+) b = a + b + 1: commutative and associative; Serializable, so a checkpoint can keep it. */
    static final class PlusOne extends UserFunction implements Serializable {
        int made = 42; // state that must come back with the function

        @Override
        public void call(Object in, Object inout, int count, Datatype type) {
            throw new UnsupportedOperationException("arrays are not used");
        }

        @Override
        public void call(ByteBuffer in, ByteBuffer inout, int count, Datatype type) {
            LongBuffer a = in.order(ByteOrder.nativeOrder()).asLongBuffer();
            LongBuffer b = inout.order(ByteOrder.nativeOrder()).asLongBuffer();
            for (int k = 0; k < count; k++) {
                b.put(k, a.get(k) + b.get(k) + 1 + made - 42);
            }
        }
    }

    static final class OpState implements Serializable {
        PlusOne fn;
        Op op;
        int iter;
        long acc;
    }

    static long userOp(Ckpt c) throws Exception {
        OpState s = c.state(new OpState());
        int rank = MPI.COMM_WORLD.getRank();
        if (s.op == null) {
            s.fn = new PlusOne();
            s.op = new Op(s.fn, true);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            long[] v = {s.acc % 1000 + rank + i, rank * i};
            MPI.COMM_WORLD.allReduce(v, 2, MPI.LONG, s.op);
            s.acc = mix(s.acc, v[0] * 3 + v[1]);
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        return s.acc + (s.op.isCommutative() ? 1 : 0);
    }

    // ---- a message matched by mProbe at the cut ------------------------------------------------------

    static final class MprobeState implements Serializable {
        mpi.Message matched;
        int probedCount;
        int iter;
        long acc;
    }

    /**
     * Each rank sends to its right neighbour, matches its left neighbour's message with mProbe,
     * reaches the safe point with the matched message not yet received (kept in its state), and
     * receives it after the safe point: with mRecv in even iterations, imRecv + wait in odd ones.
     */
    static long mProbe(Ckpt c) throws Exception {
        MprobeState s = c.state(new MprobeState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        for (int i = s.iter; i < c.iterations; i++) {
            if (s.matched == null) {
                MPI.COMM_WORLD.send(new long[] {s.acc + rank, i}, 2, MPI.LONG, right, 700 + i);
                s.matched = new mpi.Message();
                s.probedCount = s.matched.mProbe(left, 700 + i, MPI.COMM_WORLD).getCount(MPI.LONG);
                c.safePoint(i, s);
            }
            long[] got = new long[2];
            Status r;
            if (i % 2 == 0) {
                r = s.matched.mRecv(got, 2, MPI.LONG);
            } else {
                LongBuffer b = MPI.newLongBuffer(2);
                r = s.matched.imRecv(b, 2, MPI.LONG).waitStatus();
                b.get(got);
            }
            s.acc = mix(s.acc, got[0] * 3 + got[1] + r.getSource() * 7L + r.getTag() + r.getCount(MPI.LONG) * 11L
                    + s.probedCount);
            s.matched = null;
            s.iter = i + 1;
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.SUM);
        return total[0];
    }

    // ---- buffered sends across the cut ------------------------------------------------------------

    static final class BsendState implements Serializable {
        byte[] attached;
        /** A direct buffer and a typed view of it: written through one, read through the other. */
        ByteBuffer raw = MPI.newByteBuffer(16);
        IntBuffer view = raw.asIntBuffer();
        int iter;
        long acc;
    }

    /**
     * Each rank attaches a buffer once (kept in its state) and in every iteration writes an int
     * through a view of a direct buffer and reads it back through the buffer (they must still
     * share memory after a restart), then bSends to its right neighbour, then receives what its
     * left neighbour bSent in the iteration before: one buffered message is in flight at every
     * safe point. After a restart the buffered sends go
     * on without attaching again, and the detach returns the array the restored state holds.
     */
    static long bsend(Ckpt c) throws Exception {
        BsendState s = c.state(new BsendState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        if (s.attached == null) {
            s.attached = new byte[MPI.COMM_WORLD.packSize(2, MPI.LONG) + MPI.BSEND_OVERHEAD * 2 + 64];
            MPI.attachBuffer(s.attached);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            s.view.put(i % 4, i * 10 + rank);
            s.acc = mix(s.acc, s.raw.getInt((i % 4) * 4) + s.raw.getInt(((i + 3) % 4) * 4)); // this and the last write
            MPI.COMM_WORLD.bSend(new long[] {s.acc + rank, i}, 2, MPI.LONG, right, 600 + i);
            if (i > 0) {
                long[] got = new long[2];
                MPI.COMM_WORLD.recv(got, 2, MPI.LONG, left, 600 + i - 1);
                s.acc = mix(s.acc, got[0] * 3 + got[1]);
            }
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        long[] last = new long[2];
        MPI.COMM_WORLD.recv(last, 2, MPI.LONG, left, 600 + c.iterations - 1);
        s.acc = mix(s.acc, last[0] * 3 + last[1]);
        byte[] detached = MPI.detachBuffer();
        if (detached != s.attached) {
            throw new IllegalStateException("detachBuffer returned another array than the attached one (of "
                    + (detached == null ? "null" : detached.length + " bytes") + ")");
        }
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.SUM);
        return total[0];
    }

    // ---- persistent requests ----------------------------------------------------------------------

    static final class PersistentState implements Serializable {
        LongBuffer out = MPI.newLongBuffer(2);
        LongBuffer in = MPI.newLongBuffer(2);
        Prequest send;
        Prequest recv;
        int iter;
        long acc;
    }

    static long persistent(Ckpt c) throws Exception {
        PersistentState s = c.state(new PersistentState());
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        if (s.send == null) {
            s.send = MPI.COMM_WORLD.sendInit(s.out, 2, MPI.LONG, (rank + 1) % size, 5);
            s.recv = MPI.COMM_WORLD.recvInit(s.in, 2, MPI.LONG, (rank + size - 1) % size, 5);
        }
        for (int i = s.iter; i < c.iterations; i++) {
            s.out.put(0, s.acc ^ rank).put(1, i);
            s.recv.start();
            s.send.start();
            Status st = s.recv.waitStatus();
            s.send.waitFor();
            s.acc = mix(s.acc, s.in.get(0) + s.in.get(1) * 5 + st.getSource());
            s.iter = i + 1;
            c.safePoint(i, s);
        }
        s.send.free();
        s.recv.free();
        long[] total = {s.acc};
        MPI.COMM_WORLD.allReduce(total, 1, MPI.LONG, MPI.SUM);
        return total[0];
    }

    // ---- collective clocks that disagree: the checkpoint is abandoned, the job goes on ------------

    static final class ClockState implements Serializable {
        int iter;
    }

    static long clock(Ckpt c) throws Exception {
        ClockState s = c.state(new ClockState());
        int rank = MPI.COMM_WORLD.getRank();
        Comm world = MPI.COMM_WORLD;
        int[] x = {rank == 0 ? 99 : 0};
        if (rank == 0) {
            world.bcast(x, 1, MPI.INT, 0); // small: the root returns before the others joined
        }
        c.safePoint(0, s);
        if (rank != 0) {
            world.bcast(x, 1, MPI.INT, 0);
        }
        world.barrier();
        int[] sum = {x[0]};
        world.allReduce(sum, 1, MPI.INT, MPI.SUM);
        return sum[0];
    }
}
