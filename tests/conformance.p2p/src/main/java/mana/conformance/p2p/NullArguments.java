package mana.conformance.p2p;

import mana.conformance.ErrorNames;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Null arguments, and objects where MPI expects memory, that the raw binding hands to native code
 * unchecked (a SIGSEGV there, at once or when the references it wrote are used): under
 * ERRORS_RETURN every rank prints "OK rank R case: ..." with the error class and "MSG ..." with
 * the message. Arguments name the cases to run ('-' for ' ').
 */
public final class NullArguments {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;
    static java.util.Set<String> only;

    static void expect(String name, Call c) {
        if (!only.isEmpty() && !only.contains(name.replace(' ', '-'))) {
            return;
        }
        String r;
        try {
            c.run();
            r = "no error";
        } catch (MPIException e) {
            r = "MPIException class " + ErrorNames.of(e.getErrorClass());
            System.out.println("MSG rank " + rank + " " + name + ": " + e.getMessage());
        } catch (RuntimeException e) {
            r = e.getClass().getSimpleName();
        }
        System.out.println("OK rank " + rank + " " + name + ": " + r);
    }

    public static void main(String[] args) throws MPIException {
        only = new java.util.HashSet<>(java.util.Arrays.asList(MPI.Init(args)));
        Intracomm w = MPI.COMM_WORLD;
        rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[4];
        byte[] packed = new byte[64];

        expect("pack into a null buffer", () -> w.pack(buf, 2, MPI.INT, null, 0));
        expect("unpack from a null buffer", () -> w.unpack(null, 0, buf, 2, MPI.INT));
        expect("pack into a buffer", () -> w.pack(buf, 2, MPI.INT, packed, 0));
        Intracomm dup = w.dup();
        dup.setErrhandler(MPI.ERRORS_RETURN);
        expect("null communicator name", () -> dup.setName(null));
        expect("name kept after the refused setName", () -> {
            if (dup.getName() == null) {
                throw new IllegalStateException("no name");
            }
        });
        dup.free();
        mpi.Group group = w.getGroup();
        expect("null ranks in Group.incl", () -> group.incl(null));
        expect("null ranges in Group.rangeIncl", () -> group.rangeIncl(null));
        // the binding reads three ints from every range: a null one crashes it, a short one reads past the array
        expect("null range in Group.rangeIncl", () -> group.rangeIncl(new int[][] {{0, 0, 1}, null}));
        expect("null range in Group.rangeExcl", () -> group.rangeExcl(new int[][] {null}));
        expect("short range in Group.rangeIncl", () -> group.rangeIncl(new int[][] {{0}}));
        expect("short range in Group.rangeExcl", () -> group.rangeExcl(new int[][] {{0, 0}}));
        expect("range in Group.rangeIncl", () -> group.rangeIncl(new int[][] {{0, 0, 1}}).free());
        expect("null ranks in Group.translateRanks", () -> mpi.Group.translateRanks(group, null, group));
        expect("out-of-range rank in Group.translateRanks", () -> mpi.Group.translateRanks(group, new int[] {99}, group));
        group.free();
        expect("null port in closePort", () -> Intracomm.closePort(null));
        expect("null buffer in attachBuffer", () -> MPI.attachBuffer(null));
        expect("null buffer in mRecv of a NO_PROC message", () -> {
            mpi.Message m = new mpi.Message();
            m.mProbe(MPI.PROC_NULL, 0, w);
            m.mRecv(null, 1, MPI.INT);
        });
        // objects where MPI expects memory: the raw binding moves references as ints (the JVM crashes using them)
        expect("object array in sendRecv", () -> w.sendRecv(new Integer[] {rank}, 1, MPI.INT, rank, 7,
                new Integer[1], 1, MPI.INT, rank, 7));
        expect("object array in send", () -> w.send(new String[] {"x"}, 1, MPI.INT, MPI.PROC_NULL, 0));
        expect("boxed number in recv", () -> w.recv(Integer.valueOf(3), 1, MPI.INT, MPI.PROC_NULL, 0));
        expect("boxed number with count 0 in send", () -> w.send(Integer.valueOf(3), 0, MPI.INT, MPI.PROC_NULL, 0));

        w.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
