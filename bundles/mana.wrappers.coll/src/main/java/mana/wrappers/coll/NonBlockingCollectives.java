package mana.wrappers.coll;

import java.nio.Buffer;
import mana.core.desc.CommDescriptor;
import mana.core.desc.RequestDescriptor.Op;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.CollProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.wrappers.base.Args;
import mana.wrappers.base.Lower;
import mana.wrappers.base.Requests;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Request;

/**
 * Non-blocking collectives. Each one translates and validates every handle first (a derived
 * datatype must be committed), then advances the communicator's collective clock, calls the
 * same overload of the lower half, and logs the request as a pending collective
 * ({@link mana.core.desc.RequestDescriptor#isCollective()}) that keeps its buffers and derived
 * datatypes alive until it completes through the request wrappers.
 *
 * <p>User-defined ops are refused here: Open MPI 4.1.4's binding calls a user op back through
 * the JNI reference of the call that made its MPI_Op, which is gone by the time a non-blocking
 * reduction runs the op (in a later wait or test), so the raw binding calls a wrong object or crashes.
 */
abstract class NonBlockingCollectives implements CollProvider {
    private static final int I_BARRIER = FunctionStats.id("MPI_Ibarrier");
    private static final int I_BCAST = FunctionStats.id("MPI_Ibcast");
    private static final int I_GATHER = FunctionStats.id("MPI_Igather");
    private static final int I_GATHER_IN_PLACE = FunctionStats.id("MPI_Igather");
    private static final int I_GATHERV = FunctionStats.id("MPI_Igatherv");
    private static final int I_GATHERV_RECV_ONLY = FunctionStats.id("MPI_Igatherv");
    private static final int I_GATHERV_SEND_ONLY = FunctionStats.id("MPI_Igatherv");
    private static final int I_SCATTER = FunctionStats.id("MPI_Iscatter");
    private static final int I_SCATTER_IN_PLACE = FunctionStats.id("MPI_Iscatter");
    private static final int I_SCATTERV = FunctionStats.id("MPI_Iscatterv");
    private static final int I_SCATTERV_SEND_ONLY = FunctionStats.id("MPI_Iscatterv");
    private static final int I_SCATTERV_RECV_ONLY = FunctionStats.id("MPI_Iscatterv");
    private static final int I_ALL_GATHER = FunctionStats.id("MPI_Iallgather");
    private static final int I_ALL_GATHER_IN_PLACE = FunctionStats.id("MPI_Iallgather");
    private static final int I_ALL_GATHERV = FunctionStats.id("MPI_Iallgatherv");
    private static final int I_ALL_GATHERV_IN_PLACE = FunctionStats.id("MPI_Iallgatherv");
    private static final int I_ALL_TO_ALL = FunctionStats.id("MPI_Ialltoall");
    private static final int I_ALL_TO_ALLV = FunctionStats.id("MPI_Ialltoallv");
    private static final int I_ALL_TO_ALLW = FunctionStats.id("MPI_Ialltoallw");
    private static final int I_NEIGHBOR_ALL_GATHER = FunctionStats.id("MPI_Ineighbor_allgather");
    private static final int I_NEIGHBOR_ALL_GATHERV = FunctionStats.id("MPI_Ineighbor_allgatherv");
    private static final int I_NEIGHBOR_ALL_TO_ALL = FunctionStats.id("MPI_Ineighbor_alltoall");
    private static final int I_NEIGHBOR_ALL_TO_ALLV = FunctionStats.id("MPI_Ineighbor_alltoallv");
    private static final int I_REDUCE = FunctionStats.id("MPI_Ireduce");
    private static final int I_REDUCE_IN_PLACE = FunctionStats.id("MPI_Ireduce");
    private static final int I_ALL_REDUCE = FunctionStats.id("MPI_Iallreduce");
    private static final int I_ALL_REDUCE_IN_PLACE = FunctionStats.id("MPI_Iallreduce");
    private static final int I_REDUCE_SCATTER = FunctionStats.id("MPI_Ireduce_scatter");
    private static final int I_REDUCE_SCATTER_IN_PLACE = FunctionStats.id("MPI_Ireduce_scatter");
    private static final int I_REDUCE_SCATTER_BLOCK = FunctionStats.id("MPI_Ireduce_scatter_block");
    private static final int I_REDUCE_SCATTER_BLOCK_IN_PLACE = FunctionStats.id("MPI_Ireduce_scatter_block");
    private static final int I_SCAN = FunctionStats.id("MPI_Iscan");
    private static final int I_SCAN_IN_PLACE = FunctionStats.id("MPI_Iscan");
    private static final int I_EX_SCAN = FunctionStats.id("MPI_Iexscan");
    private static final int I_EX_SCAN_IN_PLACE = FunctionStats.id("MPI_Iexscan");
    private static final Object[] NO_BUFFERS = {};
    private static final int[] NO_TYPES = {};

    private static long clock(int comm) throws ManaException {
        if (comm == CollWrappers.WORLD) {
            mana.core.fn.Activations.event();
        }
        CommDescriptor d = Lower.commDescriptor(comm);
        return d == null ? 0 : d.beginCollective();
    }

    private static mpi.Intracomm intracomm(int comm) throws ManaException {
        return Lower.intracomm(comm, " (scan and exscan need an intracommunicator)");
    }

    private static Datatype[] committedTypes(int[] vids) throws ManaException {
        if (vids == null) {
            return null;
        }
        Datatype[] t = new Datatype[vids.length];
        for (int i = 0; i < vids.length; i++) {
            t[i] = Lower.committedType(vids[i]);
        }
        return t;
    }

    /**
     * MPI_Ialltoallw's datatypes must be predefined: with a derived one Open MPI 4.1.4 keeps the
     * datatype array the binding passed and reads it again when the request completes, after
     * the binding freed it (the raw binding crashes the JVM in the wait).
     */
    private static Datatype[] predefinedTypes(int[] vids, String what) throws ManaException {
        Datatype[] t = committedTypes(vids);
        if (vids != null) {
            for (int i = 0; i < vids.length; i++) {
                if (!Vid.isPredefined(vids[i])) {
                    throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION, "MPI_Ialltoallw with a derived datatype ("
                            + what + "[" + i + "] = " + Vid.toString(vids[i]) + ") is not supported: Open MPI 4.1.4"
                            + " reads the Java binding's freed datatype array when the request completes; use"
                            + " predefined datatypes or the blocking allToAllw");
                }
            }
        }
        return t;
    }

    private static int[] concat(int[] a, int[] b) {
        int na = a == null ? 0 : a.length;
        int nb = b == null ? 0 : b.length;
        int[] out = new int[na + nb];
        if (na > 0) {
            System.arraycopy(a, 0, out, 0, na);
        }
        if (nb > 0) {
            System.arraycopy(b, 0, out, na, nb);
        }
        return out;
    }

    /** A predefined op's lower half; a user-defined op cannot run in a non-blocking reduction (see the class comment). */
    private static mpi.Op predefinedOp(int op, String function) throws ManaException {
        mpi.Op o = (mpi.Op) Handles.lower(op, Kind.OP);
        if (!Vid.isPredefined(op)) {
            throw ManaException.of(ErrorClass.UNSUPPORTED_OPERATION, function + " with a user-defined op ("
                    + Vid.toString(op) + ") is not supported: Open MPI 4.1.4's Java binding cannot call a user op"
                    + " back from a non-blocking reduction; use the blocking form");
        }
        return o;
    }

    private static int pending(Request r, Op op, int comm, long seq, int root, Object[] buffers, int[] types)
            throws ManaException {
        return Requests.createCollective(r, op, comm, seq, root, buffers, types);
    }

    @Override
    public int iBarrier(int comm) throws ManaException {
        FunctionStats.count(I_BARRIER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            long seq = clock(comm);
            Request r = c.iBarrier();
            return pending(r, Op.IBARRIER, comm, seq, -1, NO_BUFFERS, NO_TYPES);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iBcast(int comm, Buffer buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(I_BCAST);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            Args.rootedFits(buf, count, type, root, comm, "buf");
            long seq = clock(comm);
            Request r = c.iBcast(buf, count, typeL, root);
            return pending(r, Op.IBCAST, comm, seq, root, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_GATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.rootFitsPerProcess(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iGather(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL, root);
            return pending(r, Op.IGATHER, comm, seq, root, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iGatherInPlace(int comm, Buffer buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(I_GATHER_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            Args.inPlaceFits(buf, count, type, root, comm, "buf");
            long seq = clock(comm);
            Request r = c.iGather(buf, count, typeL, root);
            return pending(r, Op.IGATHER, comm, seq, root, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_GATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(recvcount, root, comm, "recvcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.rootFitsV(recvbuf, recvcount, displs, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iGatherv(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, displs, recvtypeL, root);
            return pending(r, Op.IGATHERV, comm, seq, root, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iGathervRecvOnly(int comm, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_GATHERV_RECV_ONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(recvcount, root, comm, "recvcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.rootFitsV(recvbuf, recvcount, displs, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iGatherv(recvbuf, recvcount, displs, recvtypeL, root);
            return pending(r, Op.IGATHERV, comm, seq, root, new Object[] {recvbuf}, new int[] {recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iGathervSendOnly(int comm, Buffer sendbuf, int sendcount, int sendtype, int root) throws ManaException {
        FunctionStats.count(I_GATHERV_SEND_ONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            long seq = clock(comm);
            Request r = c.iGatherv(sendbuf, sendcount, sendtypeL, root);
            return pending(r, Op.IGATHERV, comm, seq, root, new Object[] {sendbuf}, new int[] {sendtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScatter(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_SCATTER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.rootFitsPerProcess(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iScatter(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL, root);
            return pending(r, Op.ISCATTER, comm, seq, root, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScatterInPlace(int comm, Buffer buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(I_SCATTER_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            Args.inPlaceFits(buf, count, type, root, comm, "buf");
            long seq = clock(comm);
            Request r = c.iScatter(buf, count, typeL, root);
            return pending(r, Op.ISCATTER, comm, seq, root, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScatterv(int comm, Buffer sendbuf, int[] sendcount, int[] displs, int sendtype, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_SCATTERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(sendcount, root, comm, "sendcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.rootFitsV(sendbuf, sendcount, displs, sendtype, root, comm, "sendbuf");
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iScatterv(sendbuf, sendcount, displs, sendtypeL, recvbuf, recvcount, recvtypeL, root);
            return pending(r, Op.ISCATTERV, comm, seq, root, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScattervSendOnly(int comm, Buffer sendbuf, int[] sendcount, int[] displs, int sendtype, int root) throws ManaException {
        FunctionStats.count(I_SCATTERV_SEND_ONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(sendcount, root, comm, "sendcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Args.rootFitsV(sendbuf, sendcount, displs, sendtype, root, comm, "sendbuf");
            long seq = clock(comm);
            Request r = c.iScatterv(sendbuf, sendcount, displs, sendtypeL, root);
            return pending(r, Op.ISCATTERV, comm, seq, root, new Object[] {sendbuf}, new int[] {sendtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScattervRecvOnly(int comm, Buffer recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(I_SCATTERV_RECV_ONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iScatterv(recvbuf, recvcount, recvtypeL, root);
            return pending(r, Op.ISCATTERV, comm, seq, root, new Object[] {recvbuf}, new int[] {recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(I_ALL_GATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerProcess(recvbuf, recvcount, recvtype, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iAllGather(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL);
            return pending(r, Op.IALLGATHER, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllGatherInPlace(int comm, Buffer buf, int count, int type) throws ManaException {
        FunctionStats.count(I_ALL_GATHER_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            Args.fitsPerProcess(buf, count, type, comm, "buf");
            long seq = clock(comm);
            Request r = c.iAllGather(buf, count, typeL);
            return pending(r, Op.IALLGATHER, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException {
        FunctionStats.count(I_ALL_GATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perProcess(recvcount, comm, "recvcount");
            Args.perProcess(displs, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsV(recvbuf, recvcount, displs, recvtype, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iAllGatherv(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, displs, recvtypeL);
            return pending(r, Op.IALLGATHERV, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllGathervInPlace(int comm, Buffer buf, int[] count, int[] displs, int type) throws ManaException {
        FunctionStats.count(I_ALL_GATHERV_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perProcess(count, comm, "count");
            Args.perProcess(displs, comm, "displs");
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            Args.fitsV(buf, count, displs, type, comm, "buf");
            long seq = clock(comm);
            Request r = c.iAllGatherv(buf, count, displs, typeL);
            return pending(r, Op.IALLGATHERV, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllToAll(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(I_ALL_TO_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fitsPerProcess(sendbuf, sendcount, sendtype, comm, "sendbuf");
            Args.fitsPerProcess(recvbuf, recvcount, recvtype, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iAllToAll(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL);
            return pending(r, Op.IALLTOALL, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllToAllv(int comm, Buffer sendbuf, int[] sendcount, int[] sdispls, int sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException {
        FunctionStats.count(I_ALL_TO_ALLV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perProcess(sendcount, comm, "sendcount");
            Args.perProcess(sdispls, comm, "sdispls");
            Args.perProcess(recvcount, comm, "recvcount");
            Args.perProcess(rdispls, comm, "rdispls");
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fitsV(sendbuf, sendcount, sdispls, sendtype, comm, "sendbuf");
            Args.fitsV(recvbuf, recvcount, rdispls, recvtype, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iAllToAllv(sendbuf, sendcount, sdispls, sendtypeL, recvbuf, recvcount, rdispls, recvtypeL);
            return pending(r, Op.IALLTOALLV, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllToAllw(int comm, Buffer sendBuf, int[] sendCount, int[] sDispls, int[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, int[] recvTypes) throws ManaException {
        FunctionStats.count(I_ALL_TO_ALLW);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.allToAllwArrays(comm, sendCount, sDispls, sendTypes, recvCount, rDispls, recvTypes);
            mpi.Comm c = Lower.comm(comm);
            Datatype[] sendTypesL = predefinedTypes(sendTypes, "sendTypes");
            Datatype[] recvTypesL = predefinedTypes(recvTypes, "recvTypes");
            Args.fitsW(sendBuf, sendCount, sDispls, sendTypes, comm, "sendBuf");
            Args.fitsW(recvBuf, recvCount, rDispls, recvTypes, comm, "recvBuf");
            long seq = clock(comm);
            Request r = c.iAllToAllw(sendBuf, sendCount, sDispls, sendTypesL, recvBuf, recvCount, rDispls, recvTypesL);
            return pending(r, Op.IALLTOALLW, comm, seq, -1, new Object[] {sendBuf, recvBuf}, concat(sendTypes, recvTypes));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iNeighborAllGather(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(I_NEIGHBOR_ALL_GATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerNeighbor(recvbuf, recvcount, recvtype, comm, true, "recvbuf");
            long seq = clock(comm);
            Request r = c.iNeighborAllGather(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL);
            return pending(r, Op.INEIGHBOR_ALLGATHER, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iNeighborAllGatherv(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException {
        FunctionStats.count(I_NEIGHBOR_ALL_GATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.perNeighbor(recvcount, comm, true, "recvcount");
            Args.perNeighbor(displs, comm, true, "displs");
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerNeighborV(recvbuf, recvcount, displs, recvtype, comm, true, "recvbuf");
            long seq = clock(comm);
            Request r = c.iNeighborAllGatherv(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, displs, recvtypeL);
            return pending(r, Op.INEIGHBOR_ALLGATHERV, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iNeighborAllToAll(int comm, Buffer sendbuf, int sendcount, int sendtype, Buffer recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(I_NEIGHBOR_ALL_TO_ALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.fitsPerNeighbor(sendbuf, sendcount, sendtype, comm, false, "sendbuf");
            Args.fitsPerNeighbor(recvbuf, recvcount, recvtype, comm, true, "recvbuf");
            long seq = clock(comm);
            Request r = c.iNeighborAllToAll(sendbuf, sendcount, sendtypeL, recvbuf, recvcount, recvtypeL);
            return pending(r, Op.INEIGHBOR_ALLTOALL, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iNeighborAllToAllv(int comm, Buffer sendbuf, int[] sendcount, int[] sdispls, int sendtype, Buffer recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException {
        FunctionStats.count(I_NEIGHBOR_ALL_TO_ALLV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype sendtypeL = Lower.committedType(sendtype);
            Datatype recvtypeL = Lower.committedType(recvtype);
            Args.neighborAllToAllv(comm, sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype);
            long seq = clock(comm);
            Request r = c.iNeighborAllToAllv(sendbuf, sendcount, sdispls, sendtypeL, recvbuf, recvcount, rdispls, recvtypeL);
            return pending(r, Op.INEIGHBOR_ALLTOALLV, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {sendtype, recvtype});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduce(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op, int root) throws ManaException {
        FunctionStats.count(I_REDUCE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce");
            Args.leafFits(sendbuf, count, type, root, comm, "sendbuf");
            Args.rootFits(recvbuf, count, type, root, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iReduce(sendbuf, recvbuf, count, typeL, opL, root);
            return pending(r, Op.IREDUCE, comm, seq, root, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduceInPlace(int comm, Buffer buf, int count, int type, int op, int root) throws ManaException {
        FunctionStats.count(I_REDUCE_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce");
            Args.fits(buf, count, type, "buf");
            long seq = clock(comm);
            Request r = c.iReduce(buf, count, typeL, opL, root);
            return pending(r, Op.IREDUCE, comm, seq, root, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllReduce(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_ALL_REDUCE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iallreduce");
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fits(recvbuf, count, type, "recvbuf");
            long seq = clock(comm);
            Request r = c.iAllReduce(sendbuf, recvbuf, count, typeL, opL);
            return pending(r, Op.IALLREDUCE, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iAllReduceInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_ALL_REDUCE_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iallreduce");
            Args.fits(buf, count, type, "buf");
            long seq = clock(comm);
            Request r = c.iAllReduce(buf, count, typeL, opL);
            return pending(r, Op.IALLREDUCE, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduceScatter(int comm, Buffer sendbuf, Buffer recvbuf, int[] recvcounts, int type, int op) throws ManaException {
        FunctionStats.count(I_REDUCE_SCATTER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.localPerProcess(recvcounts, comm, "recvcounts");
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce_scatter");
            Args.fitsSum(sendbuf, recvcounts, type, comm, "sendbuf");
            Args.fitsOwnCount(recvbuf, recvcounts, type, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iReduceScatter(sendbuf, recvbuf, recvcounts, typeL, opL);
            return pending(r, Op.IREDUCE_SCATTER, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduceScatterInPlace(int comm, Buffer buf, int[] counts, int type, int op) throws ManaException {
        FunctionStats.count(I_REDUCE_SCATTER_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.localPerProcess(counts, comm, "counts");
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce_scatter");
            Args.fitsSum(buf, counts, type, comm, "buf");
            long seq = clock(comm);
            Request r = c.iReduceScatter(buf, counts, typeL, opL);
            return pending(r, Op.IREDUCE_SCATTER, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduceScatterBlock(int comm, Buffer sendbuf, Buffer recvbuf, int recvcount, int type, int op) throws ManaException {
        FunctionStats.count(I_REDUCE_SCATTER_BLOCK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce_scatter_block");
            Args.fitsPerLocalProcess(sendbuf, recvcount, type, comm, "sendbuf");
            Args.fits(recvbuf, recvcount, type, "recvbuf");
            long seq = clock(comm);
            Request r = c.iReduceScatterBlock(sendbuf, recvbuf, recvcount, typeL, opL);
            return pending(r, Op.IREDUCE_SCATTER_BLOCK, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iReduceScatterBlockInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_REDUCE_SCATTER_BLOCK_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Comm c = Lower.comm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Ireduce_scatter_block");
            Args.fitsPerLocalProcess(buf, count, type, comm, "buf");
            long seq = clock(comm);
            Request r = c.iReduceScatterBlock(buf, count, typeL, opL);
            return pending(r, Op.IREDUCE_SCATTER_BLOCK, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScan(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_SCAN);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Intracomm c = intracomm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iscan");
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fits(recvbuf, count, type, "recvbuf");
            long seq = clock(comm);
            Request r = c.iScan(sendbuf, recvbuf, count, typeL, opL);
            return pending(r, Op.ISCAN, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iScanInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_SCAN_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Intracomm c = intracomm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iscan");
            Args.fits(buf, count, type, "buf");
            long seq = clock(comm);
            Request r = c.iScan(buf, count, typeL, opL);
            return pending(r, Op.ISCAN, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iExScan(int comm, Buffer sendbuf, Buffer recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_EX_SCAN);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Intracomm c = intracomm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iexscan");
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fitsAboveRankZero(recvbuf, count, type, comm, "recvbuf");
            long seq = clock(comm);
            Request r = c.iExScan(sendbuf, recvbuf, count, typeL, opL);
            return pending(r, Op.IEXSCAN, comm, seq, -1, new Object[] {sendbuf, recvbuf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public int iExScanInPlace(int comm, Buffer buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(I_EX_SCAN_IN_PLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            mpi.Intracomm c = intracomm(comm);
            Datatype typeL = Lower.committedType(type);
            mpi.Op opL = predefinedOp(op, "MPI_Iexscan");
            Args.fits(buf, count, type, "buf");
            long seq = clock(comm);
            Request r = c.iExScan(buf, count, typeL, opL);
            return pending(r, Op.IEXSCAN, comm, seq, -1, new Object[] {buf}, new int[] {type});
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }
}
