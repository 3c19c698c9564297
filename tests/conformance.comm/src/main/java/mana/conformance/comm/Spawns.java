package mana.conformance.comm;

import java.util.Arrays;
import mpi.Comm;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Process creation as Open MPI's Java tests do it: the job spawns {@code java Spawns child ...}
 * (two processes), then {@code spawnMultiple} of two commands (one process each), and talks to
 * the children over the intercommunicator, merged and point-to-point, then disconnects. The
 * children check their arguments, a JVM option given in the spawn arguments and their parent.
 * Prints "OK check" lines that must read the same through MANA and the raw binding; exits 1 on
 * the first "FAIL". The spawn arguments carry {@code -cp} with this JVM's class path, which the
 * raw binding's children need (under MANA a child runs its class from the job's application).
 */
public final class Spawns {
    static String who;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intercomm parent = Intercomm.getParent();
        if (args.length > 0 && args[0].equals("child")) {
            child(parent, Arrays.copyOfRange(args, 1, args.length));
        } else if (args.length > 0 && args[0].equals("bad")) {
            badInput();
        } else {
            parent(parent);
        }
        MPI.Finalize();
    }

    static void parent(Intercomm parent) throws MPIException {
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.getRank();
        int size = world.getSize();
        who = "parent " + rank;
        check("no parent", parent.isNull(), "");
        world.setErrhandler(MPI.ERRORS_RETURN);

        String[] argv = {"-cp", System.getProperty("java.class.path"), "-Dspawns.flag=on", Spawns.class.getName(),
                "child", "spawn", "two words"};
        int[] errcodes = new int[2];
        Arrays.fill(errcodes, -1);
        Intercomm children = world.spawn("java", argv, 2, MPI.INFO_NULL, 0, errcodes);
        check("spawn errcodes", errcodes[0] == MPI.SUCCESS && errcodes[1] == MPI.SUCCESS, Arrays.toString(errcodes));
        check("isInter", children.isInter(), "");
        check("local size", children.getSize() == size, "" + children.getSize());
        check("remote size 2", children.getRemoteSize() == 2, "" + children.getRemoteSize());

        // point-to-point over the intercommunicator: rank 0 asks child 1, which answers
        if (rank == 0) {
            children.send(new int[] {41}, 1, MPI.INT, 1, 5);
            int[] answer = new int[1];
            children.recv(answer, 1, MPI.INT, 1, 6);
            check("child 1 answered", answer[0] == 42, "" + answer[0]);
        }
        // merged: parents first; the sum of the merged ranks
        Intracomm all = children.merge(false);
        check("merged size", all.getSize() == size + 2, "" + all.getSize());
        check("merged rank", all.getRank() == rank, "" + all.getRank());
        int[] sum = new int[1];
        all.allReduce(new int[] {all.getRank()}, sum, 1, MPI.INT, MPI.SUM);
        int n = size + 2;
        check("merged allReduce", sum[0] == n * (n - 1) / 2, "" + sum[0]);
        all.free();
        children.disconnect();
        check("disconnect", children.isNull(), "");

        // spawnMultiple: two commands, one process each, told apart by their arguments
        String[] commands = {"java", "java"};
        String[][] argvs = {
            {"-cp", System.getProperty("java.class.path"), "-Dspawns.flag=on", Spawns.class.getName(), "child", "multi", "A"},
            {"-cp", System.getProperty("java.class.path"), "-Dspawns.flag=on", Spawns.class.getName(), "child", "multi", "B"}};
        int[] codes = new int[2];
        Arrays.fill(codes, -1);
        Intercomm two = world.spawnMultiple(commands, argvs, new int[] {1, 1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL},
                0, codes);
        check("spawnMultiple errcodes", codes[0] == MPI.SUCCESS && codes[1] == MPI.SUCCESS, Arrays.toString(codes));
        check("spawnMultiple remote size 2", two.getRemoteSize() == 2, "" + two.getRemoteSize());
        char[] letters = new char[2];
        if (rank == 0) {
            for (int c = 0; c < 2; c++) {
                two.recv(letters, 1, MPI.CHAR, c, 9);
                check("child " + c + " of spawnMultiple ran command " + c, letters[0] == (c == 0 ? 'A' : 'B'),
                        "" + letters[0]);
            }
        }
        two.barrier();
        two.disconnect();

        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
    }

    static void child(Intercomm parent, String[] args) throws MPIException {
        int rank = MPI.COMM_WORLD.getRank();
        who = "child " + args[0] + " " + rank;
        check("has a parent", !parent.isNull(), "");
        check("same parent twice", Comm.compare(parent, Intercomm.getParent()) == MPI.IDENT, "");
        check("JVM option from the spawn arguments", "on".equals(System.getProperty("spawns.flag")),
                System.getProperty("spawns.flag"));
        if (args[0].equals("spawn")) {
            check("arguments", args.length == 2 && args[1].equals("two words"), Arrays.toString(args));
            check("world size 2", MPI.COMM_WORLD.getSize() == 2, "" + MPI.COMM_WORLD.getSize());
            check("remote size", parent.getRemoteSize() >= 1, "" + parent.getRemoteSize());
            if (rank == 1) {
                int[] q = new int[1];
                parent.recv(q, 1, MPI.INT, 0, 5);
                parent.send(new int[] {q[0] + 1}, 1, MPI.INT, 0, 6);
            }
            Intracomm all = parent.merge(true);
            check("merged rank after the parents", all.getRank() == parent.getRemoteSize() + rank, "" + all.getRank());
            int[] sum = new int[1];
            all.allReduce(new int[] {all.getRank()}, sum, 1, MPI.INT, MPI.SUM);
            int n = all.getSize();
            check("merged allReduce", sum[0] == n * (n - 1) / 2, "" + sum[0]);
            all.free();
        } else {
            check("arguments", args.length == 2, Arrays.toString(args));
            parent.send(new char[] {args[1].charAt(0)}, 1, MPI.CHAR, 0, 9);
            parent.barrier();
        }
        parent.disconnect();
    }

    /**
     * Arguments Open MPI's binding reads without checking (it crashes the JVM on them): under
     * MANA each is an MPIException naming the argument, and nothing is started.
     */
    static void badInput() throws MPIException {
        who = "rank " + MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        expectError("null command", () -> MPI.COMM_WORLD.spawn(null, new String[0], 1, MPI.INFO_NULL, 0, null),
                "command is null");
        expectError("null argument", () -> MPI.COMM_WORLD.spawn("java", new String[] {"X", null}, 1, MPI.INFO_NULL, 0,
                null), "argv[1] is null");
        expectError("errcodes too short", () -> MPI.COMM_WORLD.spawn("java", new String[] {"X"}, 3, MPI.INFO_NULL, 0,
                new int[2]), "errcodes has 2 elements for 3 processes");
        expectError("spawnMultiple: fewer maxprocs than commands", () -> MPI.COMM_WORLD.spawnMultiple(
                new String[] {"java", "java"}, null, new int[] {1}, new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, 0, null),
                "2 commands, but maxprocs has 1");
        expectError("spawnMultiple: a null argv", () -> MPI.COMM_WORLD.spawnMultiple(new String[] {"java"},
                new String[][] {null}, new int[] {1}, new Info[] {MPI.INFO_NULL}, 0, null), "argv[0] is null");
        MPI.COMM_WORLD.barrier();
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.println("DONE");
        }
    }

    interface Call {
        Object run() throws MPIException;
    }

    static void expectError(String what, Call call, String message) throws MPIException {
        try {
            call.run();
            check(what + ": an MPIException", false, "none");
        } catch (MPIException e) {
            check(what + ": MPI_ERR_ARG naming it", e.getErrorClass() == MPI.ERR_ARG && e.getMessage().contains(message),
                    e.getErrorClass() + " " + e.getMessage());
        }
    }

    static void check(String what, boolean ok, String detail) throws MPIException {
        if (!ok) {
            System.out.println("FAIL " + who + ": " + what + " (" + detail + ")");
            System.out.flush();
            MPI.COMM_WORLD.abort(1);
        }
        System.out.println("OK " + who + ": " + what);
    }

    private Spawns() {
    }
}
