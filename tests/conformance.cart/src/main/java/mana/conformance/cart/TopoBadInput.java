package mana.conformance.cart;

import mpi.CartComm;
import mpi.GraphComm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Bad topology arguments through MANA under ERRORS_RETURN (2 ranks): each must give an
 * MPIException of the expected class naming the problem, never a JVM crash. Not run on the
 * raw binding: it hands these arrays to JNI unchecked.
 */
public final class TopoBadInput {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;

    static void expect(String name, int errorClass, String words, Call c) {
        try {
            c.run();
            System.out.println("FAIL " + name + ": no exception");
        } catch (MPIException e) {
            boolean ok = e.getErrorClass() == errorClass && e.getMessage().contains(words);
            if (rank == 0) {
                System.out.println((ok ? "OK " : "FAIL ") + name + ": class " + e.getErrorClass() + ": " + e.getMessage());
            }
        } catch (RuntimeException e) {
            System.out.println("FAIL " + name + ": " + e);
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        rank = world.getRank();
        int size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);

        expect("null dims", MPI.ERR_ARG, "dims is null", () -> world.createCart(null, new boolean[] {false}, false));
        expect("dims and periods differ", MPI.ERR_ARG, "periods has 1",
                () -> world.createCart(new int[] {1, size}, new boolean[] {false}, false));
        CartComm cart = world.createCart(new int[] {size, 1}, new boolean[] {false, false}, false);
        expect("coords of the wrong length", MPI.ERR_ARG, "coords has 3 entries",
                () -> cart.getRank(new int[] {0, 0, 0}));
        // Open MPI 4.1.4 does not check the direction (it reads past its dims array): MANA does.
        expect("shift along a missing dimension", MPI.ERR_ARG, "direction 2",
                () -> cart.shift(2, 1));
        expect("shift along a negative dimension", MPI.ERR_ARG, "direction -1",
                () -> cart.shift(-1, 1));
        expect("null coords", MPI.ERR_ARG, "coords is null", () -> cart.getRank(null));
        expect("remainDims of the wrong length", MPI.ERR_ARG, "remainDims has 1 entries",
                () -> cart.sub(new boolean[] {true}));
        expect("dims_create with null dims", MPI.ERR_ARG, "dims is null", () -> CartComm.createDims(size, null));
        expect("graph with too few edges", MPI.ERR_ARG, "edges has 1 entries",
                () -> world.createGraph(new int[] {1, 3}, new int[] {1}, false));
        expect("graph with a decreasing index", MPI.ERR_ARG, "non-decreasing",
                () -> world.createGraph(new int[] {2, 1}, new int[] {1, 0}, false));
        expect("dist graph degrees beyond destinations", MPI.ERR_ARG, "destinations has 1 entries",
                () -> world.createDistGraph(new int[] {rank}, new int[] {2}, new int[] {0}, MPI.INFO_NULL, false));
        expect("dist graph adjacent weights of the wrong length", MPI.ERR_ARG, "sourceWeights has 0",
                () -> world.createDistGraphAdjacent(new int[] {0}, new int[0], new int[] {0}, new int[] {1},
                        MPI.INFO_NULL, false));
        cart.free();
        expect("a freed Cartesian communicator", MPI.ERR_COMM, "freed", () -> cart.getTopo());
        GraphComm ring = world.createDistGraphAdjacent(new int[0], new int[0], MPI.INFO_NULL, false);
        expect("graph query on a dist graph", MPI.ERR_TOPOLOGY, "", () -> ring.getDims());
        ring.free();

        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
