package mana.examples;

import mpi.MPI;
import mpi.MPIException;

/**
 * main throws a RuntimeException after MPI.Init on every rank: each rank must print the
 * stack trace and exit with status 1, so the job fails.
 *
 * <pre>mana run -np 2 --class mana.examples.Throw examples/target/mana-examples.jar</pre>
 */
public final class Throw {
    private Throw() {
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        throw new IllegalStateException("deliberate failure on rank " + MPI.COMM_WORLD.getRank());
    }
}
