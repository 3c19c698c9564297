package mana.conformance.types;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * An array with a datatype whose one int lies 8 bytes before the buffer (hindexed, displacement
 * -8). Every lower half hands MPI a copy of the array from its start, so MPI read and wrote the
 * memory before that copy: the send sent garbage, the receive lost the message and clobbered
 * the array, and on Open MPI's binding free() aborted the JVM. Now refused before any
 * transfer: rank 0 sends, rank 1 receives, each prints "REFUSED rank R call: class C" (or
 * "ACCEPTED rank R call"), then "DONE". Two ranks.
 */
public final class NegativeLowerBound {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        int rank = w.getRank();
        Datatype before = Datatype.createHIndexed(new int[] {1}, new int[] {-8}, MPI.INT);
        before.commit();
        int[] buf = {1, 2, 3, 4};
        String call = rank == 0 ? "send" : "recv";
        try {
            if (rank == 0) {
                w.send(buf, 1, before, 1, 0);
            } else {
                w.recv(buf, 1, before, 0, 0);
            }
            System.out.println("ACCEPTED rank " + rank + " " + call);
        } catch (MPIException e) {
            System.out.println("REFUSED rank " + rank + " " + call + ": class " + e.getErrorClass());
        }
        System.gc();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
