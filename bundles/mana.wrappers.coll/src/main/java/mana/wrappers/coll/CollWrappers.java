package mana.wrappers.coll;

import java.nio.Buffer;
import mana.core.desc.CommDescriptor;
import mana.core.error.ManaException;
import mana.core.fn.Activations;
import mana.core.fn.CollProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.wrappers.base.Args;
import mana.wrappers.base.Lower;
import mana.wrappers.base.RecvArrays;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;
import org.osgi.service.component.annotations.Component;

/**
 * Blocking collective operations. Each one advances the communicator's collective clock
 * before the lower-half call (the Java form of MANA's commit_begin), inside the checkpoint
 * gate, then calls the same overload of the lower half.
 */
@Component(service = CollProvider.class)
public final class CollWrappers extends NonBlockingCollectives {
    private static final int BARRIER = FunctionStats.id("MPI_Barrier");
    private static final int BCAST = FunctionStats.id("MPI_Bcast");
    private static final int GATHER = FunctionStats.id("MPI_Gather");
    private static final int GATHERINPLACE = FunctionStats.id("MPI_Gather");
    private static final int GATHERV = FunctionStats.id("MPI_Gatherv");
    private static final int GATHERVRECVONLY = FunctionStats.id("MPI_Gatherv");
    private static final int GATHERVSENDONLY = FunctionStats.id("MPI_Gatherv");
    private static final int SCATTER = FunctionStats.id("MPI_Scatter");
    private static final int SCATTERINPLACE = FunctionStats.id("MPI_Scatter");
    private static final int SCATTERV = FunctionStats.id("MPI_Scatterv");
    private static final int SCATTERVSENDONLY = FunctionStats.id("MPI_Scatterv");
    private static final int SCATTERVRECVONLY = FunctionStats.id("MPI_Scatterv");
    private static final int ALLGATHER = FunctionStats.id("MPI_Allgather");
    private static final int ALLGATHERINPLACE = FunctionStats.id("MPI_Allgather");
    private static final int ALLGATHERV = FunctionStats.id("MPI_Allgatherv");
    private static final int ALLGATHERVINPLACE = FunctionStats.id("MPI_Allgatherv");
    private static final int ALLTOALL = FunctionStats.id("MPI_Alltoall");
    private static final int ALLTOALLV = FunctionStats.id("MPI_Alltoallv");
    private static final int ALLTOALLW = FunctionStats.id("MPI_Alltoallw");
    private static final int NEIGHBORALLGATHER = FunctionStats.id("MPI_Neighbor_allgather");
    private static final int NEIGHBORALLGATHERV = FunctionStats.id("MPI_Neighbor_allgatherv");
    private static final int NEIGHBORALLTOALL = FunctionStats.id("MPI_Neighbor_alltoall");
    private static final int NEIGHBORALLTOALLV = FunctionStats.id("MPI_Neighbor_alltoallv");
    private static final int REDUCE = FunctionStats.id("MPI_Reduce");
    private static final int REDUCEINPLACE = FunctionStats.id("MPI_Reduce");
    private static final int ALLREDUCE = FunctionStats.id("MPI_Allreduce");
    private static final int ALLREDUCEINPLACE = FunctionStats.id("MPI_Allreduce");
    private static final int REDUCESCATTER = FunctionStats.id("MPI_Reduce_scatter");
    private static final int REDUCESCATTERINPLACE = FunctionStats.id("MPI_Reduce_scatter");
    private static final int REDUCESCATTERBLOCK = FunctionStats.id("MPI_Reduce_scatter_block");
    private static final int REDUCESCATTERBLOCKINPLACE = FunctionStats.id("MPI_Reduce_scatter_block");
    private static final int REDUCELOCAL = FunctionStats.id("MPI_Reduce_local");
    private static final int SCAN = FunctionStats.id("MPI_Scan");
    private static final int SCANINPLACE = FunctionStats.id("MPI_Scan");
    private static final int EXSCAN = FunctionStats.id("MPI_Exscan");
    private static final int EXSCANINPLACE = FunctionStats.id("MPI_Exscan");

    /** MPI_COMM_WORLD's handle: its collectives are the points where hot-added bundles switch on. */
    static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    private static mpi.Comm begin(int comm) throws ManaException {
        mpi.Comm c = Lower.comm(comm);
        if (comm == WORLD) {
            Activations.event();
        }
        CommDescriptor d = Lower.commDescriptor(comm);
        if (d != null) {
            d.beginCollective();
        }
        return c;
    }

    /**
     * Whether this process receives in a scatter: every process of an intracommunicator, the
     * remote group of an intercommunicator (not MPI.ROOT, not MPI.PROC_NULL).
     */
    private static boolean receivesFromRoot(int root) {
        return root != mpi.MPI.ROOT && root != mpi.MPI.PROC_NULL;
    }

    /**
     * Elements of an in-place gather's or scatter's buffer: a block per process at the root, one
     * block elsewhere (what RecvArrays.forSpanBeyondCopy stages for a derived datatype whose
     * elements reach past count × extent, which the binding's copy of the buffer does not hold).
     */
    private static long inPlaceCount(int comm, int count, int root) throws ManaException {
        return Args.isRoot(comm, root) ? (long) count * Args.peers(comm) : count;
    }

    private static Op op(int op) throws ManaException, MPIException {
        return UserOps.forBlockingCall(op);
    }

    private static Datatype[] types(int[] vids) throws ManaException {
        if (vids == null) {
            return null;
        }
        Datatype[] t = new Datatype[vids.length];
        for (int i = 0; i < vids.length; i++) {
            t[i] = Lower.committedType(vids[i]);
        }
        return t;
    }

    @Override
    public void barrier(int comm) throws ManaException {
        FunctionStats.count(BARRIER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            begin(comm).barrier();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void bcast(int comm, Object buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(BCAST);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(buf, count, "buf");
            Args.rootedFits(buf, count, type, root, comm, "buf");
            mpi.Comm c = begin(comm);
            Datatype t = Lower.committedType(type);
            RecvArrays.Target both = RecvArrays.forSpanBeyondCopy(pass, buf, count, type, t);
            boolean done = false;
            try {
                c.bcast(RecvArrays.bufferOr(both, buf), count, t, root);
                done = true;
            } finally {
                RecvArrays.finish(both, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void gather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(GATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, sendcount, "sendbuf");
            Args.rootBuffer(recvbuf, recvcount, root, comm, "recvbuf");
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.rootFitsPerProcess(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            // on an intercommunicator, what MPI ignores goes down as null (Args.rootSide)
            sendbuf = Args.leafSide(sendbuf, root, comm);
            recvbuf = Args.rootSide(recvbuf, root, comm);
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = RecvArrays.forSpanBeyondCopy(pass, sendbuf, sendcount, sendtype, st);
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                into = Args.isRoot(comm, root) ? RecvArrays.forWholeCollective(pass, recvbuf,
                        (long) recvcount * Args.peers(comm), recvtype, rt) : null;
                c.gather(RecvArrays.bufferOr(from, sendbuf), sendcount, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void gatherInPlace(int comm, Object buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(GATHERINPLACE);
        rootedInPlace(true, comm, buf, count, type, root);
    }

    @Override
    public void gatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException {
        FunctionStats.count(GATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, sendcount, "sendbuf");
            Args.rootPerProcess(recvcount, root, comm, "recvcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            Args.rootBuffer(recvbuf, 1, root, comm, "recvbuf");
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.rootFitsV(recvbuf, recvcount, displs, recvtype, root, comm, "recvbuf");
            sendbuf = Args.leafSide(sendbuf, root, comm);
            recvbuf = Args.rootSide(recvbuf, root, comm);
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = Args.isRoot(comm, root)
                    ? RecvArrays.forCollectiveV(pass, recvbuf, recvcount, displs, recvtype, rt) : null;
            boolean done = false;
            try {
                c.gatherv(sendbuf, sendcount, st, RecvArrays.bufferOr(into, recvbuf), recvcount, displs, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void gathervRecvOnly(int comm, Object recvbuf, int[] recvcount, int[] displs, int recvtype, int root) throws ManaException {
        FunctionStats.count(GATHERVRECVONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(recvcount, root, comm, "recvcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            Args.rootBuffer(recvbuf, 1, root, comm, "recvbuf");
            Args.rootFitsV(recvbuf, recvcount, displs, recvtype, root, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = Args.isRoot(comm, root)
                    ? RecvArrays.forCollectiveV(pass, recvbuf, recvcount, displs, recvtype, rt) : null;
            boolean done = false;
            try {
                c.gatherv(RecvArrays.bufferOr(into, recvbuf), recvcount, displs, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void gathervSendOnly(int comm, Object sendbuf, int sendcount, int sendtype, int root) throws ManaException {
        FunctionStats.count(GATHERVSENDONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.leafFits(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            begin(comm).gatherv(sendbuf, sendcount, Lower.committedType(sendtype), root);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scatter(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(SCATTER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootBuffer(sendbuf, sendcount, root, comm, "sendbuf");
            Args.buffer(recvbuf, recvcount, "recvbuf");
            Args.rootFitsPerProcess(sendbuf, sendcount, sendtype, root, comm, "sendbuf");
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            sendbuf = Args.rootSide(sendbuf, root, comm);
            recvbuf = Args.leafSide(recvbuf, root, comm);
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = null;
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                from = Args.isRoot(comm, root) ? RecvArrays.forSpanBeyondCopy(pass, sendbuf,
                        (long) sendcount * Args.peers(comm), sendtype, st) : null;
                into = receivesFromRoot(root) ? RecvArrays.forScatter(pass, recvbuf, recvcount, recvtype, rt) : null;
                c.scatter(RecvArrays.bufferOr(from, sendbuf), sendcount, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scatterInPlace(int comm, Object buf, int count, int type, int root) throws ManaException {
        FunctionStats.count(SCATTERINPLACE);
        rootedInPlace(false, comm, buf, count, type, root);
    }

    /** gather or scatter in place: the root's buffer holds every block, elsewhere one. */
    private static void rootedInPlace(boolean gather, int comm, Object buf, int count, int type, int root)
            throws ManaException {
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.inPlaceFits(buf, count, type, root, comm, "buf");
            mpi.Comm c = begin(comm);
            Datatype t = Lower.committedType(type);
            RecvArrays.Target both = RecvArrays.forSpanBeyondCopy(pass, buf, inPlaceCount(comm, count, root), type, t);
            boolean done = false;
            try {
                if (gather) {
                    c.gather(RecvArrays.bufferOr(both, buf), count, t, root);
                } else {
                    c.scatter(RecvArrays.bufferOr(both, buf), count, t, root);
                }
                done = true;
            } finally {
                RecvArrays.finish(both, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scatterv(int comm, Object sendbuf, int[] sendcount, int[] displs, int sendtype, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(SCATTERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(sendcount, root, comm, "sendcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            Args.rootBuffer(sendbuf, 1, root, comm, "sendbuf");
            Args.buffer(recvbuf, recvcount, "recvbuf");
            Args.rootFitsV(sendbuf, sendcount, displs, sendtype, root, comm, "sendbuf");
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            sendbuf = Args.rootSide(sendbuf, root, comm);
            recvbuf = Args.leafSide(recvbuf, root, comm);
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = null;
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                from = Args.isRoot(comm, root) ? RecvArrays.forSendV(pass, sendbuf, sendcount, displs, sendtype, st) : null;
                into = receivesFromRoot(root) ? RecvArrays.forCollective(pass, recvbuf, recvcount, recvtype, rt) : null;
                c.scatterv(RecvArrays.bufferOr(from, sendbuf), sendcount, displs, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scattervSendOnly(int comm, Object sendbuf, int[] sendcount, int[] displs, int sendtype, int root) throws ManaException {
        FunctionStats.count(SCATTERVSENDONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.rootPerProcess(sendcount, root, comm, "sendcount");
            Args.rootPerProcess(displs, root, comm, "displs");
            Args.rootBuffer(sendbuf, 1, root, comm, "sendbuf");
            Args.rootFitsV(sendbuf, sendcount, displs, sendtype, root, comm, "sendbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            RecvArrays.Target from = Args.isRoot(comm, root) ? RecvArrays.forSendV(pass, sendbuf, sendcount, displs, sendtype, st) : null;
            try {
                c.scatterv(RecvArrays.bufferOr(from, sendbuf), sendcount, displs, st, root);
            } finally {
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scattervRecvOnly(int comm, Object recvbuf, int recvcount, int recvtype, int root) throws ManaException {
        FunctionStats.count(SCATTERVRECVONLY);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.leafFits(recvbuf, recvcount, recvtype, root, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = receivesFromRoot(root)
                    ? RecvArrays.forCollective(pass, recvbuf, recvcount, recvtype, rt) : null;
            boolean done = false;
            try {
                c.scatterv(RecvArrays.bufferOr(into, recvbuf), recvcount, rt, root);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allGather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(ALLGATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, sendcount, "sendbuf");
            Args.buffer(recvbuf, recvcount, "recvbuf");
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerProcess(recvbuf, recvcount, recvtype, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = RecvArrays.forSpanBeyondCopy(pass, sendbuf, sendcount, sendtype, st);
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                into = RecvArrays.forWholeCollective(pass, recvbuf, (long) recvcount * Args.peers(comm), recvtype, rt);
                c.allGather(RecvArrays.bufferOr(from, sendbuf), sendcount, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allGatherInPlace(int comm, Object buf, int count, int type) throws ManaException {
        FunctionStats.count(ALLGATHERINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fitsPerProcess(buf, count, type, comm, "buf");
            mpi.Comm c = begin(comm);
            Datatype t = Lower.committedType(type);
            RecvArrays.Target both = RecvArrays.forSpanBeyondCopy(pass, buf, (long) count * Args.peers(comm), type, t);
            boolean done = false;
            try {
                c.allGather(RecvArrays.bufferOr(both, buf), count, t);
                done = true;
            } finally {
                RecvArrays.finish(both, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allGatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException {
        FunctionStats.count(ALLGATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, sendcount, "sendbuf");
            Args.perProcess(recvcount, comm, "recvcount");
            Args.perProcess(displs, comm, "displs");
            Args.buffer(recvbuf, 1, "recvbuf");
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsV(recvbuf, recvcount, displs, recvtype, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = RecvArrays.forCollectiveV(pass, recvbuf, recvcount, displs, recvtype, rt);
            boolean done = false;
            try {
                c.allGatherv(sendbuf, sendcount, st, RecvArrays.bufferOr(into, recvbuf), recvcount, displs, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allGathervInPlace(int comm, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException {
        FunctionStats.count(ALLGATHERVINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perProcess(recvcount, comm, "recvcount");
            Args.perProcess(displs, comm, "displs");
            Args.fitsV(recvbuf, recvcount, displs, recvtype, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target both = RecvArrays.forCollectiveV(pass, recvbuf, recvcount, displs, recvtype, rt);
            boolean done = false;
            try {
                c.allGatherv(RecvArrays.bufferOr(both, recvbuf), recvcount, displs, rt);
                done = true;
            } finally {
                RecvArrays.finish(both, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allToAll(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(ALLTOALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, sendcount, "sendbuf");
            Args.buffer(recvbuf, recvcount, "recvbuf");
            Args.fitsPerProcess(sendbuf, sendcount, sendtype, comm, "sendbuf");
            Args.fitsPerProcess(recvbuf, recvcount, recvtype, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = RecvArrays.forSpanBeyondCopy(pass, sendbuf, (long) sendcount * Args.peers(comm), sendtype, st);
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                into = RecvArrays.forWholeCollective(pass, recvbuf, (long) recvcount * Args.peers(comm), recvtype, rt);
                c.allToAll(RecvArrays.bufferOr(from, sendbuf), sendcount, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allToAllv(int comm, Object sendbuf, int[] sendcount, int[] sdispls, int sendtype, Object recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException {
        FunctionStats.count(ALLTOALLV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perProcess(sendcount, comm, "sendcount");
            Args.perProcess(sdispls, comm, "sdispls");
            Args.perProcess(recvcount, comm, "recvcount");
            Args.perProcess(rdispls, comm, "rdispls");
            Args.buffer(sendbuf, 1, "sendbuf");
            Args.buffer(recvbuf, 1, "recvbuf");
            Args.fitsV(sendbuf, sendcount, sdispls, sendtype, comm, "sendbuf");
            Args.fitsV(recvbuf, recvcount, rdispls, recvtype, comm, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = null;
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                from = RecvArrays.forSendV(pass, sendbuf, sendcount, sdispls, sendtype, st);
                into = RecvArrays.forCollectiveV(pass, recvbuf, recvcount, rdispls, recvtype, rt);
                c.allToAllv(RecvArrays.bufferOr(from, sendbuf), sendcount, sdispls, st, RecvArrays.bufferOr(into, recvbuf),
                        recvcount, rdispls, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allToAllw(int comm, Buffer sendBuf, int[] sendCount, int[] sDispls, int[] sendTypes, Buffer recvBuf, int[] recvCount, int[] rDispls, int[] recvTypes) throws ManaException {
        FunctionStats.count(ALLTOALLW);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.allToAllwArrays(comm, sendCount, sDispls, sendTypes, recvCount, rDispls, recvTypes);
            Args.fitsW(sendBuf, sendCount, sDispls, sendTypes, comm, "sendBuf");
            Args.fitsW(recvBuf, recvCount, rDispls, recvTypes, comm, "recvBuf");
            begin(comm).allToAllw(sendBuf, sendCount, sDispls, types(sendTypes), recvBuf, recvCount, rDispls, types(recvTypes));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void neighborAllGather(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(NEIGHBORALLGATHER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerNeighbor(recvbuf, recvcount, recvtype, comm, true, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            // blocks of PROC_NULL neighbours are not written by MPI and keep the array's values
            RecvArrays.Target into = RecvArrays.forCollective(pass, recvbuf,
                    (long) recvcount * Args.degree(comm, true), recvtype, rt);
            boolean done = false;
            try {
                c.neighborAllGather(sendbuf, sendcount, st, RecvArrays.bufferOr(into, recvbuf), recvcount, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void neighborAllGatherv(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int[] recvcount, int[] displs, int recvtype) throws ManaException {
        FunctionStats.count(NEIGHBORALLGATHERV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.perNeighbor(recvcount, comm, true, "recvcount");
            Args.perNeighbor(displs, comm, true, "displs");
            Args.fits(sendbuf, sendcount, sendtype, "sendbuf");
            Args.fitsPerNeighborV(recvbuf, recvcount, displs, recvtype, comm, true, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = RecvArrays.forCollectiveV(pass, recvbuf, recvcount, displs, recvtype, rt);
            boolean done = false;
            try {
                c.neighborAllGatherv(sendbuf, sendcount, st, RecvArrays.bufferOr(into, recvbuf), recvcount, displs, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void neighborAllToAll(int comm, Object sendbuf, int sendcount, int sendtype, Object recvbuf, int recvcount, int recvtype) throws ManaException {
        FunctionStats.count(NEIGHBORALLTOALL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fitsPerNeighbor(sendbuf, sendcount, sendtype, comm, false, "sendbuf");
            Args.fitsPerNeighbor(recvbuf, recvcount, recvtype, comm, true, "recvbuf");
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target into = RecvArrays.forCollective(pass, recvbuf,
                    (long) recvcount * Args.degree(comm, true), recvtype, rt);
            boolean done = false;
            try {
                c.neighborAllToAll(sendbuf, sendcount, st, RecvArrays.bufferOr(into, recvbuf), recvcount, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void neighborAllToAllv(int comm, Object sendbuf, int[] sendcount, int[] sdispls, int sendtype, Object recvbuf, int[] recvcount, int[] rdispls, int recvtype) throws ManaException {
        FunctionStats.count(NEIGHBORALLTOALLV);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.neighborAllToAllv(comm, sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype);
            mpi.Comm c = begin(comm);
            Datatype st = Lower.committedType(sendtype);
            Datatype rt = Lower.committedType(recvtype);
            RecvArrays.Target from = null;
            RecvArrays.Target into = null;
            boolean done = false;
            try {
                from = RecvArrays.forSendV(pass, sendbuf, sendcount, sdispls, sendtype, st);
                into = RecvArrays.forCollectiveV(pass, recvbuf, recvcount, rdispls, recvtype, rt);
                c.neighborAllToAllv(RecvArrays.bufferOr(from, sendbuf), sendcount, sdispls, st,
                        RecvArrays.bufferOr(into, recvbuf), recvcount, rdispls, rt);
                done = true;
            } finally {
                RecvArrays.finish(into, done);
                RecvArrays.release(from);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op, int root) throws ManaException {
        FunctionStats.count(REDUCE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(sendbuf, count, "sendbuf");
            Args.rootBuffer(recvbuf, count, root, comm, "recvbuf");
            Args.leafFits(sendbuf, count, type, root, comm, "sendbuf");
            Args.rootFits(recvbuf, count, type, root, comm, "recvbuf");
            begin(comm).reduce(sendbuf, recvbuf, count, Lower.committedType(type), op(op), root);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceInPlace(int comm, Object buf, int count, int type, int op, int root) throws ManaException {
        FunctionStats.count(REDUCEINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(buf, count, type, "buf");
            begin(comm).reduce(buf, count, Lower.committedType(type), op(op), root);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allReduce(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(ALLREDUCE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fits(recvbuf, count, type, "recvbuf");
            begin(comm).allReduce(sendbuf, recvbuf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void allReduceInPlace(int comm, Object buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(ALLREDUCEINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(buf, count, type, "buf");
            begin(comm).allReduce(buf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceScatter(int comm, Object sendbuf, Object recvbuf, int[] recvcounts, int type, int op) throws ManaException {
        FunctionStats.count(REDUCESCATTER);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.localPerProcess(recvcounts, comm, "recvcounts");
            Args.buffer(sendbuf, 1, "sendbuf");
            Args.buffer(recvbuf, 1, "recvbuf");
            Args.fitsSum(sendbuf, recvcounts, type, comm, "sendbuf");
            Args.fitsOwnCount(recvbuf, recvcounts, type, comm, "recvbuf");
            begin(comm).reduceScatter(sendbuf, recvbuf, recvcounts, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceScatterInPlace(int comm, Object buf, int[] counts, int type, int op) throws ManaException {
        FunctionStats.count(REDUCESCATTERINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.localPerProcess(counts, comm, "counts");
            Args.fitsSum(buf, counts, type, comm, "buf");
            begin(comm).reduceScatter(buf, counts, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceScatterBlock(int comm, Object sendbuf, Object recvbuf, int recvcount, int type, int op) throws ManaException {
        FunctionStats.count(REDUCESCATTERBLOCK);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fitsPerLocalProcess(sendbuf, recvcount, type, comm, "sendbuf");
            Args.fits(recvbuf, recvcount, type, "recvbuf");
            begin(comm).reduceScatterBlock(sendbuf, recvbuf, recvcount, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceScatterBlockInPlace(int comm, Object buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(REDUCESCATTERBLOCKINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fitsPerLocalProcess(buf, count, type, comm, "buf");
            begin(comm).reduceScatterBlock(buf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void reduceLocal(Object inBuf, Object inOutBuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(REDUCELOCAL);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.buffer(inBuf, count, "inBuf");
            Args.buffer(inOutBuf, count, "inOutBuf");
            Args.fitsPinned(inBuf, count, type, "inBuf");
            Args.fitsPinned(inOutBuf, count, type, "inOutBuf");
            mpi.Comm.reduceLocal(inBuf, inOutBuf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scan(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(SCAN);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fits(recvbuf, count, type, "recvbuf");
            ((mpi.Intracomm) begin(comm)).scan(sendbuf, recvbuf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void scanInPlace(int comm, Object recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(SCANINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(recvbuf, count, type, "recvbuf");
            ((mpi.Intracomm) begin(comm)).scan(recvbuf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void exScan(int comm, Object sendbuf, Object recvbuf, int count, int type, int op) throws ManaException {
        FunctionStats.count(EXSCAN);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(sendbuf, count, type, "sendbuf");
            Args.fitsAboveRankZero(recvbuf, count, type, comm, "recvbuf");
            ((mpi.Intracomm) begin(comm)).exScan(sendbuf, recvbuf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }

    @Override
    public void exScanInPlace(int comm, Object buf, int count, int type, int op) throws ManaException {
        FunctionStats.count(EXSCANINPLACE);
        CheckpointGate.ThreadState pass = CheckpointGate.enterPass();
        try {
            Args.fits(buf, count, type, "buf");
            ((mpi.Intracomm) begin(comm)).exScan(buf, count, Lower.committedType(type), op(op));
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit(pass);
        }
    }
}
