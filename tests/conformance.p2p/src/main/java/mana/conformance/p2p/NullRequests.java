package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Every request call on MPI.REQUEST_NULL and on a completed (null) request, single and in
 * arrays, under ERRORS_RETURN: one "OK call: result" line each, to compare with the raw binding.
 */
public final class NullRequests {
    interface Call {
        Object run() throws MPIException;
    }

    static void t(String name, Call c) {
        String result;
        try {
            Object r = c.run();
            result = r instanceof Status s ? "status source=" + source(s.getSource()) + " tag=" + tag(s.getTag()) : String.valueOf(r);
        } catch (MPIException e) {
            result = "MPIException class " + ErrorNames.of(e.getErrorClass());
        }
        System.out.println("OK " + name + ": " + result);
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        Request n = MPI.REQUEST_NULL;
        t("waitFor", () -> {
            n.waitFor();
            return "done";
        });
        t("waitStatus", n::waitStatus);
        t("test", n::test);
        t("testStatus", n::testStatus);
        t("getStatus", n::getStatus);
        t("cancel", () -> {
            n.cancel();
            return "done";
        });
        t("free", () -> {
            n.free();
            return n.isNull();
        });
        t("waitAny", () -> Request.waitAny(new Request[] {n, n}));
        t("testAny", () -> Request.testAny(new Request[] {n}));
        t("waitSome", () -> java.util.Arrays.toString(Request.waitSome(new Request[] {n})));
        t("testSome", () -> java.util.Arrays.toString(Request.testSome(new Request[] {n})));
        t("waitAnyStatus", () -> Request.waitAnyStatus(new Request[] {n}));
        t("testAnyStatus", () -> Request.testAnyStatus(new Request[] {n}));
        Request done = MPI.COMM_WORLD.iBarrier();
        done.waitFor();
        t("completed waitFor", () -> {
            done.waitFor();
            return done.isNull();
        });
        t("completed test", done::test);
        t("completed getStatus", done::getStatus);
        t("completed free", () -> {
            done.free();
            return done.isNull();
        });
        MPI.Finalize();
    }

    /** ANY_SOURCE and PROC_NULL by name: their numbers differ between Open MPI and MPICH. */
    static String source(int source) {
        return source == MPI.ANY_SOURCE ? "ANY_SOURCE" : source == MPI.PROC_NULL ? "PROC_NULL" : String.valueOf(source);
    }

    static String tag(int tag) {
        return tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag);
    }
}
