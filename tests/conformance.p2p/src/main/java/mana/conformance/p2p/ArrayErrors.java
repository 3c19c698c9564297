package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * A request that fails inside an array call (a truncated receive) next to one that succeeds,
 * under ERRORS_RETURN, for each array wait/test call, and the same for non-blocking-only
 * requests: what the application sees (the error class, the good receive's data, isNull) is
 * printed as "OK ..." lines on rank 0, to be compared with the raw binding. With the argument
 * "again" (MANA only: the raw binding's Request objects then hold freed handles, and using them
 * again is undefined) rank 0 also uses the requests again and prints what that gives.
 */
public final class ArrayErrors {
    interface ArrayCall {
        String run(Request[] r) throws MPIException;
    }

    static int rank;
    static int tag = 100;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        boolean again = args.length > 0 && args[0].equals("again");
        rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        scenario("waitAll", r -> {
            Request.waitAll(r);
            return "";
        }, again);
        scenario("waitAllStatus", r -> "statuses " + Request.waitAllStatus(r).length, again);
        scenario("testAll", r -> {
            while (!Request.testAll(r)) {
                Thread.onSpinWait();
            }
            return "";
        }, again);
        scenario("testAllStatus", r -> {
            Status[] s;
            while ((s = Request.testAllStatus(r)) == null) {
                Thread.onSpinWait();
            }
            return "statuses " + s.length;
        }, again);
        scenario("waitAny", r -> "index " + Request.waitAny(r), again);
        scenario("waitAnyStatus", r -> "index " + Request.waitAnyStatus(r).getIndex(), again);
        scenario("waitSome", r -> "indices " + java.util.Arrays.toString(Request.waitSome(r)), again);
        scenario("waitSomeStatus", r -> "statuses " + Request.waitSomeStatus(r).length, again);
        scenario("testSome", r -> {
            int[] idx;
            while ((idx = Request.testSome(r)) != null && idx.length == 0) {
                Thread.onSpinWait();
            }
            return "indices " + java.util.Arrays.toString(idx);
        }, again);
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /**
     * Rank 1 sends 4 ints (tag t, truncated: rank 0 receives 1) and 1 int (tag t+1); both have
     * arrived when rank 0 posts its receives, so both requests are complete before the call.
     */
    static void scenario(String name, ArrayCall call, boolean again) throws MPIException {
        int t = tag;
        tag += 2;
        if (rank == 1) {
            MPI.COMM_WORLD.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, 0, t);
            MPI.COMM_WORLD.send(new int[] {40 + t}, 1, MPI.INT, 0, t + 1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            IntBuffer small = MPI.newIntBuffer(1);
            IntBuffer good = MPI.newIntBuffer(1);
            Request[] r = {MPI.COMM_WORLD.iRecv(small, 1, MPI.INT, 1, t), MPI.COMM_WORLD.iRecv(good, 1, MPI.INT, 1, t + 1)};
            // let both receives match before the array call
            MPI.COMM_WORLD.iProbe(1, 9999);
            String result;
            try {
                result = "no error " + call.run(r);
            } catch (MPIException e) {
                result = "MPIException class " + ErrorNames.of(e.getErrorClass());
            }
            System.out.println("OK " + name + ": " + result + "; good receive " + (good.get(0) == 40 + t ? "arrived" : "missing")
                    + "; isNull " + r[0].isNull() + "," + r[1].isNull());
            if (again) {
                try {
                    Request.waitAll(r);
                    System.out.println("AGAIN " + name + ": no error");
                } catch (MPIException e) {
                    System.out.println("AGAIN " + name + ": MPIException class " + ErrorNames.of(e.getErrorClass()) + ": " + e.getMessage());
                }
            }
        }
        MPI.COMM_WORLD.barrier();
    }
}
