import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.*;

/** Cartesian and graph topologies, user-defined reduction operations. 4 ranks. */
public class Topo {
    /** PROC_NULL's value is the implementation's (Open MPI -2, MPICH -1): print its name. */
    static String peer(int r) {
        return r == MPI.PROC_NULL ? "PROC_NULL" : String.valueOf(r);
    }

    /** Element-wise "larger absolute value" on ints. A new Op per use: Open MPI's JNI binding fails on reuse. */
    static Op absMax() {
        return new Op(new UserFunction() {
            @Override
            public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) {
                IntBuffer a = in.asIntBuffer(), b = inOut.asIntBuffer();
                for (int i = 0; i < count; i++) {
                    if (Math.abs(a.get(i)) > Math.abs(b.get(i))) b.put(i, a.get(i));
                }
            }
        }, true);
    }

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
        int[] dims = new int[2];
        CartComm.createDims(size, dims);
        CartComm cart = w.createCart(dims, new boolean[] {true, false}, false);
        CartParms p = cart.getTopo();
        int[] coords = cart.getCoords(cart.getRank());
        ShiftParms s0 = cart.shift(0, 1), s1 = cart.shift(1, 1);
        System.out.println(me + "dims " + Arrays.toString(dims) + " topo dims " + p.getDim(0) + "x" + p.getDim(1) + " coord0 " + p.getCoord(0)
                + " periods " + p.getPeriod(0) + "," + p.getPeriod(1) + " coords " + Arrays.toString(coords)
                + " rank of coords " + cart.getRank(coords) + " shift0 " + peer(s0.getRankSource()) + "->" + peer(s0.getRankDest())
                + " shift1 " + peer(s1.getRankSource()) + "->" + peer(s1.getRankDest()) + " topology cart " + (cart.getTopology() == MPI.CART));
        int[] nb = new int[4];
        cart.neighborAllGather(new int[] {100 + rank}, 1, MPI.INT, nb, 1, MPI.INT);
        int[] a2a = new int[4];
        cart.neighborAllToAll(new int[] {rank * 10, rank * 10 + 1, rank * 10 + 2, rank * 10 + 3}, 1, MPI.INT, a2a, 1, MPI.INT);
        IntBuffer snb = MPI.newIntBuffer(1), rnb = MPI.newIntBuffer(4);
        snb.put(0, 200 + rank);
        cart.iNeighborAllGather(snb, 1, MPI.INT, rnb, 1, MPI.INT).waitFor();
        // Slots of PROC_NULL neighbours (dimension 1 is not periodic) are left alone by MPI: not printed.
        boolean[] real = {true, true, s1.getRankSource() != MPI.PROC_NULL, s1.getRankDest() != MPI.PROC_NULL};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 4; i++) {
            sb.append(real[i] ? nb[i] + "/" + a2a[i] + "/" + rnb.get(i) : "-").append(' ');
        }
        System.out.println(me + "neighbour allGather/allToAll/iAllGather " + sb.toString().trim());
        CartComm row = cart.sub(new boolean[] {false, true});
        System.out.println(me + "sub size " + row.getSize() + " rank " + row.getRank());
        row.free();
        // keeping no dimension: a zero-dimensional grid of one process on every rank (MPICH 4.0.2: only on one)
        CartComm none = cart.sub(new boolean[] {false, false});
        System.out.println(me + "sub keeping no dimension: " + (none == null || none.isNull() ? "null"
                : "size " + none.getSize() + " dims " + none.getTopo().getDimCount()));
        if (none != null && !none.isNull()) {
            none.free();
        }
        cart.free();
        // a ring as a graph
        int[] index = new int[size], edges = new int[2 * size];
        for (int i = 0; i < size; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + 1) % size;
            edges[2 * i + 1] = (i + size - 1) % size;
        }
        GraphComm g = w.createGraph(index, edges, false);
        System.out.println(me + "graph neighbours " + Arrays.toString(g.getNeighbors(rank)) + " edges " + g.getDims().getEdgeCount());
        g.free();
        // a ring as a distributed graph (adjacent form, weighted)
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        GraphComm dg = w.createDistGraphAdjacent(new int[] {left}, new int[] {5}, new int[] {right}, new int[] {7},
                MPI.INFO_NULL, false);
        DistGraphNeighbors dn = dg.getDistGraphNeighbors();
        int[] fromLeft = new int[1];
        dg.neighborAllGather(new int[] {500 + rank}, 1, MPI.INT, fromLeft, 1, MPI.INT);
        System.out.println(me + "dist graph in " + dn.getInDegree() + " from " + dn.getSource(0) + " weight "
                + dn.getSourceWeight(0) + ", out " + dn.getOutDegree() + " to " + dn.getDestination(0) + " weight "
                + dn.getDestinationWeight(0) + ", weighted " + dn.isWeighted() + ", neighbour allGather " + fromLeft[0]
                + ", topology dist graph " + (dg.getTopology() == MPI.DIST_GRAPH));
        dg.free();
        int[] mine = {rank % 2 == 0 ? -rank * 3 : rank, rank};
        int[] res = new int[2];
        Op op1 = absMax();
        w.allReduce(mine, res, 2, MPI.INT, op1);
        System.out.println(me + "user op allReduce " + Arrays.toString(res));
        int[] root = new int[2];
        Op op2 = absMax();
        w.reduce(mine, root, 2, MPI.INT, op2, 0);
        if (rank == 0) System.out.println(me + "user op reduce " + Arrays.toString(root));
        Op failing = new Op(new UserFunction() {
            @Override
            public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) throws MPIException {
                throw new MPIException("user function refuses");
            }
        }, true);
        try {
            w.allReduce(new int[] {1}, new int[1], 1, MPI.INT, failing);
            System.out.println(me + "failing user op: no exception" + (size == 1 ? " (one rank: MPI may not call it)" : ""));
        } catch (MPIException e) {
            System.out.println(me + "failing user op: " + e.getMessage());
        }
        w.barrier();
    }
}
