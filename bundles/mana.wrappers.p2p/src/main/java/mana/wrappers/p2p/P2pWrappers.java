package mana.wrappers.p2p;

import java.nio.Buffer;
import mana.core.desc.RequestDescriptor.Op;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.P2pProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import mana.wrappers.base.Args;
import mana.wrappers.base.Drained;
import mana.wrappers.base.Lower;
import mana.wrappers.base.MatchedMessage;
import mana.wrappers.base.RecvArrays;
import mana.wrappers.base.Requests;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Request;
import mpi.Status;
import org.osgi.service.component.annotations.Component;

/**
 * Point-to-point wrappers. Each one follows the wrapper rules: count the call, enter the
 * checkpoint gate, translate every handle, call the lower half (blocking calls call the
 * blocking lower-half function directly), update the upper-half state (message counters,
 * the log of pending requests), leave the gate. Buffers go to the lower half as the
 * application passed them, so the lower half accepts and rejects exactly what Open MPI does
 * (non-blocking calls require direct buffers). MANA itself rejects negative counts.
 */
@Component(service = P2pProvider.class)
public final class P2pWrappers implements P2pProvider {
    private static final int SEND = FunctionStats.id("MPI_Send");
    private static final int RECV = FunctionStats.id("MPI_Recv");
    private static final int BSEND = FunctionStats.id("MPI_Bsend");
    private static final int SSEND = FunctionStats.id("MPI_Ssend");
    private static final int RSEND = FunctionStats.id("MPI_Rsend");
    private static final int SENDRECV = FunctionStats.id("MPI_Sendrecv");
    private static final int SENDRECV_REPLACE = FunctionStats.id("MPI_Sendrecv_replace");
    private static final int ISEND = FunctionStats.id("MPI_Isend");
    private static final int IBSEND = FunctionStats.id("MPI_Ibsend");
    private static final int ISSEND = FunctionStats.id("MPI_Issend");
    private static final int IRSEND = FunctionStats.id("MPI_Irsend");
    private static final int IRECV = FunctionStats.id("MPI_Irecv");
    private static final int SEND_INIT = FunctionStats.id("MPI_Send_init");
    private static final int BSEND_INIT = FunctionStats.id("MPI_Bsend_init");
    private static final int SSEND_INIT = FunctionStats.id("MPI_Ssend_init");
    private static final int RSEND_INIT = FunctionStats.id("MPI_Rsend_init");
    private static final int RECV_INIT = FunctionStats.id("MPI_Recv_init");
    private static final int PROBE = FunctionStats.id("MPI_Probe");
    private static final int IPROBE = FunctionStats.id("MPI_Iprobe");
    private static final int MPROBE = FunctionStats.id("MPI_Mprobe");
    private static final int IMPROBE = FunctionStats.id("MPI_Improbe");
    private static final int MRECV = FunctionStats.id("MPI_Mrecv");
    private static final int IMRECV = FunctionStats.id("MPI_Imrecv");
    private static final int PACK = FunctionStats.id("MPI_Pack");
    private static final int UNPACK = FunctionStats.id("MPI_Unpack");
    private static final int PACK_SIZE = FunctionStats.id("MPI_Pack_size");
    private static final int BUFFER_ATTACH = FunctionStats.id("MPI_Buffer_attach");
    private static final int BUFFER_DETACH = FunctionStats.id("MPI_Buffer_detach");
    private static final int GET_COUNT = FunctionStats.id("MPI_Get_count");
    private static final int GET_ELEMENTS = FunctionStats.id("MPI_Get_elements");
    private static final int GET_ELEMENTS_X = FunctionStats.id("MPI_Get_elements_x");
    private static final int SET_ELEMENTS = FunctionStats.id("MPI_Status_set_elements");
    private static final int SET_ELEMENTS_X = FunctionStats.id("MPI_Status_set_elements_x");
    private static final int SET_CANCELLED = FunctionStats.id("MPI_Status_set_cancelled");
    private static final int TEST_CANCELLED = FunctionStats.id("MPI_Test_cancelled");

    static {
        // The lower half's getElementsX makes an mpi.Count through a JNI class reference that only
        // Count's class init sets: without it the JVM crashes (SIGSEGV) in the raw binding.
        new mpi.Count(0);
    }

    static ManaException negativeCount(String what, int count) {
        return ManaException.of(ErrorClass.COUNT, "invalid count: " + what + " is " + count + " (negative)");
    }

    private static void checkCount(int count) throws ManaException {
        if (count < 0) {
            throw negativeCount("count", count);
        }
    }

    // ---- blocking sends and receives ------------------------------------------------------

    /** The lower half's MPI.ANY_SOURCE (set by its native code when the class loads). */
    private static final int ANY_SOURCE = MPI.ANY_SOURCE;

    @Override
    public void send(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        blockingSend(K_SEND, SEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public void bSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        blockingSend(K_BSEND, BSEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public void sSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        blockingSend(K_SSEND, SSEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public void rSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException {
        blockingSend(K_RSEND, RSEND, comm, buf, count, type, dest, tag);
    }

    private static final int K_SEND = 0, K_BSEND = 1, K_SSEND = 2, K_RSEND = 3;

    /**
     * The four blocking sends ({@code which}, counted as {@code stat}). Only what the lower call
     * needs comes before it: what follows it overlaps with the receiver's work instead of
     * delaying the message (the latency a ping-pong measures); the call is counted after the
     * message left, off the peer's critical path.
     */
    private static void blockingSend(int which, int stat, int comm, Object buf, int count, int type, int dest, int tag)
            throws ManaException {
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.p2pBuffer(buf, count, type, "buf");
            VidTable.Entry c = Lower.commEntry(comm);
            mpi.Datatype t = Lower.committedType(type);
            RecvArrays.Target from = RecvArrays.forSpanBeyondCopy(pass, buf, count, type, t);
            try {
                lowerSend(which, Lower.comm(c), RecvArrays.bufferOr(from, buf), count, t, dest, tag);
            } finally {
                RecvArrays.release(from);
            }
            Requests.countSent(c, dest);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
            FunctionStats.count(stat);
        }
    }

    /** The lower half's blocking send of {@code which}; apart, so that blockingSend stays small enough to inline. */
    private static void lowerSend(int which, mpi.Comm c, Object buf, int count, mpi.Datatype t, int dest, int tag)
            throws MPIException {
        switch (which) {
            case K_SEND -> c.send(buf, count, t, dest, tag);
            case K_BSEND -> c.bSend(buf, count, t, dest, tag);
            case K_SSEND -> c.sSend(buf, count, t, dest, tag);
            default -> c.rSend(buf, count, t, dest, tag);
        }
    }

    @Override
    public void checkRecv(int comm, Object buf, int count, int type) throws ManaException {
        checkCount(count);
        Args.p2pBuffer(buf, count, type, "buf");
        Lower.comm(Lower.commEntry(comm));
        Lower.committedType(type);
    }

    @Override
    public long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException {
        FunctionStats.count(RECV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.p2pBuffer(buf, count, type, "buf");
            if (Drained.active) {
                long[] drained = Drained.recv(comm, buf, count, type, source, tag);
                if (drained != null) {
                    return drained;
                }
            }
            VidTable.Entry c = Lower.commEntry(comm);
            mpi.Comm lower = Lower.comm(c);
            mpi.Datatype t = Lower.committedType(type);
            // A receive from a given source is counted before the lower call, while the message
            // is still on its way (no checkpoint can see the count early: the gate is held), so
            // that only the status is left to do once it has arrived.
            // An array is received through a pooled direct buffer, and only what the message
            // wrote is copied back (RecvArrays): the binding would copy all count elements.
            RecvArrays.Target into = RecvArrays.forRecv(pass, buf, count, type, t);
            boolean counted = source != ANY_SOURCE && Requests.countReceived(c, source, 1);
            Status s;
            try {
                s = lower.recv(into == null ? buf : into.buffer(), count, t, source, tag);
            } catch (MPIException e) {
                if (into != null) {
                    into.failed(e.getErrorClass());
                }
                if (counted && e.getErrorClass() != ErrorClass.TRUNCATE) {
                    Requests.countReceived(c, source, -1); // nothing was received
                } else if (!counted && e.getErrorClass() == ErrorClass.TRUNCATE) {
                    Requests.countReceivedFromUnknownSource(c); // consumed, but the status is lost
                }
                throw e;
            } catch (RuntimeException | Error e) {
                if (into != null) {
                    into.release();
                }
                throw e;
            }
            long[] data = Lower.statusFields(s);
            if (into != null) {
                into.received(data[4]);
            }
            if (!counted) {
                Requests.countReceived(c, (int) data[0]);
            }
            return data;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[] sendRecv(int comm, Object sendbuf, int sendcount, int sendtype, int dest, int sendtag,
                           Object recvbuf, int recvcount, int recvtype, int source, int recvtag) throws ManaException {
        FunctionStats.count(SENDRECV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (sendcount < 0) {
                throw negativeCount("sendcount", sendcount);
            }
            if (recvcount < 0) {
                throw negativeCount("recvcount", recvcount);
            }
            Args.p2pBuffer(sendbuf, sendcount, sendtype, "sendbuf");
            Args.p2pBuffer(recvbuf, recvcount, recvtype, "recvbuf");
            if (Drained.active) {
                long[] drained = Drained.sendRecv(comm, sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                        recvtype, source, recvtag);
                if (drained != null) {
                    return drained;
                }
            }
            VidTable.Entry c = Lower.commEntry(comm);
            mpi.Datatype st = Lower.committedType(sendtype);
            mpi.Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = RecvArrays.forSpanBeyondCopy(pass, sendbuf, sendcount, sendtype, st);
            RecvArrays.Target into = null;
            Status s;
            try {
                into = RecvArrays.forRecv(pass, recvbuf, recvcount, recvtype, rt);
                s = Lower.comm(c).sendRecv(RecvArrays.bufferOr(from, sendbuf), sendcount, st, dest, sendtag,
                        into == null ? recvbuf : into.buffer(), recvcount, rt, source, recvtag);
            } catch (MPIException e) {
                if (into != null) {
                    into.failed(e.getErrorClass());
                }
                countTruncatedSendRecv(e, c, dest, source);
                throw e;
            } catch (RuntimeException | Error e) {
                if (into != null) {
                    into.release();
                }
                throw e;
            } finally {
                RecvArrays.release(from);
            }
            long[] data = Lower.statusFields(s);
            if (into != null) {
                into.received(data[4]);
            }
            Requests.countSent(c, dest);
            Requests.countReceived(c, (int) data[0]);
            return data;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[] sendRecvReplace(int comm, Object buf, int count, int type, int dest, int sendtag, int source,
                                  int recvtag) throws ManaException {
        FunctionStats.count(SENDRECV_REPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.p2pBuffer(buf, count, type, "buf");
            if (Drained.active) {
                long[] drained = Drained.sendRecvReplace(comm, buf, count, type, dest, sendtag, source, recvtag);
                if (drained != null) {
                    return drained;
                }
            }
            VidTable.Entry c = Lower.commEntry(comm);
            mpi.Datatype t = Lower.committedType(type);
            RecvArrays.Target both = RecvArrays.forSpanBeyondCopy(pass, buf, count, type, t);
            Status s;
            boolean done = false;
            try {
                s = Lower.comm(c).sendRecvReplace(RecvArrays.bufferOr(both, buf), count, t, dest, sendtag, source,
                        recvtag);
                done = true;
            } catch (MPIException e) {
                if (both != null) {
                    both.failed(e.getErrorClass()); // a truncated message filled the buffer: copied back, as the binding does
                }
                countTruncatedSendRecv(e, c, dest, source);
                throw e;
            } finally {
                RecvArrays.finish(both, done);
            }
            long[] data = Lower.statusFields(s);
            Requests.countSent(c, dest);
            Requests.countReceived(c, (int) data[0]);
            return data;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /**
     * A sendRecv whose receive was truncated: Open MPI's sendrecv completes its send before it
     * reports the receive's MPI_ERR_TRUNCATE, and the message it received is consumed; both
     * are counted (a checkpoint's drain would otherwise wait for them).
     */
    private static void countTruncatedSendRecv(MPIException e, VidTable.Entry c, int dest, int source) {
        if (e.getErrorClass() != ErrorClass.TRUNCATE) {
            return;
        }
        Requests.countSent(c, dest);
        if (source == ANY_SOURCE) {
            Requests.countReceivedFromUnknownSource(c);
        } else {
            Requests.countReceived(c, source);
        }
    }

    // ---- non-blocking ----------------------------------------------------------------------

    private static final int K_ISEND = 0, K_IBSEND = 1, K_ISSEND = 2, K_IRSEND = 3, K_IRECV = 4;
    private static final int K_SEND_INIT = 5, K_BSEND_INIT = 6, K_SSEND_INIT = 7, K_RSEND_INIT = 8,
            K_RECV_INIT = 9;
    private static final Op[] OPS = {Op.ISEND, Op.IBSEND, Op.ISSEND, Op.IRSEND, Op.IRECV, Op.SEND_INIT,
        Op.BSEND_INIT, Op.SSEND_INIT, Op.RSEND_INIT, Op.RECV_INIT};

    private static int post(int which, int comm, Buffer buf, int count, int type, int peer, int tag)
            throws ManaException {
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.fits(buf, count, type, "buf");
            if (Drained.active && which == K_IRECV) {
                int drained = Drained.iRecv(comm, buf, count, type, peer, tag);
                if (drained != 0) {
                    return drained;
                }
            }
            VidTable.Entry ce = Lower.commEntry(comm);
            Request r = lowerPost(which, Lower.comm(ce), buf, count, Lower.committedType(type), peer, tag);
            int vid = Requests.create(r, OPS[which], ce, comm, buf, count, type, peer, tag);
            if (which < K_IRECV) {
                Requests.countSent(ce, peer); // in flight from now on
            }
            return vid;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /** The lower half's call of {@code which}; apart from {@link #post}, so that post stays small enough to inline. */
    private static Request lowerPost(int which, mpi.Comm c, Buffer buf, int count, mpi.Datatype t, int peer, int tag)
            throws MPIException {
        return switch (which) {
            case K_ISEND -> c.iSend(buf, count, t, peer, tag);
            case K_IBSEND -> c.ibSend(buf, count, t, peer, tag);
            case K_ISSEND -> c.isSend(buf, count, t, peer, tag);
            case K_IRSEND -> c.irSend(buf, count, t, peer, tag);
            case K_IRECV -> c.iRecv(buf, count, t, peer, tag);
            case K_SEND_INIT -> c.sendInit(buf, count, t, peer, tag);
            case K_BSEND_INIT -> c.bSendInit(buf, count, t, peer, tag);
            case K_SSEND_INIT -> c.sSendInit(buf, count, t, peer, tag);
            case K_RSEND_INIT -> c.rSendInit(buf, count, t, peer, tag);
            default -> c.recvInit(buf, count, t, peer, tag);
        };
    }

    @Override
    public int iSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(ISEND);
        return post(K_ISEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public int ibSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(IBSEND);
        return post(K_IBSEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public int isSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(ISSEND);
        return post(K_ISSEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public int irSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(IRSEND);
        return post(K_IRSEND, comm, buf, count, type, dest, tag);
    }

    @Override
    public int iRecv(int comm, Buffer buf, int count, int type, int source, int tag) throws ManaException {
        FunctionStats.count(IRECV);
        return post(K_IRECV, comm, buf, count, type, source, tag);
    }

    @Override
    public int sendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(SEND_INIT);
        return post(K_SEND_INIT, comm, buf, count, type, dest, tag);
    }

    @Override
    public int bSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(BSEND_INIT);
        return post(K_BSEND_INIT, comm, buf, count, type, dest, tag);
    }

    @Override
    public int sSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(SSEND_INIT);
        return post(K_SSEND_INIT, comm, buf, count, type, dest, tag);
    }

    @Override
    public int rSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException {
        FunctionStats.count(RSEND_INIT);
        return post(K_RSEND_INIT, comm, buf, count, type, dest, tag);
    }

    @Override
    public int recvInit(int comm, Buffer buf, int count, int type, int source, int tag) throws ManaException {
        FunctionStats.count(RECV_INIT);
        return post(K_RECV_INIT, comm, buf, count, type, source, tag);
    }

    // ---- probes and matched messages -------------------------------------------------------

    @Override
    public long[] probe(int comm, int source, int tag) throws ManaException {
        FunctionStats.count(PROBE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active) {
                long[] drained = Drained.probe(comm, source, tag);
                if (drained != null) {
                    return drained;
                }
            }
            return Lower.statusFields(Lower.comm(comm).probe(source, tag));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public long[] iProbe(int comm, int source, int tag) throws ManaException {
        FunctionStats.count(IPROBE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active) {
                long[] drained = Drained.probe(comm, source, tag);
                if (drained != null) {
                    return drained;
                }
            }
            Status s = Lower.comm(comm).iProbe(source, tag);
            return s == null ? null : Lower.statusFields(s);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /** A handle for a message the lower half matched, with its envelope and size (what a checkpoint needs). */
    private static int messageHandle(Message m, int comm, Status s) {
        if (m.isNoProc()) {
            return MESSAGE_NO_PROC;
        }
        long[] f = Lower.statusFields(s); // source, tag, error, cancelled, bytes, index
        return Handles.TABLE.create(Kind.MESSAGE, m, new MatchedMessage(comm, (int) f[0], (int) f[1], (int) f[4]));
    }

    @Override
    public int mProbe(int comm, int source, int tag, long[] status) throws ManaException {
        FunctionStats.count(MPROBE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active) {
                int drained = Drained.mProbe(comm, source, tag, status);
                if (drained != 0) {
                    return drained;
                }
            }
            mpi.Comm c = Lower.comm(comm);
            Message m = new Message();
            Status s = m.mProbe(source, tag, c);
            Lower.statusInto(s, status);
            // a matched message has left the matching queue: it counts as received here
            Requests.countReceived(comm, s.getSource());
            return messageHandle(m, comm, s);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int imProbe(int comm, int source, int tag, long[] status) throws ManaException {
        FunctionStats.count(IMPROBE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (Drained.active) {
                int drained = Drained.mProbe(comm, source, tag, status);
                if (drained != 0) {
                    return drained;
                }
            }
            mpi.Comm c = Lower.comm(comm);
            Message m = new Message();
            Status s = m.imProbe(source, tag, c);
            if (s == null) {
                return 0;
            }
            Lower.statusInto(s, status);
            Requests.countReceived(comm, s.getSource());
            return messageHandle(m, comm, s);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /** The lower message of a handle; for NO_PROC a fresh lower MPI_MESSAGE_NO_PROC. */
    private static Message message(int message) throws ManaException, MPIException {
        if (message == MESSAGE_NO_PROC) {
            Message m = new Message();
            m.mProbe(MPI.PROC_NULL, MPI.ANY_TAG, MPI.COMM_SELF);
            return m;
        }
        return (Message) Handles.lower(message, Kind.MESSAGE);
    }

    @Override
    public long[] mRecv(int message, Object buf, int count, int type) throws ManaException {
        FunctionStats.count(MRECV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.buffer(buf, count, "buf");
            Args.fits(buf, count, type, "buf");
            if (Drained.active && Drained.isMessage(message)) {
                return Drained.mRecv(message, buf, count, type);
            }
            Message m = message(message);
            mpi.Datatype t = Lower.committedType(type);
            RecvArrays.Target into = RecvArrays.forRecv(pass, buf, count, type, t);
            Status s;
            try {
                s = m.mRecv(into == null ? buf : into.buffer(), count, t);
            } catch (MPIException e) {
                if (into != null) {
                    into.failed(e.getErrorClass());
                }
                throw e;
            } catch (RuntimeException | Error e) {
                if (into != null) {
                    into.release();
                }
                throw e;
            }
            if (message != MESSAGE_NO_PROC) {
                Handles.TABLE.free(message, Kind.MESSAGE);
            }
            long[] data = Lower.statusFields(s);
            if (into != null) {
                into.received(data[4]);
            }
            return data;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int imRecv(int message, Buffer buf, int count, int type) throws ManaException {
        FunctionStats.count(IMRECV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            checkCount(count);
            Args.fits(buf, count, type, "buf");
            if (Drained.active && Drained.isMessage(message)) {
                return Drained.imRecv(message, buf, count, type);
            }
            Message m = message(message);
            mpi.Datatype t = Lower.committedType(type);
            Request r = m.imRecv(buf, count, t);
            if (message != MESSAGE_NO_PROC) {
                Handles.TABLE.free(message, Kind.MESSAGE);
            }
            // the message was counted as received when it was matched (mProbe/imProbe)
            return Requests.create(r, Op.IMRECV, 0, buf, count, type, -1, -1);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    // ---- pack, buffer ------------------------------------------------------------------------

    @Override
    public int pack(int comm, Object inbuf, int incount, int type, byte[] outbuf, int position) throws ManaException {
        FunctionStats.count(PACK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (incount < 0) {
                throw negativeCount("incount", incount);
            }
            Args.buffer(inbuf, incount, "inbuf");
            Args.fitsPinned(inbuf, incount, type, "inbuf"); // the binding hands MPI_Pack the array itself
            Args.buffer(outbuf, 1, "outbuf");
            checkPosition(position, outbuf.length, "outbuf");
            return Lower.comm(comm).pack(inbuf, incount, Lower.committedType(type), outbuf, position);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int unpack(int comm, byte[] inbuf, int position, Object outbuf, int outcount, int type)
            throws ManaException {
        FunctionStats.count(UNPACK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (outcount < 0) {
                throw negativeCount("outcount", outcount);
            }
            Args.buffer(inbuf, 1, "inbuf");
            Args.buffer(outbuf, outcount, "outbuf");
            Args.fitsPinned(outbuf, outcount, type, "outbuf"); // MPI_Unpack writes into the array itself
            checkPosition(position, inbuf.length, "inbuf");
            return Lower.comm(comm).unpack(inbuf, position, outbuf, outcount, Lower.committedType(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    /**
     * A position outside the packed buffer: the binding hands MPI the pinned array with no
     * check, and MPI_Pack/MPI_Unpack start {@code position} bytes in, before the array for a
     * negative one (Java heap overwritten or read). Past the end is MPI's MPI_ERR_TRUNCATE.
     */
    private static void checkPosition(int position, int length, String what) throws ManaException {
        if (position < 0) {
            throw ManaException.of(ErrorClass.ARG, "invalid argument: position " + position
                    + " (negative) in " + what + " of " + length + " bytes");
        }
    }

    @Override
    public int packSize(int comm, int incount, int type) throws ManaException {
        FunctionStats.count(PACK_SIZE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            if (incount < 0) {
                throw negativeCount("incount", incount);
            }
            return Lower.comm(comm).packSize(incount, Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void attachBuffer(byte[] buffer) throws ManaException {
        FunctionStats.count(BUFFER_ATTACH);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(buffer, 1, "buffer");
            MPI.attachBuffer(buffer);
            BsendBuffer.attached(buffer); // a checkpoint saves it, a restart attaches it again
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public byte[] detachBuffer() throws ManaException {
        FunctionStats.count(BUFFER_DETACH);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            byte[] b = MPI.detachBuffer();
            BsendBuffer.detached();
            return b;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    // ---- status -------------------------------------------------------------------------------

    @Override
    public int statusCount(long[] status, int type) throws ManaException {
        FunctionStats.count(GET_COUNT);
        try {
            return Lower.status(status).getCount(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int statusElements(long[] status, int type) throws ManaException {
        FunctionStats.count(GET_ELEMENTS);
        try {
            return Lower.status(status).getElements(Lower.type(type));
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public long statusElementsX(long[] status, int type) throws ManaException {
        FunctionStats.count(GET_ELEMENTS_X);
        try {
            return Lower.status(status).getElementsX(Lower.type(type)).getCount();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public long statusSetElements(long[] status, int type, int count) throws ManaException {
        FunctionStats.count(SET_ELEMENTS);
        try {
            Status s = Lower.status(status);
            s.setElements(Lower.type(type), count);
            return Lower.statusFields(s)[4];
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public long statusSetElementsX(long[] status, int type, long count) throws ManaException {
        FunctionStats.count(SET_ELEMENTS_X);
        try {
            Status s = Lower.status(status);
            s.setElementsX(Lower.type(type), new mpi.Count(count));
            return Lower.statusFields(s)[4];
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public void statusSetCancelled(long[] status, boolean flag) throws ManaException {
        FunctionStats.count(SET_CANCELLED);
        try {
            Lower.status(status).setCancelled(flag);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean statusCancelled(long[] status) throws ManaException {
        FunctionStats.count(TEST_CANCELLED);
        try {
            return Lower.status(status).isCancelled();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }
}
