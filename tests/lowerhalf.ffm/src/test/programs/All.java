import mpi.*;

/** P2p, Coll, Types, Topo, More, Rma, Io and InPlace in one job (one JVM start per rank instead of five). 4 ranks. */
public class All {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        P2p.run();
        Coll.run();
        Types.run();
        Topo.run();
        More.run();
        Rma.run();
        Io.run();
        InPlace.run();
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
