package mana.conformance.cart;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import mana.core.desc.CommDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mpi.CartComm;
import mpi.CartParms;
import mpi.Comm;
import mpi.DistGraphNeighbors;
import mpi.GraphComm;
import mpi.Intracomm;
import mpi.MPI;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * MANA only (3-4 ranks): a topology communicator's descriptor alone is enough to make it again.
 * For a Cartesian grid created with reorder, a sub-grid, a graph and a distributed graph, the
 * communicator kind saves the descriptor, loads it back and rebuilds it in the running lower half;
 * the rebuilt lower-half communicator must have the same topology, the same rank and the same
 * neighbours. Prints "OK ..." per check and "DONE".
 */
public final class TopoRebuild {
    static DescriptorKind commKind;
    static int rank;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        rank = world.getRank();
        int size = world.getSize();
        BundleContext ctx = FrameworkUtil.getBundle(TopoRebuild.class).getBundleContext();
        ServiceReference<DescriptorKinds> ref = ctx.getServiceReference(DescriptorKinds.class);
        for (DescriptorKind k : ctx.getService(ref).inRestoreOrder()) {
            if (k.kind() == Kind.COMM) {
                commKind = k;
            }
        }

        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        CartComm cart = world.createCart(dims, new boolean[] {true, false}, true);
        Object c = rebuilt(cart);
        CartParms t = cart.getTopo();
        Object lt = call(c, "getTopo");
        boolean same = (int) call(lt, "getDimCount") == 2;
        for (int i = 0; i < 2; i++) {
            same &= (int) call(lt, "getDim", i) == t.getDim(i) && (boolean) call(lt, "getPeriod", i) == t.getPeriod(i)
                    && (int) call(lt, "getCoord", i) == t.getCoord(i);
        }
        report("cart rebuilt: class " + c.getClass().getSimpleName(), c.getClass().getSimpleName().equals("CartComm"));
        report("cart rebuilt: same dims, periods and coordinates", same);
        report("cart rebuilt: same rank", (int) call(c, "getRank") == cart.getRank());
        Object ls = call(c, "shift", 1, 1);
        report("cart rebuilt: same neighbours", (int) call(ls, "getRankDest") == cart.shift(1, 1).getRankDest());
        call(c, "free");

        CartComm row = cart.sub(new boolean[] {false, true});
        Object r = rebuilt(row);
        report("sub-grid rebuilt: same size and rank", (int) call(r, "getSize") == row.getSize()
                && (int) call(r, "getRank") == row.getRank());
        call(r, "free");

        int[] index = new int[size];
        int[] edges = new int[size];
        for (int i = 0; i < size; i++) {
            index[i] = i + 1;
            edges[i] = (i + 1) % size;
        }
        GraphComm g = world.createGraph(index, edges, false);
        Object lg = rebuilt(g);
        int[] n = (int[]) call(lg, "getNeighbors", rank);
        report("graph rebuilt: same neighbours", n.length == 1 && n[0] == (rank + 1) % size
                && (int) call(lg, "getTopology") == MPI.GRAPH);
        call(lg, "free");

        GraphComm dg = world.createDistGraphAdjacent(new int[] {(rank + size - 1) % size}, new int[] {5},
                new int[] {(rank + 1) % size}, new int[] {6}, MPI.INFO_NULL, false);
        Object ld = rebuilt(dg);
        Object nb = call(ld, "getDistGraphNeighbors");
        DistGraphNeighbors want = dg.getDistGraphNeighbors();
        report("dist graph rebuilt: same weighted neighbours", (boolean) call(nb, "isWeighted")
                && (int) call(nb, "getSource", 0) == want.getSource(0)
                && (int) call(nb, "getDestination", 0) == want.getDestination(0)
                && (int) call(nb, "getSourceWeight", 0) == 5 && (int) call(nb, "getDestinationWeight", 0) == 6);
        call(ld, "free");

        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void report(String name, boolean ok) {
        if (rank == 0 || !ok) {
            System.out.println((ok ? "OK " : "FAIL ") + name);
        }
    }

    /** Saves the communicator's descriptor, loads it back and rebuilds it (collective over the world). */
    static Object rebuilt(Comm comm) throws Exception {
        Field f = Comm.class.getDeclaredField("vid");
        f.setAccessible(true);
        Descriptor d = Handles.descriptor(f.getInt(comm), Kind.COMM);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        commKind.save(d, new DataOutputStream(bytes));
        Descriptor loaded = commKind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        report("descriptor round trip keeps the topology: " + ((CommDescriptor) loaded).topology(),
                ((CommDescriptor) loaded).topology().equals(((CommDescriptor) d).topology()));
        return commKind.rebuild(loaded);
    }

    static Object call(Object target, String name, Object... args) throws Exception {
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                return m.invoke(target, args);
            }
        }
        throw new NoSuchMethodException(name);
    }
}
