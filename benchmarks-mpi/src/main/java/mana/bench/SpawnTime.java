package mana.bench;

import mpi.Intercomm;
import mpi.MPI;

/**
 * The cost of {@code MPI_Comm_spawn} of one {@code java} child, run raw and through MANA by
 * {@code tools/spawn-cost}: the parent spawns a child {@code ROUNDS} times in a row and prints,
 * per spawn, the wall time until {@code spawn} returned (the child has entered MPI) and until
 * the child's barrier over the intercommunicator and the disconnect. The child only enters MPI,
 * joins that barrier and leaves.
 *
 * <p>{@code SpawnTime ROUNDS [CLASSPATH]}: the class path the raw child needs ({@code -cp});
 * under MANA a spawned {@code java CLASS} runs the job's own application, so none is given.
 */
public final class SpawnTime {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intercomm parent = Intercomm.getParent();
        if (parent != null && !parent.isNull()) {
            parent.barrier();
            parent.disconnect();
            MPI.Finalize();
            return;
        }
        int rounds = Integer.parseInt(args[0]);
        String[] argv = args.length > 1 ? new String[] {"-cp", args[1], SpawnTime.class.getName()}
                : new String[] {SpawnTime.class.getName()};
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            Intercomm child = MPI.COMM_SELF.spawn("java", argv, 1, MPI.INFO_NULL, 0, new int[1]);
            long t1 = System.nanoTime();
            child.barrier();
            child.disconnect();
            long t2 = System.nanoTime();
            System.out.printf("spawn %d: %.0f ms to return, %.0f ms with the child's barrier and disconnect%n", i,
                    (t1 - t0) / 1e6, (t2 - t0) / 1e6);
        }
        MPI.Finalize();
    }

    private SpawnTime() {
    }
}
