package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import mpi.MPI;
import mpi.MPIException;

/**
 * What an application sees of an error Open MPI itself reports (ERRORS_RETURN, 1 rank): class,
 * code, message, cause and the class of the frame that threw it, one "OK" line each, to compare
 * with the raw binding (Open MPI's test suite prints such exceptions with their traces), and a
 * "CLASS" line with the class by name (the same on every library; numbers, codes and texts are
 * each library's own). The code is printed only as "= class" or not: MPICH's codes also hold an
 * index into its error-stack ring, different from run to run.
 */
public final class ErrorShape {
    interface Call {
        void run() throws MPIException;
    }

    static void t(String name, Call c) {
        try {
            c.run();
            System.out.println("OK " + name + ": no error");
        } catch (MPIException e) {
            System.out.println("OK " + name + ": class " + e.getErrorClass() + " (" + ErrorNames.of(e.getErrorClass()) + ") code "
                    + (e.getErrorCode() == e.getErrorClass() ? "= class" : "encodes more than the class") + " message " + e.getMessage() + " cause " + e.getCause());
            System.out.println("CLASS " + name + ": " + ErrorNames.of(e.getErrorClass()));
        }
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[4];
        t("send to an invalid rank", () -> MPI.COMM_WORLD.send(buf, 1, MPI.INT, 42, 0));
        t("recv with a negative tag", () -> MPI.COMM_WORLD.recv(buf, 1, MPI.INT, 0, -5));
        t("bcast from an invalid root", () -> MPI.COMM_WORLD.bcast(buf, 1, MPI.INT, 42));
        MPI.Finalize();
    }

    private ErrorShape() {
    }
}
