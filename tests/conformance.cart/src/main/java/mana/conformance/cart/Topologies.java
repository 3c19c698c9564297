package mana.conformance.cart;

import java.util.Arrays;
import mana.conformance.ErrorNames;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.GraphParms;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * Cartesian, graph and distributed graph topologies (2-4 ranks). Every check is evaluated on
 * every rank and combined with an allreduce; rank 0 prints "OK name" (the same text through
 * MANA and the raw binding: the test compares them) or "FAIL name" and the job exits 1.
 * Communicators named "keep-*" stay alive for the test to read their descriptors at finalize.
 */
public final class Topologies {
    static Intracomm world;
    static int rank;
    static int size;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);

        dimsCreate();
        grid(true);
        grid(false);
        subGrids();
        smallGrid();
        graph();
        distGraph();
        infos();
        errors();

        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /** Passes when it holds on every rank; rank 0 prints the result. */
    static void check(String name, boolean ok) throws MPIException {
        int[] v = {ok ? 1 : 0};
        world.allReduce(v, 1, MPI.INT, MPI.MIN);
        if (rank == 0) {
            System.out.println((v[0] == 1 ? "OK " : "FAIL ") + name);
        }
        if (v[0] != 1) {
            if (!ok) {
                System.out.println("FAIL on rank " + rank + ": " + name);
            }
            System.out.flush();
            MPI.Finalize();
            System.exit(1);
        }
    }

    static void dimsCreate() throws MPIException {
        int[] d = {0, 0};
        CartComm.createDims(size, d);
        check("dims_create " + size + " in 2 dims = " + Arrays.toString(d), d[0] * d[1] == size && d[0] >= d[1]);
        int[] d3 = {0, 1, 0};
        CartComm.createDims(size, d3);
        check("dims_create with a fixed dim = " + Arrays.toString(d3), d3[1] == 1 && d3[0] * d3[2] == size);
        int[] d12 = {0, 0, 0};
        CartComm.createDims(12, d12);
        check("dims_create 12 in 3 dims = " + Arrays.toString(d12), d12[0] * d12[1] * d12[2] == 12);
    }

    static void grid(boolean periodic) throws MPIException {
        String p = periodic ? "periodic" : "non-periodic";
        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        boolean[] periods = {periodic, periodic};
        CartComm cart = world.createCart(dims, periods, false);
        check(p + " grid is a CartComm with topology CART", cart.getTopology() == MPI.CART && !cart.isNull());
        check(p + " grid size", cart.getSize() == size);
        CartParms t = cart.getTopo();
        check(p + " getTopo dims and periods", t.getDimCount() == 2 && t.getDim(0) == dims[0] && t.getDim(1) == dims[1]
                && t.getPeriod(0) == periodic && t.getPeriod(1) == periodic);
        int[] mine = cart.getCoords(cart.getRank());
        check(p + " getTopo coords = getCoords(rank)", t.getCoord(0) == mine[0] && t.getCoord(1) == mine[1]);
        check(p + " row-major coords", cart.getRank() == mine[0] * dims[1] + mine[1]);
        boolean roundTrip = true;
        for (int r = 0; r < size; r++) {
            roundTrip &= cart.getRank(cart.getCoords(r)) == r;
        }
        check(p + " coordinate round trip for every rank", roundTrip);
        if (periodic) {
            check("periodic getRank wraps coordinates", cart.getRank(new int[] {mine[0] + dims[0], mine[1] - dims[1]})
                    == cart.getRank());
        }

        for (int dir = 0; dir < 2; dir++) {
            ShiftParms s = cart.shift(dir, 1);
            int[] up = mine.clone();
            up[dir] += 1;
            int[] down = mine.clone();
            down[dir] -= 1;
            int dest = neighbour(cart, up, dims, periodic);
            int source = neighbour(cart, down, dims, periodic);
            check(p + " shift dir " + dir + " source and dest", s.getRankDest() == dest && s.getRankSource() == source);
            boolean border = mine[dir] == 0 || mine[dir] == dims[dir] - 1;
            if (!periodic && border && dims[dir] > 1) {
                check("border shift dir " + dir + " has PROC_NULL", s.getRankDest() == MPI.PROC_NULL
                        || s.getRankSource() == MPI.PROC_NULL);
            } else {
                check("border shift dir " + dir + " has PROC_NULL", true);
            }
            // halo exchange: every rank sends its rank up and receives from below; PROC_NULL leaves the buffer
            int[] out = {cart.getRank()};
            int[] in = {-7};
            cart.sendRecv(out, 1, MPI.INT, s.getRankDest(), 5, in, 1, MPI.INT, s.getRankSource(), 5);
            // From PROC_NULL nothing arrives; the raw binding may still overwrite a heap receive
            // array (it copies its JNI buffer back), so only real neighbours are checked.
            check(p + " halo exchange dir " + dir, s.getRankSource() == MPI.PROC_NULL || in[0] == s.getRankSource());
        }
        ShiftParms back = cart.shift(0, -1);
        ShiftParms fwd = cart.shift(0, 1);
        check(p + " shift by -1 reverses shift by 1", back.getRankSource() == fwd.getRankDest()
                && back.getRankDest() == fwd.getRankSource());

        int[] all = new int[size];
        cart.allGather(new int[] {rank}, 1, MPI.INT, all, 1, MPI.INT);
        check(p + " collective on the grid", all[size - 1] == size - 1);
        int[] nb = new int[4];
        Arrays.fill(nb, -1);
        cart.neighborAllGather(new int[] {cart.getRank()}, 1, MPI.INT, nb, 1, MPI.INT);
        ShiftParms s0 = cart.shift(0, 1);
        ShiftParms s1 = cart.shift(1, 1);
        int[] expect = {s0.getRankSource(), s0.getRankDest(), s1.getRankSource(), s1.getRankDest()};
        boolean nbOk = true;
        for (int i = 0; i < 4; i++) {
            nbOk &= expect[i] == MPI.PROC_NULL || nb[i] == expect[i]; // PROC_NULL slots: see the halo exchange
        }
        check(p + " neighborAllGather on the grid", nbOk);

        check(p + " map gives a rank", cart.map(dims, periods) == cart.getRank());
        CartComm dup = cart.dup();
        CartParms dt = dup.getTopo();
        check(p + " dup is a CartComm with the same topology", dup.getTopology() == MPI.CART
                && dt.getDim(0) == dims[0] && dt.getPeriod(1) == periodic && Comm.compare(dup, cart) == MPI.CONGRUENT);
        CartComm cl = cart.clone();
        check(p + " clone is a CartComm", cl.getTopology() == MPI.CART);
        cl.free();
        dup.free();
        check(p + " free makes it null", dup.isNull());
        if (periodic) {
            cart.setName("keep-cart-periodic");
        } else {
            cart.setName("keep-cart");
        }
    }

    static int neighbour(CartComm cart, int[] c, int[] dims, boolean periodic) throws MPIException {
        for (int i = 0; i < c.length; i++) {
            if (c[i] < 0 || c[i] >= dims[i]) {
                if (!periodic) {
                    return MPI.PROC_NULL;
                }
                c[i] = (c[i] + dims[i]) % dims[i];
            }
        }
        return cart.getRank(c);
    }

    static void subGrids() throws MPIException {
        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        CartComm cart = world.createCart(dims, new boolean[] {false, true}, true);
        int[] mine = cart.getCoords(cart.getRank());
        CartComm rows = cart.sub(new boolean[] {false, true});
        CartParms rt = rows.getTopo();
        check("sub keeping dim 1: size and dims", rows.getSize() == dims[1] && rt.getDimCount() == 1
                && rt.getDim(0) == dims[1] && rt.getPeriod(0));
        check("sub keeping dim 1: rank is the kept coordinate", rows.getRank() == mine[1] && rt.getCoord(0) == mine[1]);
        CartComm cols = cart.sub(new boolean[] {true, false});
        check("sub keeping dim 0: size", cols.getSize() == dims[0] && cols.getRank() == mine[0]);
        int[] sum = {1};
        rows.allReduce(sum, 1, MPI.INT, MPI.SUM);
        check("allreduce on a sub-grid", sum[0] == dims[1]);
        CartComm none = cart.sub(new boolean[] {false, false});
        check("sub keeping no dims has one rank", none.getSize() == 1);
        none.free();
        cols.free();
        rows.setName("keep-cart-rows");
        cart.setName("keep-cart-reorder");
    }

    static void smallGrid() throws MPIException {
        CartComm small = world.createCart(new int[] {size - 1}, new boolean[] {false}, false);
        check("a grid smaller than the world leaves the last rank out", (rank == size - 1) == small.isNull());
        if (!small.isNull()) {
            check("small grid size", small.getSize() == size - 1);
            small.free();
        } else {
            check("small grid size", true);
        }
    }

    static void graph() throws MPIException {
        // a ring: node i has edges to i-1 and i+1
        int[] index = new int[size];
        int[] edges = new int[2 * size];
        for (int i = 0; i < size; i++) {
            index[i] = 2 * (i + 1);
            edges[2 * i] = (i + size - 1) % size;
            edges[2 * i + 1] = (i + 1) % size;
        }
        GraphComm g = world.createGraph(index, edges, false);
        check("graph topology is GRAPH", g.getTopology() == MPI.GRAPH);
        GraphParms p = g.getDims();
        boolean same = p.getIndexCount() == size && p.getEdgeCount() == 2 * size;
        for (int i = 0; same && i < size; i++) {
            same = p.getIndex(i) == index[i];
        }
        for (int i = 0; same && i < 2 * size; i++) {
            same = p.getEdge(i) == edges[i];
        }
        check("graph getDims gives index and edges back", same);
        int[] n = g.getNeighbors(g.getRank());
        check("graph neighbours of my rank", n.length == 2 && n[0] == (rank + size - 1) % size && n[1] == (rank + 1) % size);
        check("graph map", g.map(index, edges) == g.getRank());
        GraphComm d = g.dup();
        check("graph dup is a GraphComm", d.getTopology() == MPI.GRAPH && d.getDims().getEdgeCount() == 2 * size);
        d.free();
        g.setName("keep-graph");
    }

    static void distGraph() throws MPIException {
        int left = (rank + size - 1) % size;
        int right = (rank + 1) % size;
        GraphComm adj = world.createDistGraphAdjacent(new int[] {left}, new int[] {right}, MPI.INFO_NULL, false);
        check("dist graph adjacent topology is DIST_GRAPH", adj.getTopology() == MPI.DIST_GRAPH);
        DistGraphNeighbors n = adj.getDistGraphNeighbors();
        check("dist graph adjacent neighbours", n.getInDegree() == 1 && n.getOutDegree() == 1 && n.getSource(0) == left
                && n.getDestination(0) == right && !n.isWeighted());
        int[] got = {-1};
        adj.neighborAllGather(new int[] {rank}, 1, MPI.INT, got, 1, MPI.INT);
        check("neighborAllGather on a dist graph", got[0] == left);

        GraphComm w = world.createDistGraphAdjacent(new int[] {left}, new int[] {7}, new int[] {right}, new int[] {9},
                MPI.INFO_NULL, false);
        DistGraphNeighbors wn = w.getDistGraphNeighbors();
        check("weighted dist graph adjacent", wn.isWeighted() && wn.getSourceWeight(0) == 7
                && wn.getDestinationWeight(0) == 9);
        w.free();
        // longer weight and degree arrays than the sources: Open MPI's binding reads only the
        // first entries (ompi-java-test topology/Distgraph1 passes whole scratch arrays)
        GraphComm lw = world.createDistGraphAdjacent(new int[] {left}, new int[] {7, 0, 0}, new int[] {right},
                new int[] {9, 0}, MPI.INFO_NULL, false);
        DistGraphNeighbors lwn = lw.getDistGraphNeighbors();
        check("weighted dist graph adjacent with longer weight arrays", lwn.getInDegree() == 1
                && lwn.getOutDegree() == 1 && lwn.getSourceWeight(0) == 7 && lwn.getDestinationWeight(0) == 9);
        lw.free();
        GraphComm ld = world.createDistGraph(new int[] {rank}, new int[] {1, 5, 5}, new int[] {right}, MPI.INFO_NULL,
                false);
        check("dist graph with a longer degrees array", ld.getDistGraphNeighbors().getOutDegree() == 1
                && ld.getDistGraphNeighbors().getDestination(0) == right);
        ld.free();

        // every rank declares its edge to the right
        GraphComm dg = world.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {right}, MPI.INFO_NULL, false);
        DistGraphNeighbors dn = dg.getDistGraphNeighbors();
        check("dist graph neighbours", dn.getInDegree() == 1 && dn.getSource(0) == left && dn.getOutDegree() == 1
                && dn.getDestination(0) == right);
        // Not exercised: the weighted createDistGraph was seen to hang in Open MPI 4.1.4's own binding
        // (4 ranks, raw run), so there is no raw behaviour to compare with.
        dg.free();
        adj.setName("keep-distgraph");
    }

    static void infos() throws MPIException {
        Info info = new Info();
        info.set("mana_test_key", "v1");
        info.set("second", "two");
        check("info size and values", info.size() == 2 && "v1".equals(info.get("mana_test_key"))
                && "two".equals(info.get("second")));
        check("info getKey order", "mana_test_key".equals(info.getKey(0)) && "second".equals(info.getKey(1)));
        check("info missing key is null", info.get("absent") == null);
        Info d = info.dup();
        info.delete("second");
        check("info delete", info.size() == 1 && info.get("second") == null);
        check("info dup is independent", d.size() == 2 && "two".equals(d.get("second")));
        Info c = d.clone();
        check("info clone", c.size() == 2);
        c.free();
        d.free();
        check("info free makes it null", d.isNull() && !info.isNull() && MPI.INFO_NULL.isNull());
        GraphComm withInfo = world.createDistGraphAdjacent(new int[0], new int[0], info, false);
        check("dist graph with an info", withInfo.getDistGraphNeighbors().getInDegree() == 0);
        withInfo.free();
        Intracomm dup = world.dup();
        dup.setInfo(info);
        Info got = dup.getInfo();
        check("comm getInfo gives an info", got != null && !got.isNull() && got.size() >= 0);
        got.free();
        dup.free();
        info.free();
    }

    static void errors() throws MPIException {
        int cls = -1;
        try {
            world.createCart(new int[] {size + 1}, new boolean[] {false}, false);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("a grid larger than the world fails with class " + ErrorNames.of(cls), cls != -1);
        cls = -1;
        CartComm cart = world.createCart(new int[] {size}, new boolean[] {false}, false);
        try {
            cart.getCoords(size + 3);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("getCoords of a rank outside fails with class " + ErrorNames.of(cls), cls == MPI.ERR_RANK || cls == MPI.ERR_ARG);
        cart.free();
        cls = -1;
        try {
            CartComm.createDims(size, new int[] {size + 1});
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("dims_create that cannot work fails with class " + ErrorNames.of(cls), cls != -1);
    }
}
