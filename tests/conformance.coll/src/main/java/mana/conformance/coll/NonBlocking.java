package mana.conformance.coll;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.function.IntBinaryOperator;
import mpi.Comm;
import mpi.Datatype;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;
import mpi.Status;

/**
 * Every non-blocking collective of Open MPI's Java API (except the neighborhood ones, which need
 * a topology) on COMM_WORLD and on a split communicator (ranks in reverse order), counts 0, 1
 * and 5, in place and not: data movement for an int, a vector, a struct and a resized datatype;
 * reductions on ints (Open MPI's non-blocking reductions refuse derived datatypes, as MPI allows)
 * and MINLOC/MAXLOC on INT2 pairs; iBcast, iAllReduce, iAllGather and iBarrier on an
 * intercommunicator. Each result is
 * compared, whole buffer including the holes of the datatype, with a reference computed here.
 * Requests are completed in turn by waitFor, a test loop, waitStatus and waitAll, and must be
 * null afterwards. Prints "OK name" on world rank 0; a mismatch prints FAIL and exits 1.
 */
public final class NonBlocking {
    static int worldRank;
    static int rank;
    static int size;
    static String where;
    static int checks;
    static int completions;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        worldRank = MPI.COMM_WORLD.getRank();
        Layout[] layouts = Layout.all();
        Intracomm split = MPI.COMM_WORLD.split(worldRank % 2, -worldRank);
        for (Intracomm c : new Intracomm[] {MPI.COMM_WORLD, split}) {
            where = c == split ? "split" : "world";
            rank = c.getRank();
            size = c.getSize();
            done(c.iBarrier(), "iBarrier");
            for (int count : new int[] {0, 1, 5}) {
                for (Layout l : layouts) {
                    movement(c, l, count);
                }
                reductions(c, layouts[0], count); // Open MPI's non-blocking reductions take intrinsic types only
            }
            pairs(c);
            allToAllw(c);
            several(c);
        }
        intercomm(split);
        split.free();
        for (int i = 1; i < layouts.length; i++) {
            layouts[i].type().free();
        }
        MPI.COMM_WORLD.barrier();
        if (worldRank == 0) {
            System.out.println("DONE " + checks + " checks");
        }
        MPI.Finalize();
    }

    static int value(int r, int j) {
        return (r + 1) * 1000 + j;
    }

    static void check(String name, boolean ok, String details) {
        checks++;
        if (!ok) {
            System.out.println("FAIL " + where + " " + name + " (rank " + rank + "): " + details);
            System.out.flush();
            System.exit(1);
        }
        if (worldRank == 0) {
            System.out.println("OK " + where + " " + name);
        }
    }

    static void same(String name, IntBuffer expected, IntBuffer actual, int ints) {
        for (int i = 0; i < ints; i++) {
            if (expected.get(i) != actual.get(i)) {
                check(name, false, "int " + i + ": expected " + expected.get(i) + " got " + actual.get(i));
            }
        }
        check(name, true, "");
    }

    static void same(String name, IntBuffer expected, IntBuffer actual) {
        same(name, expected, actual, expected.capacity());
    }

    /** Completes a request, rotating through the ways to do it; the request must be null afterwards. */
    static void done(Request r, String name) throws MPIException {
        switch (completions++ % 4) {
            case 0 -> r.waitFor();
            case 1 -> {
                while (!r.test()) {
                    Thread.onSpinWait();
                }
            }
            case 2 -> {
                Status s = r.waitStatus();
                if (s == null) {
                    check(name + " waitStatus", false, "null status");
                }
            }
            default -> Request.waitAll(new Request[] {r});
        }
        if (!r.isNull()) {
            check(name + " request null after completion", false, "not null");
        }
    }

    static void movement(Comm c, Layout l, int count) throws MPIException {
        String n = " " + l.name() + " count=" + count;
        Datatype t = l.type();
        IntBinaryOperator mine = (b, j) -> value(rank, j);
        IntBinaryOperator byBlock = (b, j) -> value(b, j);
        IntBinaryOperator reversed = (b, j) -> value(size - 1 - b, j);

        for (int root : new int[] {0, size - 1}) {
            IntBuffer buf = rank == root ? l.blocks(1, count, mine) : l.holes(count);
            done(c.iBcast(buf, count, t, root), "iBcast");
            same("iBcast root=" + root + n, l.blocks(1, count, (b, j) -> value(root, j)), buf);
        }

        int root = size - 1;
        IntBuffer recv = l.holes(size * count);
        done(c.iGather(l.blocks(1, count, mine), count, t, recv, count, t, root), "iGather");
        if (rank == root) {
            same("iGather" + n, l.blocks(size, count, byBlock), recv);
        }
        IntBuffer inPlace = rank == root ? l.blocks(size, count, (b, j) -> b == rank ? value(b, j) : Layout.HOLE)
                : l.blocks(1, count, mine);
        done(c.iGather(inPlace, count, t, root), "iGather in place");
        if (rank == root) {
            same("iGather in place" + n, l.blocks(size, count, byBlock), inPlace);
        }

        int[] counts = new int[size];
        int[] displs = new int[size];
        for (int r = 0; r < size; r++) {
            counts[r] = count;
            displs[r] = (size - 1 - r) * count; // rank r's block goes to block size-1-r
        }
        recv = l.holes(size * count);
        done(c.iGatherv(l.blocks(1, count, mine), count, t, recv, counts, displs, t, root), "iGatherv");
        if (rank == root) {
            same("iGatherv" + n, l.blocks(size, count, reversed), recv);
        }
        if (rank == root) {
            IntBuffer all = l.blocks(size, count, (b, j) -> b == size - 1 - rank ? value(rank, j) : Layout.HOLE);
            done(c.iGatherv(all, counts, displs, t, root), "iGatherv recv only");
            same("iGatherv in place" + n, l.blocks(size, count, reversed), all);
        } else {
            done(c.iGatherv(l.blocks(1, count, mine), count, t, root), "iGatherv send only");
        }

        root = 0;
        IntBuffer part = l.holes(count);
        done(c.iScatter(l.blocks(size, count, byBlock), count, t, part, count, t, root), "iScatter");
        same("iScatter" + n, l.blocks(1, count, mine), part);
        IntBuffer sc = rank == root ? l.blocks(size, count, byBlock) : l.holes(count);
        done(c.iScatter(sc, count, t, root), "iScatter in place");
        same("iScatter in place" + n, rank == root ? l.blocks(size, count, byBlock) : l.blocks(1, count, mine), sc);

        part = l.holes(count);
        done(c.iScatterv(l.blocks(size, count, reversed), counts, displs, t, part, count, t, root), "iScatterv");
        same("iScatterv" + n, l.blocks(1, count, mine), part);
        if (rank == root) {
            IntBuffer all = l.blocks(size, count, reversed);
            done(c.iScatterv(all, counts, displs, t, root), "iScatterv send only");
        } else {
            part = l.holes(count);
            done(c.iScatterv(part, count, t, root), "iScatterv recv only");
            same("iScatterv in place" + n, l.blocks(1, count, mine), part);
        }

        recv = l.holes(size * count);
        done(c.iAllGather(l.blocks(1, count, mine), count, t, recv, count, t), "iAllGather");
        same("iAllGather" + n, l.blocks(size, count, byBlock), recv);
        IntBuffer ag = l.blocks(size, count, (b, j) -> b == rank ? value(b, j) : Layout.HOLE);
        done(c.iAllGather(ag, count, t), "iAllGather in place");
        same("iAllGather in place" + n, l.blocks(size, count, byBlock), ag);

        recv = l.holes(size * count);
        done(c.iAllGatherv(l.blocks(1, count, mine), count, t, recv, counts, displs, t), "iAllGatherv");
        same("iAllGatherv" + n, l.blocks(size, count, reversed), recv);
        IntBuffer agv = l.blocks(size, count, (b, j) -> b == size - 1 - rank ? value(rank, j) : Layout.HOLE);
        done(c.iAllGatherv(agv, counts, displs, t), "iAllGatherv in place");
        same("iAllGatherv in place" + n, l.blocks(size, count, reversed), agv);

        // all to all: block d of rank s carries 100*d + value(s, j)
        recv = l.holes(size * count);
        done(c.iAllToAll(l.blocks(size, count, (d, j) -> value(rank, j) + 100 * d), count, t, recv, count, t), "iAllToAll");
        same("iAllToAll" + n, l.blocks(size, count, (s, j) -> value(s, j) + 100 * rank), recv);
        recv = l.holes(size * count);
        done(c.iAllToAllv(l.blocks(size, count, (d, j) -> value(rank, j) + 100 * (size - 1 - d)), counts, displs, t,
                recv, counts, displs, t), "iAllToAllv");
        same("iAllToAllv" + n, l.blocks(size, count, (b, j) -> value(size - 1 - b, j) + 100 * rank), recv);
    }

    static void reductions(Intracomm c, Layout l, int count) throws MPIException {
        String n = " " + l.name() + " count=" + count;
        Datatype t = l.type();
        IntBinaryOperator mine = (b, j) -> value(rank, j);
        IntBinaryOperator sum = (b, j) -> {
            int s = 0;
            for (int r = 0; r < size; r++) {
                s += value(r, j);
            }
            return s;
        };
        int root = size - 1;
        IntBuffer recv = l.holes(count);
        done(c.iReduce(l.blocks(1, count, mine), recv, count, t, MPI.SUM, root), "iReduce");
        if (rank == root) {
            same("iReduce SUM" + n, l.blocks(1, count, sum), recv);
        }
        IntBuffer buf = l.blocks(1, count, mine);
        done(c.iReduce(buf, count, t, MPI.SUM, root), "iReduce in place");
        if (rank == root) {
            same("iReduce in place" + n, l.blocks(1, count, sum), buf);
        }

        recv = l.holes(count);
        done(c.iAllReduce(l.blocks(1, count, mine), recv, count, t, MPI.SUM), "iAllReduce");
        same("iAllReduce SUM" + n, l.blocks(1, count, sum), recv);
        recv = l.holes(count);
        done(c.iAllReduce(l.blocks(1, count, mine), recv, count, t, MPI.MAX), "iAllReduce MAX");
        same("iAllReduce MAX" + n, l.blocks(1, count, (b, j) -> value(size - 1, j)), recv);
        buf = l.blocks(1, count, mine);
        done(c.iAllReduce(buf, count, t, MPI.SUM), "iAllReduce in place");
        same("iAllReduce in place" + n, l.blocks(1, count, sum), buf);

        // reduce-scatter: every rank contributes size blocks; rank r gets the sum of blocks r
        IntBinaryOperator mineBlocks = (b, j) -> value(rank, j) + 7 * b;
        IntBinaryOperator sumOfBlock = (b, j) -> sum.applyAsInt(b, j) + 7 * size * rank;
        int[] counts = new int[size];
        java.util.Arrays.fill(counts, count);
        recv = l.holes(count);
        done(c.iReduceScatter(l.blocks(size, count, mineBlocks), recv, counts, t, MPI.SUM), "iReduceScatter");
        same("iReduceScatter" + n, l.blocks(1, count, sumOfBlock), recv);
        buf = l.blocks(size, count, mineBlocks);
        done(c.iReduceScatter(buf, counts, t, MPI.SUM), "iReduceScatter in place");
        same("iReduceScatter in place" + n, l.blocks(1, count, sumOfBlock), buf, count * l.extent());
        recv = l.holes(count);
        done(c.iReduceScatterBlock(l.blocks(size, count, mineBlocks), recv, count, t, MPI.SUM), "iReduceScatterBlock");
        same("iReduceScatterBlock" + n, l.blocks(1, count, sumOfBlock), recv);
        buf = l.blocks(size, count, mineBlocks);
        done(c.iReduceScatterBlock(buf, count, t, MPI.SUM), "iReduceScatterBlock in place");
        same("iReduceScatterBlock in place" + n, l.blocks(1, count, sumOfBlock), buf, count * l.extent());

        IntBinaryOperator prefix = (b, j) -> {
            int s = 0;
            for (int r = 0; r <= rank; r++) {
                s += value(r, j);
            }
            return s;
        };
        IntBinaryOperator exPrefix = (b, j) -> prefix.applyAsInt(b, j) - value(rank, j);
        recv = l.holes(count);
        done(c.iScan(l.blocks(1, count, mine), recv, count, t, MPI.SUM), "iScan");
        same("iScan" + n, l.blocks(1, count, prefix), recv);
        buf = l.blocks(1, count, mine);
        done(c.iScan(buf, count, t, MPI.SUM), "iScan in place");
        same("iScan in place" + n, l.blocks(1, count, prefix), buf);
        recv = l.holes(count);
        done(c.iExScan(l.blocks(1, count, mine), recv, count, t, MPI.SUM), "iExScan");
        if (rank > 0) { // undefined on rank 0
            same("iExScan" + n, l.blocks(1, count, exPrefix), recv);
        }
        buf = l.blocks(1, count, mine);
        done(c.iExScan(buf, count, t, MPI.SUM), "iExScan in place");
        if (rank > 0) {
            same("iExScan in place" + n, l.blocks(1, count, exPrefix), buf);
        }
    }

    /**
     * Non-blocking collectives on an intercommunicator between the even and the odd world ranks
     * (each group ordered by descending world rank, as the split made it).
     */
    static void intercomm(Intracomm half) throws MPIException {
        int worldSize = MPI.COMM_WORLD.getSize();
        if (worldSize < 2) {
            return;
        }
        where = "intercomm";
        int parity = worldRank % 2;
        int highestEven = (worldSize - 1) / 2 * 2;
        int highestOdd = worldSize % 2 == 0 ? worldSize - 1 : worldSize - 2;
        Intercomm ic = MPI.COMM_WORLD.createIntercomm(half, 0, parity == 0 ? highestOdd : highestEven, 98);
        rank = ic.getRank();
        size = ic.getSize();
        int[] remote = new int[ic.getRemoteSize()]; // world ranks of the other group, in its rank order
        for (int i = 0, r = parity == 0 ? highestOdd : highestEven; i < remote.length; i++, r -= 2) {
            remote[i] = r;
        }

        IntBuffer b = MPI.newIntBuffer(3);
        int root = parity == 0 ? (rank == 0 ? MPI.ROOT : MPI.PROC_NULL) : 0;
        if (root == MPI.ROOT) {
            for (int i = 0; i < 3; i++) {
                b.put(i, 500 + i);
            }
        }
        done(ic.iBcast(b, 3, MPI.INT, root), "intercomm iBcast");
        if (parity == 1) {
            check("iBcast from the even group's leader", b.get(0) == 500 && b.get(2) == 502, b.get(0) + "," + b.get(2));
        }

        IntBuffer in = MPI.newIntBuffer(1).put(0, worldRank + 1);
        IntBuffer out = MPI.newIntBuffer(1);
        done(ic.iAllReduce(in, out, 1, MPI.INT, MPI.SUM), "intercomm iAllReduce");
        int sum = 0;
        for (int r : remote) {
            sum += r + 1;
        }
        check("iAllReduce gives the other group's sum", out.get(0) == sum, out.get(0) + " want " + sum);

        IntBuffer g = MPI.newIntBuffer(remote.length);
        done(ic.iAllGather(in, 1, MPI.INT, g, 1, MPI.INT), "intercomm iAllGather");
        boolean ok = true;
        for (int i = 0; i < remote.length; i++) {
            ok &= g.get(i) == remote[i] + 1;
        }
        check("iAllGather gives the other group's values", ok, "");
        done(ic.iBarrier(), "intercomm iBarrier");
        check("iBarrier", true, "");
        ic.free();
    }

    /** MINLOC and MAXLOC on INT2 (value, index) pairs: two pairs per rank. */
    static void pairs(Intracomm c) throws MPIException {
        ByteBuffer in = MPI.newByteBuffer(16).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < 2; i++) {
            in.putInt(8 * i, pairValue(rank, i)).putInt(8 * i + 4, rank);
        }
        for (Op op : new Op[] {MPI.MINLOC, MPI.MAXLOC}) {
            boolean min = op == MPI.MINLOC;
            ByteBuffer out = MPI.newByteBuffer(16).order(java.nio.ByteOrder.nativeOrder());
            done(c.iAllReduce(in, out, 2, MPI.INT2, op), "iAllReduce pairs");
            boolean ok = true;
            String details = "";
            for (int i = 0; i < 2; i++) {
                int best = pairValue(0, i);
                int at = 0;
                for (int r = 1; r < size; r++) {
                    int v = pairValue(r, i);
                    if (min ? v < best : v > best) {
                        best = v;
                        at = r;
                    }
                }
                if (out.getInt(8 * i) != best || out.getInt(8 * i + 4) != at) {
                    ok = false;
                    details = "pair " + i + ": " + out.getInt(8 * i) + "@" + out.getInt(8 * i + 4) + " want " + best + "@" + at;
                }
            }
            check("iAllReduce " + (min ? "MINLOC" : "MAXLOC") + " INT2", ok, details);
        }
    }

    /** Ties broken by the lowest rank (MPI's rule), so some values repeat. */
    static int pairValue(int r, int i) {
        return ((r + 1) * (i == 0 ? 7 : 3)) % 4;
    }

    /**
     * allToAllw with a count per pair of ranks (one int when the ranks' sum is even, two when it is
     * odd), byte displacements, and predefined types only: with a derived datatype
     * Open MPI 4.1.4 reads the binding's freed datatype array when the request completes (the raw
     * binding crashes; MANA refuses it, see BadInput).
     */
    static void allToAllw(Comm c) throws MPIException {
        int[] counts = new int[size];
        int[] displs = new int[size];
        Datatype[] types = new Datatype[size];
        int bytes = 0;
        for (int p = 0; p < size; p++) {
            counts[p] = 1 + (rank + p) % 2;
            types[p] = MPI.INT;
            displs[p] = bytes + 4; // a hole before each block
            bytes += 4 + 4 * counts[p];
        }
        ByteBuffer send = MPI.newByteBuffer(bytes).order(java.nio.ByteOrder.nativeOrder());
        ByteBuffer recv = MPI.newByteBuffer(bytes).order(java.nio.ByteOrder.nativeOrder());
        for (int i = 0; i < bytes / 4; i++) {
            recv.putInt(4 * i, Layout.HOLE);
            send.putInt(4 * i, Layout.HOLE);
        }
        for (int p = 0; p < size; p++) {
            for (int k = 0; k < counts[p]; k++) {
                send.putInt(displs[p] + 4 * k, value(rank, 10 * p + k));
            }
        }
        done(c.iAllToAllw(send, counts, displs, types, recv, counts, displs, types), "iAllToAllw");
        boolean ok = true;
        String details = "";
        for (int p = 0; p < size; p++) {
            for (int k = 0; k < counts[p]; k++) {
                int v = recv.getInt(displs[p] + 4 * k);
                if (v != value(p, 10 * rank + k)) {
                    ok = false;
                    details = "from " + p + " item " + k + ": " + v;
                }
            }
            if (recv.getInt(displs[p] - 4) != Layout.HOLE) {
                ok = false;
                details = "hole before the block from " + p + " overwritten";
            }
        }
        check("iAllToAllw", ok, details);
    }

    /** Several collectives outstanding at once, completed together (waitAll, testAll, waitAny, waitSome). */
    static void several(Intracomm c) throws MPIException {
        IntBuffer a = MPI.newIntBuffer(3);
        IntBuffer b = MPI.newIntBuffer(1);
        IntBuffer g = MPI.newIntBuffer(size);
        for (int i = 0; i < 3; i++) {
            a.put(i, rank + i);
        }
        b.put(0, rank == 0 ? 42 : 0);
        IntBuffer sendOne = MPI.newIntBuffer(1).put(0, rank);
        Request[] r = {c.iAllReduce(a, 3, MPI.INT, MPI.SUM), c.iBcast(b, 1, MPI.INT, 0),
            c.iAllGather(sendOne, 1, MPI.INT, g, 1, MPI.INT), c.iBarrier()};
        Request.waitAll(r);
        boolean ok = b.get(0) == 42;
        for (int i = 0; i < 3; i++) {
            ok &= a.get(i) == size * (size - 1) / 2 + size * i;
        }
        for (int i = 0; i < size; i++) {
            ok &= g.get(i) == i;
        }
        for (Request q : r) {
            ok &= q.isNull();
        }
        check("four outstanding, waitAll", ok, "a=" + a.get(0) + " b=" + b.get(0));

        b.put(0, rank == size - 1 ? 7 : 0);
        Request[] s = {c.iBcast(b, 1, MPI.INT, size - 1), c.iBarrier()};
        while (!Request.testAll(s)) {
            Thread.onSpinWait();
        }
        check("testAll", b.get(0) == 7 && s[0].isNull() && s[1].isNull(), "b=" + b.get(0));

        Request[] w = {c.iBarrier(), c.iAllReduce(a, 3, MPI.INT, MPI.MAX)};
        int left = 2;
        boolean[] seen = new boolean[2];
        while (left > 0) {
            int i = Request.waitAny(w);
            seen[i] = true;
            left--;
        }
        check("waitAny", seen[0] && seen[1] && w[0].isNull() && w[1].isNull(), "");

        Request[] v = {c.iBarrier(), c.iBcast(b, 1, MPI.INT, 0)};
        int got = 0;
        while (got < 2) {
            int[] idx = Request.waitSome(v);
            got += idx == null ? 2 : idx.length;
        }
        check("waitSome", v[0].isNull() && v[1].isNull(), "");
    }
}
