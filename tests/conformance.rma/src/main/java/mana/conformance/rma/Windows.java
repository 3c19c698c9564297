package mana.conformance.rma;

import mana.conformance.ErrorNames;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.Group;
import mpi.Info;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Win;

/**
 * One-sided communication on 2-4 ranks, written against Open MPI's Java API and run both
 * through MANA and on the raw binding: fence epochs (put, get, accumulate, getAccumulate on
 * int and double windows, vector datatypes), PSCW, passive target (lock/unlock, flush, lockAll),
 * fetchAndOp and compareAndSwap counters, request-based operations, allocated and shared
 * windows, dynamic windows, attributes, names, info, groups, errhandlers and bad input the raw
 * binding answers itself. Rank 0 prints one line per check (agreed by all ranks) with what it
 * observed, so the two runs' lines must be equal.
 */
public final class Windows {
    static int rank;
    static int size;

    static void check(String name, boolean ok, String detail) throws MPIException {
        int[] v = {ok ? 1 : 0};
        MPI.COMM_WORLD.allReduce(v, 1, MPI.INT, MPI.MIN);
        if (rank == 0) {
            System.out.println((v[0] == 1 ? "OK " : "FAIL ") + name + ": " + detail);
        }
    }

    static String ints(IntBuffer b, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = b.get(i);
        }
        return Arrays.toString(a);
    }

    interface Call {
        void run() throws Exception;
    }

    /** The exception a call throws, as "class" or "MPIException class N"; "none" if it returns. */
    static String thrown(Call c) {
        try {
            c.run();
            return "none";
        } catch (MPIException e) {
            return "MPIException class " + ErrorNames.of(e.getErrorClass());
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;

        fencePutGet(right, left);
        accumulate();
        vectors(right, left);
        pscw();
        passive();
        counters();
        requests(right, left);
        allocated(right, left);
        dynamic();
        attributes();
        namesInfoGroups();
        errors(right);

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void fencePutGet(int right, int left) throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(2 * size);
        for (int i = 0; i < 2 * size; i++) {
            wb.put(i, -1);
        }
        Win w = new Win(wb, 2 * size, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer origin = MPI.newIntBuffer(2);
        origin.put(0, 100 * rank + 1).put(1, 100 * rank + 2);
        w.fence(0);
        w.put(origin, 2, MPI.INT, right, 2 * rank, 2, MPI.INT);
        w.fence(0);
        boolean ok = wb.get(2 * left) == 100 * left + 1 && wb.get(2 * left + 1) == 100 * left + 2;
        check("fence put int", ok, ints(wb, 2 * size));
        IntBuffer got = MPI.newIntBuffer(2);
        w.fence(MPI.MODE_NOPUT);
        w.get(got, 2, MPI.INT, right, 2 * rank, 2, MPI.INT);
        w.fence(MPI.MODE_NOSUCCEED);
        check("fence get int", got.get(0) == 100 * rank + 1 && got.get(1) == 100 * rank + 2, ints(got, 2));
        w.free();

        DoubleBuffer db = MPI.newDoubleBuffer(4);
        for (int i = 0; i < 4; i++) {
            db.put(i, rank + 0.25 * i);
        }
        Win dw = new Win(db, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        DoubleBuffer dgot = MPI.newDoubleBuffer(4);
        dw.fence(MPI.MODE_NOPRECEDE);
        dw.get(dgot, 3, MPI.DOUBLE, left, 1, 3, MPI.DOUBLE);
        dw.fence(MPI.MODE_NOSUCCEED);
        boolean dok = dgot.get(0) == left + 0.25 && dgot.get(1) == left + 0.5 && dgot.get(2) == left + 0.75;
        check("fence get double", dok, dgot.get(0) + " " + dgot.get(1) + " " + dgot.get(2));
        dw.free();
    }

    static void accumulate() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(4);
        for (int i = 0; i < 4; i++) {
            wb.put(i, i);
        }
        Win w = new Win(wb, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer add = MPI.newIntBuffer(4);
        for (int i = 0; i < 4; i++) {
            add.put(i, rank + 1);
        }
        w.fence(0);
        w.accumulate(add, 4, MPI.INT, 0, 0, 4, MPI.INT, MPI.SUM);
        w.fence(0);
        int sum = size * (size + 1) / 2;
        boolean ok = rank != 0 || (wb.get(0) == sum && wb.get(3) == 3 + sum);
        check("accumulate SUM into rank 0", ok, rank == 0 ? ints(wb, 4) : "");
        // getAccumulate: fetch the old values while taking the maximum
        IntBuffer mine = MPI.newIntBuffer(1);
        mine.put(0, 1000 + rank);
        IntBuffer old = MPI.newIntBuffer(1);
        w.fence(0);
        if (rank == 1 % size) {
            w.getAccumulate(mine, 1, MPI.INT, old, 1, MPI.INT, 0, 1, 1, MPI.INT, MPI.MAX);
        }
        w.fence(0);
        boolean gok = rank == 0 ? wb.get(1) == 1000 + (1 % size) : rank != 1 || old.get(0) == 1 + sum;
        check("getAccumulate MAX returns the old value", gok, rank == 0 ? ints(wb, 4) : "");
        DoubleBuffer dwb = MPI.newDoubleBuffer(2);
        Win dw = new Win(dwb, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        DoubleBuffer dadd = MPI.newDoubleBuffer(2);
        dadd.put(0, 0.5).put(1, rank);
        dw.fence(0);
        dw.accumulate(dadd, 2, MPI.DOUBLE, 0, 0, 2, MPI.DOUBLE, MPI.SUM);
        dw.fence(0);
        check("accumulate SUM double", rank != 0 || dwb.get(0) == 0.5 * size, rank == 0 ? dwb.get(0) + " " + dwb.get(1) : "");
        dw.free();
        w.free();
    }

    static void vectors(int right, int left) throws MPIException {
        // origin: every second int of 6; target: 3 contiguous ints, then back with a strided target type
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        IntBuffer wb = MPI.newIntBuffer(6);
        Win w = new Win(wb, 6, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer origin = MPI.newIntBuffer(6);
        for (int i = 0; i < 6; i++) {
            origin.put(i, 10 * rank + i);
        }
        w.fence(0);
        w.put(origin, 1, every2, right, 0, 3, MPI.INT);
        w.fence(0);
        boolean ok = wb.get(0) == 10 * left && wb.get(1) == 10 * left + 2 && wb.get(2) == 10 * left + 4;
        check("put vector origin to contiguous target", ok, ints(wb, 6));
        IntBuffer back = MPI.newIntBuffer(3);
        w.fence(0);
        w.get(back, 3, MPI.INT, right, 0, 1, every2);
        w.fence(0);
        check("get through a vector target type", back.get(0) == 10 * rank && back.get(1) == 10 * rank + 4,
                ints(back, 3));
        every2.free();
        w.free();
    }

    static void pscw() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(size);
        Win w = new Win(wb, size, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Group world = MPI.COMM_WORLD.getGroup();
        if (rank == 0) {
            Group origins = world.excl(new int[] {0});
            w.post(origins, 0);
            w.waitFor();
            origins.free();
        } else {
            Group target = world.incl(new int[] {0});
            IntBuffer v = MPI.newIntBuffer(1);
            v.put(0, 7 * rank);
            w.start(target, 0);
            w.put(v, 1, MPI.INT, 0, rank, 1, MPI.INT);
            w.complete();
            target.free();
        }
        boolean ok = true;
        if (rank == 0) {
            for (int r = 1; r < size; r++) {
                ok &= wb.get(r) == 7 * r;
            }
        }
        check("post/start/complete/wait", ok, rank == 0 ? ints(wb, size) : "");
        // test() instead of waitFor(): spins until the exposure epoch is complete
        if (rank == 0) {
            Group origins = world.excl(new int[] {0});
            w.post(origins, 0);
            int spins = 0;
            while (!w.test()) {
                spins++;
            }
            origins.free();
        } else {
            Group target = world.incl(new int[] {0});
            w.start(target, 0);
            w.complete();
            target.free();
        }
        check("post/test", true, "");
        world.free();
        w.free();
    }

    static void passive() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(size);
        Win w = new Win(wb, size, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        MPI.COMM_WORLD.barrier();
        IntBuffer v = MPI.newIntBuffer(1);
        v.put(0, 11 * (rank + 1));
        IntBuffer back = MPI.newIntBuffer(1);
        w.lock(MPI.LOCK_EXCLUSIVE, 0, 0);
        w.put(v, 1, MPI.INT, 0, rank, 1, MPI.INT);
        w.flush(0);
        w.get(back, 1, MPI.INT, 0, rank, 1, MPI.INT);
        w.flushLocal(0);
        w.unlock(0);
        MPI.COMM_WORLD.barrier();
        IntBuffer all = MPI.newIntBuffer(size);
        w.lock(MPI.LOCK_SHARED, 0, 0);
        w.get(all, size, MPI.INT, 0, 0, size, MPI.INT);
        w.unlock(0);
        boolean ok = back.get(0) == 11 * (rank + 1);
        for (int r = 0; r < size; r++) {
            ok &= all.get(r) == 11 * (r + 1);
        }
        check("lock/put/flush/get/unlock", ok, ints(all, size));
        MPI.COMM_WORLD.barrier();
        w.lockAll(0);
        IntBuffer z = MPI.newIntBuffer(1);
        z.put(0, -rank);
        w.put(z, 1, MPI.INT, (rank + 1) % size, rank, 1, MPI.INT);
        w.flushAll();
        w.flushLocalAll();
        w.unlockAll();
        MPI.COMM_WORLD.barrier();
        w.lock(MPI.LOCK_SHARED, rank, 0);
        w.sync();
        int seen = wb.get((rank + size - 1) % size);
        w.unlock(rank);
        check("lockAll/put/flushAll/unlockAll/sync", seen == -((rank + size - 1) % size), "");
        w.free();
    }

    static void counters() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(2);
        wb.put(0, 0).put(1, -1);
        Win w = new Win(wb, 2, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        MPI.COMM_WORLD.barrier();
        IntBuffer one = MPI.newIntBuffer(1);
        one.put(0, 1);
        IntBuffer fetched = MPI.newIntBuffer(1);
        w.lock(MPI.LOCK_SHARED, 0, 0);
        w.fetchAndOp(one, fetched, MPI.INT, 0, 0, MPI.SUM);
        w.unlock(0);
        int[] all = new int[size];
        MPI.COMM_WORLD.allGather(new int[] {fetched.get(0)}, 1, MPI.INT, all, 1, MPI.INT);
        Arrays.sort(all);
        boolean ok = true;
        for (int i = 0; i < size; i++) {
            ok &= all[i] == i;
        }
        check("fetchAndOp counter hands out 0..n-1", ok, Arrays.toString(all));
        IntBuffer me = MPI.newIntBuffer(1);
        me.put(0, rank);
        IntBuffer expect = MPI.newIntBuffer(1);
        expect.put(0, -1);
        IntBuffer result = MPI.newIntBuffer(1);
        w.lock(MPI.LOCK_SHARED, 0, 0);
        w.compareAndSwap(me, expect, result, MPI.INT, 0, 1);
        w.unlock(0);
        int[] winners = new int[1];
        MPI.COMM_WORLD.allReduce(new int[] {result.get(0) == -1 ? 1 : 0}, winners, 1, MPI.INT, MPI.SUM);
        MPI.COMM_WORLD.barrier();
        IntBuffer fin = MPI.newIntBuffer(2);
        w.lock(MPI.LOCK_SHARED, 0, 0);
        w.get(fin, 2, MPI.INT, 0, 0, 2, MPI.INT);
        w.unlock(0);
        check("compareAndSwap: exactly one rank wins", winners[0] == 1 && fin.get(0) == size
                && fin.get(1) >= 0 && fin.get(1) < size, "winners " + winners[0] + ", counter " + fin.get(0));
        w.free();
    }

    static void requests(int right, int left) throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(4);
        Win w = new Win(wb, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        MPI.COMM_WORLD.barrier();
        IntBuffer v = MPI.newIntBuffer(2);
        v.put(0, rank).put(1, rank * rank);
        w.lockAll(0);
        Request put = w.rPut(v, 2, MPI.INT, right, 0, 2, MPI.INT);
        put.waitFor();
        w.flush(right);
        IntBuffer got = MPI.newIntBuffer(2);
        Request get = w.rGet(got, 2, MPI.INT, right, 0, 2, MPI.INT);
        get.waitFor();
        IntBuffer one = MPI.newIntBuffer(1);
        one.put(0, 5);
        Request acc = w.rAccumulate(one, 1, MPI.INT, right, 2, 1, MPI.INT, MPI.SUM);
        IntBuffer old = MPI.newIntBuffer(1);
        Request gacc = w.rGetAccumulate(one, 1, MPI.INT, old, 1, MPI.INT, right, 3, 1, MPI.INT, MPI.SUM);
        Request.waitAll(new Request[] {acc, gacc});
        w.unlockAll();
        MPI.COMM_WORLD.barrier();
        check("rPut/rGet waited", got.get(0) == rank && got.get(1) == rank * rank && put.isNull() && get.isNull(),
                ints(got, 2));
        w.lock(MPI.LOCK_SHARED, rank, 0);
        int a = wb.get(2);
        int b = wb.get(3);
        w.unlock(rank);
        check("rAccumulate/rGetAccumulate with Request.waitAll", a == 5 && b == 5 && old.get(0) == 0,
                a + " " + b + " " + old.get(0));
        // a request tested until it completes
        w.lockAll(0);
        Request t = w.rGet(got, 1, MPI.INT, left, 2, 1, MPI.INT);
        while (!t.test()) {
            Thread.onSpinWait();
        }
        w.unlockAll();
        check("rGet tested", got.get(0) == 5, "");
        w.free();
    }

    static void allocated(int right, int left) throws MPIException {
        LongBuffer addr = MPI.newLongBuffer(1);
        Win w = new Win(4, 1, MPI.INFO_NULL, MPI.COMM_WORLD, addr, Win.FLAVOR_PRIVATE);
        IntBuffer v = MPI.newIntBuffer(4);
        for (int i = 0; i < 4; i++) {
            v.put(i, rank * 4 + i);
        }
        w.fence(0);
        w.put(v, 4, MPI.INT, right, 0, 4, MPI.INT);
        w.fence(0);
        IntBuffer got = MPI.newIntBuffer(4);
        w.get(got, 4, MPI.INT, rank, 0, 4, MPI.INT);
        w.fence(0);
        Object size = w.getAttr(MPI.WIN_SIZE);
        check("allocate: put to neighbour, get own", got.get(0) == left * 4 && got.get(3) == left * 4 + 3
                && addr.get(0) != 0, ints(got, 4) + " size " + size);
        w.free();
        LongBuffer saddr = MPI.newLongBuffer(1);
        Win s = new Win(2, 1, MPI.INFO_NULL, MPI.COMM_WORLD, saddr, Win.FLAVOR_SHARED);
        IntBuffer one = MPI.newIntBuffer(2);
        one.put(0, rank + 1).put(1, -(rank + 1));
        s.fence(0);
        s.put(one, 2, MPI.INT, left, 0, 2, MPI.INT);
        s.fence(0);
        IntBuffer back = MPI.newIntBuffer(2);
        s.get(back, 2, MPI.INT, rank, 0, 2, MPI.INT);
        s.fence(0);
        check("allocateShared: put to neighbour, get own", back.get(0) == right + 1 && back.get(1) == -(right + 1),
                ints(back, 2) + " size " + s.getAttr(MPI.WIN_SIZE) + " unit " + s.getAttr(MPI.WIN_DISP_UNIT));
        s.free();
    }

    static void dynamic() throws MPIException {
        Win w = new Win(MPI.INFO_NULL, MPI.COMM_WORLD);
        IntBuffer a = MPI.newIntBuffer(8);
        ByteBuffer b = MPI.newByteBuffer(16);
        w.attach(a, 8);
        w.attach(b, 16);
        w.fence(0);
        w.fence(0);
        w.detach(a);
        w.detach(b);
        Object base = w.getAttr(MPI.WIN_BASE);
        Object size = w.getAttr(MPI.WIN_SIZE);
        Object unit = w.getAttr(MPI.WIN_DISP_UNIT);
        check("dynamic window attach/fence/detach", true, "base " + base + " size " + size + " unit " + unit);
        w.free();
    }

    static void attributes() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(25);
        Win w = new Win(wb, 25, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        Object base = w.getAttr(MPI.WIN_BASE);
        Object size = w.getAttr(MPI.WIN_SIZE);
        Object unit = w.getAttr(MPI.WIN_DISP_UNIT);
        check("WIN_BASE/WIN_SIZE/WIN_DISP_UNIT", base instanceof Long && !base.equals(0L),
                (base == null ? "null" : base.getClass().getSimpleName()) + " " + size + " "
                        + (size == null ? "" : size.getClass().getSimpleName()) + " " + unit);
        w.free();
        DoubleBuffer db = MPI.newDoubleBuffer(10);
        Win d = new Win(db, 7, 2, MPI.INFO_NULL, MPI.COMM_WORLD);
        check("double window sizes in bytes", true, d.getAttr(MPI.WIN_SIZE) + " " + d.getAttr(MPI.WIN_DISP_UNIT));
        int key = Win.createKeyval();
        d.setAttr(key, "halo of rank " + rank);
        Object got = d.getAttr(key);
        d.setAttr(key, new int[] {1, 2, 3});
        Object arr = d.getAttr(key);
        d.deleteAttr(key);
        Object gone = d.getAttr(key);
        Win.freeKeyval(key);
        check("user keyval set/get/delete", ("halo of rank " + rank).equals(got) && arr instanceof int[]
                && ((int[]) arr)[2] == 3 && gone == null, rank == 0 ? got + " " + Arrays.toString((int[]) arr) + " " + gone : "");
        d.free();
    }

    static void namesInfoGroups() throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(4);
        Info hints = new Info();
        hints.set("no_locks", "true");
        Win w = new Win(wb, 4, 1, hints, MPI.COMM_WORLD);
        hints.free();
        String before = w.getName();
        w.setName("halo window");
        check("names", "halo window".equals(w.getName()), "before " + defaultName(before) + " after \"" + w.getName() + "\"");
        Info info = w.getInfo();
        String noLocks = info.get("no_locks");
        info.free();
        Info more = new Info();
        more.set("accumulate_ordering", "none");
        w.setInfo(more);
        more.free();
        Info after = w.getInfo();
        String ordering = after.get("accumulate_ordering");
        after.free();
        check("info", true, "no_locks=" + noLocks + " accumulate_ordering=" + echoed(ordering));
        Group g = w.getGroup();
        Group world = MPI.COMM_WORLD.getGroup();
        int cmp = Group.compare(g, world);
        check("getGroup", g.getSize() == size && g.getRank() == rank && cmp == MPI.IDENT,
                "size " + g.getSize() + " compare " + cmp);
        g.free();
        world.free();
        w.free();
    }

    /**
     * A window's name before any setName is the library's: "" by the standard (MPICH), Open MPI
     * names it after its one-sided component ("rdma window 3"). Each is checked against its own
     * library, so a run on either compares with the raw binding on the other.
     */
    static String defaultName(String name) throws MPIException {
        boolean ok = openMpi() ? name.matches("\\S+ window \\d+") : name.isEmpty();
        return ok ? "the library's default" : "\"" + name + "\"";
    }

    /**
     * Which keys of setInfo getInfo gives back is the library's choice (the standard lets it
     * drop any): Open MPI 4.1 drops accumulate_ordering=none, MPICH keeps it.
     */
    static String echoed(String ordering) throws MPIException {
        boolean ok = openMpi() ? ordering == null : "none".equals(ordering);
        return ok ? "as the library keeps it" : String.valueOf(ordering);
    }

    static boolean openMpi() throws MPIException {
        return MPI.getLibVersion().contains("Open MPI");
    }

    static void errors(int right) throws MPIException {
        IntBuffer wb = MPI.newIntBuffer(4);
        check("heap base buffer", true, thrown(() -> new Win(IntBuffer.allocate(4), 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD)));
        check("heap base buffer, allocate", true,
                thrown(() -> new Win(4, 1, MPI.INFO_NULL, MPI.COMM_WORLD, LongBuffer.allocate(1), Win.FLAVOR_PRIVATE)));
        Win w = new Win(wb, 4, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        w.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer v = MPI.newIntBuffer(2);
        w.fence(0);
        check("heap origin buffer", true, thrown(() -> w.put(IntBuffer.allocate(2), 2, MPI.INT, right, 0, 2, MPI.INT)));
        check("origin and target of different base types", true,
                thrown(() -> w.put(v, 2, MPI.INT, right, 0, 1, MPI.DOUBLE)));
        check("target rank out of range", true, thrown(() -> w.put(v, 1, MPI.INT, size + 3, 0, 1, MPI.INT)));
        check("negative count", true, thrown(() -> w.put(v, -1, MPI.INT, right, 0, 1, MPI.INT)));
        w.fence(0);
        check("unlock without lock", true, thrown(() -> w.unlock(right)));
        check("heap attach buffer", true, thrown(() -> w.attach(IntBuffer.allocate(2), 2)));
        w.callErrhandler(MPI.ERR_OTHER);
        check("callErrhandler under ERRORS_RETURN", true, thrown(() -> w.callErrhandler(MPI.ERR_OTHER)));
        w.free();
        check("put on a freed window", true, thrown(() -> w.put(v, 1, MPI.INT, right, 0, 1, MPI.INT)));
        check("fence on a freed window", true, thrown(() -> w.fence(0)));
        check("free a freed window", true, thrown(w::free));
        Win none = new Win(4, 1, MPI.INFO_NULL, MPI.COMM_WORLD, MPI.newLongBuffer(1), 7);
        check("allocate with an unknown flavor, then fence", true, thrown(() -> none.fence(0)));
    }
}
