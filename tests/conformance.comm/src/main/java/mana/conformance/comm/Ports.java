package mana.conformance.comm;

import mpi.Comm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Intercommunicators made through a port (an even number of ranks, 2 or more): the even ranks
 * accept, the odd ranks connect, then intercommunicator collectives, point-to-point, merge and
 * disconnect. Prints "OK check" lines that must read the same through MANA and the raw binding;
 * exits 1 on the first "FAIL".
 */
public final class Ports {
    static int rank;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        rank = world.getRank();
        int size = world.getSize();
        boolean acceptor = rank % 2 == 0;
        Intracomm half = world.split(rank % 2, rank);
        // mpirun started this job: no parent, an Intercomm whose isNull() is true (raw: the same)
        check("getParent isNull", Intercomm.getParent().isNull(), "");

        // The port name travels from the acceptors' leader (world 0) to the connectors' leader (world 1).
        String port = null;
        if (rank == 0) {
            port = Intracomm.openPort();
            check("port name not empty", port != null && !port.isEmpty(), "" + port);
            char[] name = port.toCharArray();
            world.send(new int[] {name.length}, 1, MPI.INT, 1, 7);
            world.send(name, name.length, MPI.CHAR, 1, 8);
        } else if (rank == 1) {
            int[] len = new int[1];
            world.recv(len, 1, MPI.INT, 0, 7);
            char[] name = new char[len[0]];
            world.recv(name, len[0], MPI.CHAR, 0, 8);
            port = new String(name);
        }
        Intercomm inter = acceptor ? half.accept(port, 0) : half.connect(port, 0);

        check("isInter", inter.isInter(), "");
        check("local size " + size / 2, inter.getSize() == size / 2, "" + inter.getSize());
        check("local rank", inter.getRank() == half.getRank(), "" + inter.getRank());
        check("remote size " + size / 2, inter.getRemoteSize() == size / 2, "" + inter.getRemoteSize());
        Group remote = inter.getRemoteGroup();
        check("remote group size", remote.getSize() == size / 2, "" + remote.getSize());
        remote.free();

        // bcast from the acceptors' rank 0 to every connector
        int[] v = {acceptor && inter.getRank() == 0 ? 4242 : -1};
        int root = acceptor ? (inter.getRank() == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0;
        inter.bcast(v, 1, MPI.INT, root);
        check("bcast over the port", acceptor ? true : v[0] == 4242, "" + v[0]);

        // allReduce: each side gets the sum of the other side's world ranks
        int[] in = {rank};
        int[] out = new int[1];
        inter.allReduce(in, out, 1, MPI.INT, MPI.SUM);
        int expected = 0;
        for (int r = acceptor ? 1 : 0; r < size; r += 2) {
            expected += r;
        }
        check("allReduce sums the remote group", out[0] == expected, out[0] + " != " + expected);

        // allGather: the remote group's world ranks, in their rank order
        int[] all = new int[size / 2];
        inter.allGather(in, 1, MPI.INT, all, 1, MPI.INT);
        boolean ordered = true;
        for (int i = 0; i < all.length; i++) {
            ordered &= all[i] == 2 * i + (acceptor ? 1 : 0);
        }
        check("allGather gives the remote ranks", ordered, java.util.Arrays.toString(all));

        // point-to-point with the peer of the same local rank on the other side
        int[] got = new int[1];
        inter.sendRecv(new int[] {rank}, 1, MPI.INT, inter.getRank(), 3, got, 1, MPI.INT, inter.getRank(), 3);
        check("sendRecv with the peer", got[0] == (acceptor ? rank + 1 : rank - 1), "" + got[0]);
        inter.barrier();

        // merge: acceptors first
        Intracomm merged = inter.merge(!acceptor);
        check("merged size", merged.getSize() == size, "" + merged.getSize());
        int[] sum = new int[1];
        merged.allReduce(in, sum, 1, MPI.INT, MPI.SUM);
        check("merged allReduce", sum[0] == size * (size - 1) / 2, "" + sum[0]);
        merged.free();

        Intercomm copy = inter.dup();
        check("dup of a port intercomm is inter", copy.isInter() && copy.getRemoteSize() == size / 2, "");
        copy.free();

        inter.disconnect();
        check("disconnect nulls the intercomm", inter.isNull(), "");
        if (rank == 0) {
            Intracomm.closePort(port);
            check("port closed", true, "");
        }
        half.free();
        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void check(String what, boolean ok, String detail) throws MPIException {
        if (!ok) {
            System.out.println("FAIL rank " + rank + ": " + what + " (" + detail + ")");
            System.out.flush();
            MPI.COMM_WORLD.abort(1);
        }
        System.out.println("OK rank " + rank + ": " + what);
    }

    private Ports() {
    }
}
