package mana.conformance.p2p;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import java.util.TreeSet;
import mana.conformance.ErrorNames;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Message;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/**
 * Point-to-point and request semantics on 3 or more ranks, under MPI.ERRORS_RETURN. Prints
 * "OK <check> [values]" lines (the same through MANA and the raw binding) and exits 1 on the
 * first "FAIL". With the argument {@code mana} it also runs checks of input that the raw binding
 * does not survive or answers differently (negative counts): those print "MANA-OK" lines.
 */
public final class PointToPoint {
    static int rank;
    static int size;
    static Intracomm world;

    static void check(String name, boolean ok, Object detail) {
        if (!ok) {
            System.out.println("FAIL " + name + ": " + detail);
            System.out.flush();
            System.exit(1);
        }
        if (rank == 0) {
            System.out.println("OK " + name + (detail == null ? "" : " " + detail));
        }
    }

    /** A check every rank prints (its rank in the line). */
    static void checkAll(String name, boolean ok, Object detail) {
        if (!ok) {
            System.out.println("FAIL " + name + " [rank " + rank + "]: " + detail);
            System.out.flush();
            System.exit(1);
        }
        System.out.println("OK " + name + " [rank " + rank + "]" + (detail == null ? "" : " " + detail));
    }

    static String st(Status s) throws MPIException {
        return "src=" + src(s.getSource()) + " tag=" + tag(s.getTag()) + " count=" + s.getCount(MPI.INT);
    }

    /** PROC_NULL and ANY_SOURCE by name: their numbers differ between Open MPI and MPICH. */
    static String src(int source) {
        return source == MPI.PROC_NULL ? "PROC_NULL" : source == MPI.ANY_SOURCE ? "ANY_SOURCE" : String.valueOf(source);
    }

    static String tag(int tag) {
        return tag == MPI.ANY_TAG ? "ANY_TAG" : String.valueOf(tag);
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        size = world.getSize();
        world.setErrhandler(MPI.ERRORS_RETURN);
        boolean mana = args.length > 0 && args[0].equals("mana");

        wildcards();
        world.barrier();
        ordering();
        world.barrier();
        statusAndEdgeCases();
        world.barrier();
        nonBlocking();
        world.barrier();
        arrays();
        world.barrier();
        persistent();
        world.barrier();
        sendRecv();
        world.barrier();
        probes();
        world.barrier();
        packAndBuffered();
        world.barrier();
        requestLifecycle();
        world.barrier();
        errors();
        world.barrier();
        if (mana) {
            manaOnly();
            world.barrier();
        }
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /** Every other rank sends to 0 with tag 100+rank; rank 0 receives with ANY_SOURCE / ANY_TAG. */
    static void wildcards() throws MPIException {
        if (rank == 0) {
            TreeSet<Integer> sources = new TreeSet<>();
            for (int i = 1; i < size; i++) {
                int[] b = new int[2];
                Status s = world.recv(b, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                check("any-source any-tag recv " + i, s.getTag() == 100 + s.getSource() && b[0] == s.getSource()
                        && b[1] == -s.getSource() && s.getCount(MPI.INT) == 2, null);
                sources.add(s.getSource());
            }
            check("any-source saw every sender", sources.size() == size - 1 && sources.first() == 1, sources);
            for (int i = 1; i < size; i++) {
                go(i, 0);
            }
            // ANY_SOURCE with a specific tag picks the matching tag, whoever sent first
            for (int i = 1; i < size; i++) {
                int[] b = new int[1];
                Status s = world.recv(b, 1, MPI.INT, MPI.ANY_SOURCE, 200 + i);
                check("any-source specific tag " + (200 + i), s.getSource() == i && b[0] == i, st(s));
            }
            // specific source, ANY_TAG
            for (int i = size - 1; i >= 1; i--) {
                int[] b = new int[1];
                Status s = world.recv(b, 1, MPI.INT, i, MPI.ANY_TAG);
                check("specific-source any-tag from " + i, s.getSource() == i && s.getTag() == 300 && b[0] == 3 * i, st(s));
            }
        } else {
            world.send(new int[] {rank, -rank}, 2, MPI.INT, 0, 100 + rank);
            world.recv(new int[1], 1, MPI.INT, 0, 650); // until rank 0 has seen every first message
            world.send(new int[] {rank}, 1, MPI.INT, 0, 200 + rank);
            world.send(new int[] {3 * rank}, 1, MPI.INT, 0, 300);
        }
    }

    /** Messages from one sender on one tag arrive in order (non-overtaking), also mixed with another tag. */
    static void ordering() throws MPIException {
        int n = 200;
        if (rank == 1) {
            for (int i = 0; i < n; i++) {
                world.send(new int[] {i}, 1, MPI.INT, 0, i % 2 == 0 ? 7 : 8);
            }
        } else if (rank == 0) {
            boolean inOrder = true;
            int lastEven = -2;
            int lastOdd = -1;
            for (int i = 0; i < n / 2; i++) {
                int[] b = new int[1];
                world.recv(b, 1, MPI.INT, 1, 8);
                inOrder &= b[0] == lastOdd + 2;
                lastOdd = b[0];
            }
            for (int i = 0; i < n / 2; i++) {
                int[] b = new int[1];
                world.recv(b, 1, MPI.INT, 1, 7);
                inOrder &= b[0] == lastEven + 2;
                lastEven = b[0];
            }
            check("message order per tag", inOrder && lastEven == n - 2 && lastOdd == n - 1, lastEven + "/" + lastOdd);
        }
    }

    static void statusAndEdgeCases() throws MPIException {
        // Status contents, count and elements
        if (rank == 1) {
            world.send(new double[] {1, 2, 3, 4, 5}, 5, MPI.DOUBLE, 0, 42);
            world.send(new int[0], 0, MPI.INT, 0, 43);
            world.send(null, 0, MPI.INT, 0, 44);
        } else if (rank == 0) {
            double[] d = new double[8];
            Status s = world.recv(d, 8, MPI.DOUBLE, 1, 42);
            // (getError is not set by Open MPI for a single completion: garbage in the raw binding too)
            check("status fields", s.getSource() == 1 && s.getTag() == 42
                    && s.getCount(MPI.DOUBLE) == 5 && s.getElements(MPI.DOUBLE) == 5
                    && !s.isCancelled() && d[4] == 5 && d[5] == 0,
                    "src=" + s.getSource() + " tag=" + s.getTag() + " count=" + s.getCount(MPI.DOUBLE)
                    + " bytes=" + s.getCount(MPI.BYTE));
            Status z = world.recv(new int[4], 4, MPI.INT, 1, 43);
            check("zero-length message", z.getCount(MPI.INT) == 0 && z.getTag() == 43, st(z));
            Status zn = world.recv(null, 0, MPI.INT, 1, 44);
            check("zero-length message, null buffers", zn.getCount(MPI.INT) == 0 && zn.getTag() == 44, st(zn));
            // setElements / setCancelled on a status
            s.setElements(MPI.DOUBLE, 3);
            s.setCancelled(true);
            check("status set elements/cancelled", s.getElements(MPI.DOUBLE) == 3 && s.isCancelled(),
                    s.getElements(MPI.DOUBLE));
        }
        // PROC_NULL
        world.send(new int[] {1}, 1, MPI.INT, MPI.PROC_NULL, 1);
        int[] b = {99};
        Status p = world.recv(b, 1, MPI.INT, MPI.PROC_NULL, 1);
        // (the raw binding copies its temporary buffer back: b[0] is not left alone, so it is not checked)
        check("recv from PROC_NULL", p.getSource() == MPI.PROC_NULL && p.getTag() == MPI.ANY_TAG
                && p.getCount(MPI.INT) == 0, st(p));
        Request r = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 1);
        Status pr = r.waitStatus();
        check("irecv from PROC_NULL", pr.getSource() == MPI.PROC_NULL && pr.getTag() == MPI.ANY_TAG
                && pr.getCount(MPI.INT) == 0 && r.isNull(), st(pr));
        // the same status through waitAll and test (MPICH 4.0.2 itself says source 0, tag 0: MANA's lower half fixes it)
        Status[] pa = Request.waitAllStatus(new Request[] {world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 2),
                world.iRecv(MPI.newIntBuffer(2), 2, MPI.INT, MPI.PROC_NULL, 3)});
        Status pt = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 4).testStatus();
        check("irecv from PROC_NULL, waitAll and test", pt != null && pt.getSource() == MPI.PROC_NULL
                && pt.getTag() == MPI.ANY_TAG && pt.getCount(MPI.INT) == 0 && !pt.isCancelled()
                && pa[0].getSource() == MPI.PROC_NULL && pa[1].getSource() == MPI.PROC_NULL
                && pa[1].getTag() == MPI.ANY_TAG && pa[1].getCount(MPI.INT) == 0, st(pa[1]) + " / " + (pt == null ? "null" : st(pt)));
        Status ps = world.sendRecv(new int[] {1}, 1, MPI.INT, MPI.PROC_NULL, 1, b, 1, MPI.INT, MPI.PROC_NULL, 1);
        check("sendrecv with PROC_NULL", ps.getSource() == MPI.PROC_NULL, st(ps));
    }

    static void nonBlocking() throws MPIException {
        int peer = rank == 0 ? 1 : 0;
        if (rank > 1) {
            return;
        }
        // direct buffers, every kind of non-blocking send
        IntBuffer out = MPI.newIntBuffer(4);
        for (int i = 0; i < 4; i++) {
            out.put(i, 10 * rank + i);
        }
        IntBuffer[] in = {MPI.newIntBuffer(4), MPI.newIntBuffer(4), MPI.newIntBuffer(4)};
        Request[] rr = new Request[3];
        for (int t = 0; t < 3; t++) {
            rr[t] = world.iRecv(in[t], 4, MPI.INT, peer, 500 + t);
        }
        pairSync(peer); // every receive is posted: irSend is legal
        Request a = world.iSend(out, 4, MPI.INT, peer, 500);
        Request b = world.isSend(out, 4, MPI.INT, peer, 501);
        Request c = world.irSend(out, 4, MPI.INT, peer, 502);
        Status[] ss = Request.waitAllStatus(rr);
        Request.waitAll(new Request[] {a, b, c});
        boolean ok = true;
        for (int t = 0; t < 3; t++) {
            for (int i = 0; i < 4; i++) {
                ok &= in[t].get(i) == 10 * peer + i;
            }
            ok &= ss[t].getTag() == 500 + t && ss[t].getSource() == peer && rr[t].isNull();
        }
        checkAll("isend/issend/irsend to irecv, direct buffers", ok && a.isNull() && b.isNull() && c.isNull(), null);

        // blocking calls with direct buffers and with slices of them
        if (rank == 0) {
            ByteBuffer bb = MPI.newByteBuffer(16);
            bb.putInt(0, 0x01020304);
            world.send(bb, 4, MPI.BYTE, 1, 9);
            IntBuffer big = MPI.newIntBuffer(10);
            for (int i = 0; i < 10; i++) {
                big.put(i, i);
            }
            world.send(MPI.slice(big, 6), 4, MPI.INT, 1, 10);
            world.send(IntBuffer.wrap(new int[] {5, 6, 7}), 3, MPI.INT, 1, 11);
        } else {
            ByteBuffer bb = MPI.newByteBuffer(16);
            world.recv(bb, 4, MPI.BYTE, 0, 9);
            int[] s = new int[4];
            world.recv(s, 4, MPI.INT, 0, 10);
            IntBuffer heap = IntBuffer.allocate(3);
            world.recv(heap, 3, MPI.INT, 0, 11);
            checkAll("blocking with direct, sliced and heap buffers", bb.getInt(0) == 0x01020304
                    && Arrays.equals(s, new int[] {6, 7, 8, 9}) && heap.get(2) == 7, Arrays.toString(s));
        }
        // non-blocking calls require direct buffers (as in Open MPI)
        try {
            world.iSend(IntBuffer.allocate(1), 1, MPI.INT, peer, 12);
            checkAll("isend with a heap buffer is rejected", false, "accepted");
        } catch (IllegalArgumentException e) {
            checkAll("isend with a heap buffer is rejected", true, e.getMessage());
        }
        try {
            world.iRecv(IntBuffer.wrap(new int[1]), 1, MPI.INT, peer, 12);
            checkAll("irecv with a heap buffer is rejected", false, "accepted");
        } catch (IllegalArgumentException e) {
            checkAll("irecv with a heap buffer is rejected", true, e.getMessage());
        }
    }

    /** waitAny / testAny / waitSome / testSome / testAll index semantics; rank 1 sends in an order rank 0 controls. */
    static void arrays() throws MPIException {
        if (rank == 0) {
            IntBuffer[] b = new IntBuffer[4];
            Request[] r = new Request[4];
            for (int i = 0; i < 4; i++) {
                b[i] = MPI.newIntBuffer(1);
                r[i] = world.iRecv(b[i], 1, MPI.INT, 1, 600 + i);
            }
            check("testAny before any send", Request.testAny(r) == MPI.UNDEFINED, null);
            check("testAnyStatus before any send", Request.testAnyStatus(r) == null, null);
            check("testAll before any send", !Request.testAll(r) && Request.testAllStatus(r) == null, null);
            int[] none = Request.testSome(r);
            check("testSome before any send", none != null && none.length == 0, Arrays.toString(none));
            check("requests still active", !r[0].isNull() && !r[2].isNull(), null);
            go(1, 2); // rank 1 sends tag 602
            int idx = Request.waitAny(r);
            check("waitAny index", idx == 2 && r[2].isNull() && !r[1].isNull() && b[2].get(0) == 602, idx);
            go(1, 0);
            Status s = Request.waitAnyStatus(r);
            check("waitAnyStatus index", s.getIndex() == 0 && s.getTag() == 600 && r[0].isNull(), s.getIndex());
            go(1, 3);
            go(1, 1);
            world.recv(new int[1], 1, MPI.INT, 1, 699); // both sent (and ordered before this one)
            int[] some = Request.waitSome(r);
            Arrays.sort(some);
            check("waitSome indices", Arrays.equals(some, new int[] {1, 3}) && r[1].isNull() && r[3].isNull(),
                    Arrays.toString(some));
            check("waitAny on all-null array", Request.waitAny(r) == MPI.UNDEFINED, null);
            check("testAny on all-null array", Request.testAny(r) == MPI.UNDEFINED, null);
            check("waitSome on all-null array", Request.waitSome(r) == null, null);
            check("testSome on all-null array", Request.testSome(r) == null, null);
            check("testAll on all-null array", Request.testAll(r), null);
            Status[] all = Request.waitAllStatus(r);
            check("waitAllStatus on all-null array", all.length == 4 && all[0].getSource() == MPI.ANY_SOURCE,
                    src(all[0].getSource()) + "/" + tag(all[0].getTag()));

            // testSomeStatus / waitSomeStatus
            Request[] q = {world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, 1, 610), MPI.REQUEST_NULL,
                world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, 1, 611)};
            go(1, 11);
            world.recv(new int[1], 1, MPI.INT, 1, 699);
            Status[] ts = Request.testSomeStatus(q);
            check("testSomeStatus index", ts.length == 1 && ts[0].getIndex() == 2 && ts[0].getTag() == 611
                    && q[2].isNull() && !q[0].isNull(), ts.length);
            go(1, 10);
            Status[] ws = Request.waitSomeStatus(q);
            check("waitSomeStatus index", ws.length == 1 && ws[0].getIndex() == 0 && ws[0].getSource() == 1,
                    ws.length);
            // testAll with one pending then none
            Request t = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, 1, 612);
            Request[] tr = {t};
            check("test on a pending request", !t.test() && t.testStatus() == null && t.getStatus() == null, null);
            go(1, 12);
            Status[] tas;
            while ((tas = Request.testAllStatus(tr)) == null) {
                Thread.onSpinWait();
            }
            check("testAllStatus completes", tas.length == 1 && tas[0].getTag() == 612 && tr[0].isNull(), null);
            go(1, -1);
        } else if (rank == 1) {
            while (true) {
                int[] g = new int[1];
                world.recv(g, 1, MPI.INT, 0, 650);
                if (g[0] < 0) {
                    break;
                }
                if (g[0] < 10) {
                    world.send(new int[] {600 + g[0]}, 1, MPI.INT, 0, 600 + g[0]);
                    if (g[0] == 1) {
                        world.send(new int[1], 1, MPI.INT, 0, 699);
                    }
                } else {
                    world.send(new int[] {g[0]}, 1, MPI.INT, 0, 600 + g[0]);
                    if (g[0] == 11) {
                        world.send(new int[1], 1, MPI.INT, 0, 699);
                    }
                }
            }
        }
    }

    /** Ranks 0 and 1 only: both have reached this point. */
    static void pairSync(int peer) throws MPIException {
        world.sendRecv(new int[0], 0, MPI.INT, peer, 1999, new int[0], 0, MPI.INT, peer, 1999);
    }

    static void go(int to, int what) throws MPIException {
        world.send(new int[] {what}, 1, MPI.INT, to, 650);
    }

    static void persistent() throws MPIException {
        if (rank > 1) {
            return;
        }
        int peer = 1 - rank;
        IntBuffer sb = MPI.newIntBuffer(2);
        IntBuffer rb = MPI.newIntBuffer(2);
        Prequest send = world.sendInit(sb, 2, MPI.INT, peer, 700);
        Prequest recv = world.recvInit(rb, 2, MPI.INT, peer, 700);
        boolean ok = !send.isNull() && !recv.isNull();
        int rounds = 300;
        for (int i = 0; i < rounds; i++) {
            sb.put(0, i).put(1, rank);
            recv.start();
            send.start();
            Status s = recv.waitStatus();
            send.waitFor();
            ok &= rb.get(0) == i && rb.get(1) == peer && s.getSource() == peer && !recv.isNull() && !send.isNull();
        }
        checkAll("persistent send/recv restarted " + rounds + " times", ok, null);
        // startAll + waitAll, and test on a persistent request
        Prequest[] both = {recv, send};
        ok = true;
        for (int i = 0; i < 50; i++) {
            sb.put(0, -i);
            Prequest.startAll(both);
            Request.waitAll(both);
            ok &= rb.get(0) == -i && !both[0].isNull() && !both[1].isNull();
        }
        checkAll("startAll/waitAll restarted 50 times", ok, null);
        // the other persistent sends
        Prequest ss = world.sSendInit(sb, 2, MPI.INT, peer, 701);
        Prequest rs = world.rSendInit(sb, 2, MPI.INT, peer, 702);
        Prequest r1 = world.recvInit(MPI.newIntBuffer(2), 2, MPI.INT, peer, 701);
        Prequest r2 = world.recvInit(MPI.newIntBuffer(2), 2, MPI.INT, peer, 702);
        r1.start();
        r2.start();
        pairSync(peer);
        ss.start();
        rs.start();
        Request.waitAll(new Request[] {ss, rs, r1, r2});
        checkAll("ssend_init/rsend_init", !ss.isNull() && !r1.isNull(), null);
        // completed persistent requests are inactive: test() answers true at once
        checkAll("inactive persistent request tests true", r1.test(), null);
        for (Prequest p : new Prequest[] {send, recv, ss, rs, r1, r2}) {
            p.free();
        }
        checkAll("persistent requests freed", send.isNull() && recv.isNull() && r2.isNull(), null);
    }

    static void sendRecv() throws MPIException {
        int right = (rank + 1) % size;
        int left = (rank + size - 1) % size;
        int[] in = new int[2];
        Status s = world.sendRecv(new int[] {rank, rank * rank}, 2, MPI.INT, right, 800, in, 2, MPI.INT, left, 800);
        checkAll("sendRecv ring", in[0] == left && in[1] == left * left && s.getSource() == left && s.getTag() == 800,
                Arrays.toString(in));
        int[] buf = {rank, 1, 2};
        Status r = world.sendRecvReplace(buf, 3, MPI.INT, right, 801, MPI.ANY_SOURCE, 801);
        checkAll("sendRecvReplace ring", buf[0] == left && r.getSource() == left && r.getTag() == 801,
                Arrays.toString(buf) + " src=" + r.getSource() + " tag=" + r.getTag());
        IntBuffer db = MPI.newIntBuffer(1).put(0, rank);
        world.sendRecvReplace(db, 1, MPI.INT, left, 802, right, 802);
        checkAll("sendRecvReplace direct buffer", db.get(0) == right, db.get(0));
    }

    static void probes() throws MPIException {
        if (rank == 1) {
            world.send(new int[] {1, 2, 3}, 3, MPI.INT, 0, 900);
            world.send(new int[] {4, 5}, 2, MPI.INT, 0, 901);
            world.send(new int[] {6}, 1, MPI.INT, 0, 902);
            world.send(new int[] {7, 8, 9, 10}, 4, MPI.INT, 0, 903);
        } else if (rank == 0) {
            Status p = world.probe(1, 900);
            check("probe", p.getSource() == 1 && p.getTag() == 900 && p.getCount(MPI.INT) == 3, st(p));
            int[] b = new int[p.getCount(MPI.INT)];
            world.recv(b, b.length, MPI.INT, 1, 900);
            check("recv after probe", b[2] == 3, null);
            Status ip;
            while ((ip = world.iProbe(MPI.ANY_SOURCE, 901)) == null) {
                Thread.onSpinWait();
            }
            check("iProbe", ip.getSource() == 1 && ip.getCount(MPI.INT) == 2, st(ip));
            check("iProbe without a message", world.iProbe(1, 999) == null, null);
            world.recv(new int[2], 2, MPI.INT, 1, 901);
            Message m = new Message();
            check("new message is null", m.isNull() && !m.isNoProc(), null);
            Status ms = m.mProbe(1, 902, world);
            check("mProbe", !m.isNull() && ms.getCount(MPI.INT) == 1 && ms.getTag() == 902, st(ms));
            int[] mb = new int[1];
            Status mr = m.mRecv(mb, 1, MPI.INT);
            check("mRecv", mb[0] == 6 && mr.getTag() == 902 && m.isNull(), st(mr));
            Message m2 = new Message();
            Status is;
            while ((is = m2.imProbe(1, 903, world)) == null) {
                Thread.onSpinWait();
            }
            check("imProbe", is.getCount(MPI.INT) == 4 && !m2.isNull(), st(is));
            IntBuffer ib = MPI.newIntBuffer(4);
            Request r = m2.imRecv(ib, 4, MPI.INT);
            Status irs = r.waitStatus();
            check("imRecv", ib.get(3) == 10 && irs.getTag() == 903 && m2.isNull() && r.isNull(), st(irs));
            Message np = new Message();
            Status ns = np.mProbe(MPI.PROC_NULL, 5, world);
            check("mProbe PROC_NULL", np.isNoProc() && ns.getSource() == MPI.PROC_NULL, st(ns));
            Status nr = np.mRecv(new int[1], 1, MPI.INT);
            check("mRecv of NO_PROC", nr.getSource() == MPI.PROC_NULL && nr.getCount(MPI.INT) == 0, st(nr));
        }
    }

    static void packAndBuffered() throws MPIException {
        int[] ints = {1, 2, 3, 4};
        double[] dbl = {0.5, 1.5};
        int size1 = world.packSize(4, MPI.INT);
        int size2 = world.packSize(2, MPI.DOUBLE);
        byte[] packed = new byte[size1 + size2];
        int pos = world.pack(ints, 4, MPI.INT, packed, 0);
        pos = world.pack(dbl, 2, MPI.DOUBLE, packed, pos);
        check("pack sizes", size1 == 16 && size2 == 16 && pos == 32, size1 + "+" + size2 + " pos=" + pos);
        if (rank == 0) {
            world.send(packed, pos, MPI.PACKED, 1, 950);
        } else if (rank == 1) {
            byte[] in = new byte[64];
            Status s = world.recv(in, 64, MPI.PACKED, 0, 950);
            int[] oi = new int[4];
            double[] od = new double[2];
            int p = world.unpack(in, 0, oi, 4, MPI.INT);
            p = world.unpack(in, p, od, 2, MPI.DOUBLE);
            checkAll("pack/send/unpack round trip", Arrays.equals(oi, ints) && Arrays.equals(od, dbl) && p == 32
                    && s.getCount(MPI.PACKED) == 32, Arrays.toString(oi) + Arrays.toString(od));
        }
        // buffered sends with an attached buffer
        if (rank < 2) {
            int peer = 1 - rank;
            byte[] attach = new byte[4 * (world.packSize(100, MPI.INT) + MPI.BSEND_OVERHEAD)];
            MPI.attachBuffer(attach);
            int[] big = new int[100];
            Arrays.fill(big, 7 + rank);
            world.bSend(big, 100, MPI.INT, peer, 960);
            IntBuffer d = MPI.newIntBuffer(100);
            for (int i = 0; i < 100; i++) {
                d.put(i, i);
            }
            Request ib = world.ibSend(d, 100, MPI.INT, peer, 961);
            Prequest pb = world.bSendInit(d, 100, MPI.INT, peer, 962);
            pb.start();
            int[] in = new int[100];
            world.recv(in, 100, MPI.INT, peer, 960);
            int[] in2 = new int[100];
            world.recv(in2, 100, MPI.INT, peer, 961);
            int[] in3 = new int[100];
            world.recv(in3, 100, MPI.INT, peer, 962);
            ib.waitFor();
            pb.waitFor();
            pb.free();
            byte[] back = MPI.detachBuffer();
            checkAll("bSend/ibSend/bSendInit with an attached buffer", in[99] == 7 + peer && in2[99] == 99
                    && in3[50] == 50 && back == attach, null);
        }
    }

    static void requestLifecycle() throws MPIException {
        if (rank > 1) {
            return;
        }
        int peer = 1 - rank;
        IntBuffer b = MPI.newIntBuffer(1);
        Request r = world.iRecv(b, 1, MPI.INT, peer, 1000);
        world.send(new int[] {5}, 1, MPI.INT, peer, 1000);
        Status s1 = r.waitStatus();
        checkAll("request null after wait", r.isNull() && s1.getSource() == peer, null);
        Status s2 = r.waitStatus();
        checkAll("request waited twice: returns at once with an empty status", r.isNull(),
                "src=" + src(s2.getSource()) + " tag=" + tag(s2.getTag())); // MPI_ERROR is not set (garbage in both)
        r.waitFor();
        checkAll("null request: test is true", r.test() && r.testStatus() != null, null);
        r.free();
        checkAll("free of the null request does nothing", r.isNull(), null);
        checkAll("REQUEST_NULL is null", MPI.REQUEST_NULL.isNull(), null);

        // getStatus keeps the request; completion after it still works
        Request g = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, peer, 1001);
        world.send(new int[] {6}, 1, MPI.INT, peer, 1001);
        Status gs;
        while ((gs = g.getStatus()) == null) {
            Thread.onSpinWait();
        }
        checkAll("getStatus leaves the request", !g.isNull() && gs.getTag() == 1001, null);
        g.waitFor();
        checkAll("wait after getStatus", g.isNull(), null);

        // cancel a receive that never matches
        Request c = world.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, peer, 1002);
        c.cancel();
        Status cs = c.waitStatus();
        checkAll("cancelled irecv", cs.isCancelled() && c.isNull(), null);

        // free an active request: the message still arrives
        Request f = world.iSend(MPI.newIntBuffer(1).put(0, 77), 1, MPI.INT, peer, 1003);
        f.free();
        int[] in = new int[1];
        world.recv(in, 1, MPI.INT, peer, 1003);
        checkAll("freed active isend still delivers", f.isNull() && in[0] == 77, null);
        pairSync(peer);
        // many requests at once (handle slots reused)
        Request[] many = new Request[200];
        IntBuffer mb = MPI.newIntBuffer(200);
        for (int i = 0; i < 100; i++) {
            many[i] = world.iRecv(MPI.slice(mb, i), 1, MPI.INT, peer, 1100 + i);
        }
        IntBuffer ob = MPI.newIntBuffer(100);
        for (int i = 0; i < 100; i++) {
            ob.put(i, i * 3);
            many[100 + i] = world.iSend(MPI.slice(ob, i), 1, MPI.INT, peer, 1199 - i);
        }
        Request.waitAll(many);
        boolean ok = true;
        for (int i = 0; i < 100; i++) {
            ok &= mb.get(i) == (99 - i) * 3 && many[i].isNull();
        }
        checkAll("200 requests in one waitAll", ok, null);
    }

    static void errors() throws MPIException {
        // truncation under ERRORS_RETURN
        if (rank == 0) {
            world.send(new int[] {1, 2, 3, 4, 5}, 5, MPI.INT, 1, 1200);
            IntBuffer tb = MPI.newIntBuffer(5);
            world.send(tb, 5, MPI.INT, 1, 1201);
        } else if (rank == 1) {
            try {
                world.recv(new int[2], 2, MPI.INT, 0, 1200);
                checkAll("truncation error", false, "no error");
            } catch (MPIException e) {
                checkAll("truncation error", e.getErrorClass() == MPI.ERR_TRUNCATE, "class " + ErrorNames.of(e.getErrorClass()));
            }
            Request r = world.iRecv(MPI.newIntBuffer(2), 2, MPI.INT, 0, 1201);
            try {
                r.waitFor();
                checkAll("truncation error in wait", false, "no error");
            } catch (MPIException e) {
                checkAll("truncation error in wait", e.getErrorClass() == MPI.ERR_TRUNCATE, "class " + ErrorNames.of(e.getErrorClass()));
            }
        }
        // a null buffer with a positive count
        try {
            world.send(null, 1, MPI.INT, (rank + 1) % size, 1202);
            checkAll("send of a null buffer", false, "no error");
        } catch (MPIException e) {
            checkAll("send of a null buffer", e.getErrorClass() == MPI.ERR_BUFFER, "class " + ErrorNames.of(e.getErrorClass()));
        }
        try {
            world.iSend(null, 1, MPI.INT, (rank + 1) % size, 1203);
            checkAll("isend of a null buffer", false, "no error");
        } catch (NullPointerException e) {
            checkAll("isend of a null buffer", true, "NullPointerException");
        }
        // a bad rank
        try {
            world.send(new int[1], 1, MPI.INT, size + 3, 1204);
            checkAll("send to a rank out of range", false, "no error");
        } catch (MPIException e) {
            checkAll("send to a rank out of range", e.getErrorClass() == MPI.ERR_RANK, "class " + ErrorNames.of(e.getErrorClass()));
        }
        // a bad tag
        try {
            world.send(new int[1], 1, MPI.INT, (rank + 1) % size, -5);
            checkAll("send with a negative tag", false, "no error");
        } catch (MPIException e) {
            checkAll("send with a negative tag", e.getErrorClass() == MPI.ERR_TAG, "class " + ErrorNames.of(e.getErrorClass()));
        }
    }

    static void manaOk(String name, boolean ok, Object detail) {
        if (!ok) {
            System.out.println("FAIL " + name + " [rank " + rank + "]: " + detail);
            System.out.flush();
            System.exit(1);
        }
        System.out.println("MANA-OK " + name + " [rank " + rank + "] " + detail);
    }

    /** Input the raw binding does not survive or answers differently; MANA rejects it with a clear error. */
    static void manaOnly() throws MPIException {
        int peer = (rank + 1) % size;
        // getElementsX: the raw binding crashes the JVM unless mpi.Count was loaded before (its JNI
        // class reference is set by Count's class init); MANA loads it first
        world.send(new double[] {1, 2, 3}, 3, MPI.DOUBLE, peer, 1299);
        Status sx = world.recv(new double[3], 3, MPI.DOUBLE, MPI.ANY_SOURCE, 1299);
        manaOk("getElementsX", sx.getElementsX(MPI.DOUBLE).getCount() == 3 && sx.getElementsX(MPI.BYTE).getCount() == 24,
                sx.getElementsX(MPI.DOUBLE).getCount());
        try {
            world.send(new int[4], -1, MPI.INT, peer, 1300);
            manaOk("negative count in send", false, "no error");
        } catch (MPIException e) {
            manaOk("negative count in send", e.getErrorClass() == MPI.ERR_COUNT, e.getMessage());
        }
        try {
            world.recv(new int[4], -2, MPI.INT, peer, 1300);
            manaOk("negative count in recv", false, "no error");
        } catch (MPIException e) {
            manaOk("negative count in recv", e.getErrorClass() == MPI.ERR_COUNT, e.getMessage());
        }
        try {
            world.iRecv(MPI.newIntBuffer(4), -1, MPI.INT, peer, 1300);
            manaOk("negative count in irecv", false, "no error");
        } catch (MPIException e) {
            manaOk("negative count in irecv", e.getErrorClass() == MPI.ERR_COUNT, e.getMessage());
        }
        // a null element in a request array
        Request[] withNull = {MPI.REQUEST_NULL, null};
        try {
            Request.waitAll(withNull);
            manaOk("null element in a request array", false, "no error");
        } catch (MPIException e) {
            manaOk("null element in a request array", e.getErrorClass() == MPI.ERR_REQUEST
                    && e.getMessage().contains("requests[1]"), e.getMessage());
        }
        // mRecv on a message that was already received
        Message m = new Message();
        try {
            m.mRecv(new int[1], 1, MPI.INT);
            manaOk("mRecv of the null message", false, "no error");
        } catch (MPIException e) {
            manaOk("mRecv of the null message", e.getErrorClass() != 0, e.getMessage());
        }
        // a persistent request's handle used after free: the Prequest holds the null request
        Prequest p = world.recvInit(MPI.newIntBuffer(1), 1, MPI.INT, peer, 1301);
        p.free();
        try {
            p.start();
            manaOk("start of a freed persistent request", false, "no error");
        } catch (MPIException e) {
            manaOk("start of a freed persistent request", e.getErrorClass() == MPI.ERR_REQUEST, e.getMessage());
        }
    }
}
