package mana.shelltest;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;

/**
 * Makes a few MPI objects of each kind and keeps them until MPI_Finalize, so that
 * {@code mana run --at-finalize 'mana:...'} shows them on every rank.
 */
public final class Objects {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        Comm dup = MPI.COMM_WORLD.dup();
        Comm half = MPI.COMM_WORLD.split(rank % 2, rank);
        Datatype vector = Datatype.createVector(3, 2, 4, MPI.INT);
        Datatype pairs = Datatype.createContiguous(2, vector);
        pairs.commit();
        int[] buf = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {rank}, buf, 1, MPI.INT, MPI.SUM);
        dup.barrier();
        System.out.println("rank " + rank + ": made " + dup.getSize() + " " + half.getSize() + " " + pairs.getSize());
        MPI.Finalize();
    }
}
