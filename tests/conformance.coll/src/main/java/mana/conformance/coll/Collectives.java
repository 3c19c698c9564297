package mana.conformance.coll;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Comm;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Every blocking collective on COMM_WORLD against a reference computed locally from the
 * known inputs (each rank's data is a function of its rank), with arrays and direct buffers,
 * in-place forms, and count 0. Prints "OK name" per check; the first mismatch prints
 * "FAIL name: details" and exits 1.
 */
public final class Collectives {
    static int rank;
    static int size;
    static int checks;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Comm w = MPI.COMM_WORLD;
        rank = w.getRank();
        size = w.getSize();
        for (int count : new int[] {0, 1, 7}) {
            bcast(w, count);
            gatherScatter(w, count);
            allGatherAllToAll(w, count);
            reductions(w, count);
        }
        vectorVariants(w);
        directBuffers(w);
        intercommReduceScatter();
        w.barrier();
        if (rank == 0) {
            System.out.println("DONE " + checks + " checks on " + size + " ranks");
        }
        MPI.Finalize();
    }

    /**
     * reduceScatter over an intercommunicator of even and odd ranks (groups of different sizes
     * with 3 ranks): the remote group's vectors are summed and scattered over the local group,
     * so the counts array has one entry per local process.
     */
    static void intercommReduceScatter() throws MPIException {
        Intracomm local = MPI.COMM_WORLD.split(rank % 2, rank);
        Intercomm inter = MPI.COMM_WORLD.createIntercomm(local, 0, rank % 2 == 0 ? 1 : 0, 31);
        int l = inter.getSize();
        int r = inter.getRemoteSize();
        int[] counts = new int[l];
        Arrays.fill(counts, r);
        int[] send = new int[l * r];
        for (int i = 0; i < send.length; i++) {
            send[i] = (rank + 1) * (i + 1);
        }
        int[] got = new int[r];
        inter.reduceScatter(send, got, counts, MPI.INT, MPI.SUM);
        int remoteSum = 0;
        for (int q = 0; q < size; q++) {
            remoteSum += q % 2 != rank % 2 ? q + 1 : 0;
        }
        int[] exp = new int[r];
        for (int k = 0; k < r; k++) {
            exp[k] = (inter.getRank() * r + k + 1) * remoteSum;
        }
        check("intercomm reduceScatter, local group of rank 0: " + l + ", remote: " + r, exp, got);
        inter.free();
        local.free();
    }

    static int value(int r, int i) {
        return r * 100 + i;
    }

    static void check(String name, boolean ok, String details) {
        checks++;
        if (!ok) {
            System.out.println("FAIL " + name + " (rank " + rank + "): " + details);
            System.out.flush();
            System.exit(1);
        }
        if (rank == 0) {
            System.out.println("OK " + name);
        }
    }

    static void check(String name, int[] expected, int[] actual) {
        check(name, Arrays.equals(expected, actual), "expected " + Arrays.toString(expected) + " got " + Arrays.toString(actual));
    }

    static int[] mine(int count) {
        int[] a = new int[count];
        for (int i = 0; i < count; i++) {
            a[i] = value(rank, i);
        }
        return a;
    }

    static void bcast(Comm w, int count) throws MPIException {
        for (int root = 0; root < size; root++) {
            int[] buf = rank == root ? mine(count) : new int[count];
            w.bcast(buf, count, MPI.INT, root);
            int[] exp = new int[count];
            for (int i = 0; i < count; i++) {
                exp[i] = value(root, i);
            }
            check("bcast count=" + count + " root=" + root, exp, buf);
        }
    }

    static void gatherScatter(Comm w, int count) throws MPIException {
        int root = size - 1;
        int[] all = new int[count * size];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < count; i++) {
                all[r * count + i] = value(r, i);
            }
        }
        int[] recv = new int[count * size];
        w.gather(mine(count), count, MPI.INT, recv, count, MPI.INT, root);
        if (rank == root) {
            check("gather count=" + count, all, recv);
        }
        // in place: the root's own block is already in the receive buffer
        int[] inplace = new int[count * size];
        if (rank == root) {
            System.arraycopy(mine(count), 0, inplace, rank * count, count);
            w.gather(inplace, count, MPI.INT, root);
            check("gather in place count=" + count, all, inplace);
        } else {
            w.gather(mine(count), count, MPI.INT, root);
        }
        int[] part = new int[count];
        w.scatter(all, count, MPI.INT, part, count, MPI.INT, root);
        check("scatter count=" + count, mine(count), part);
        int[] sbuf = rank == root ? all.clone() : mine(count);
        w.scatter(sbuf, count, MPI.INT, root);
        if (rank != root) {
            check("scatter in place count=" + count, mine(count), sbuf);
        }
    }

    static void allGatherAllToAll(Comm w, int count) throws MPIException {
        int[] all = new int[count * size];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < count; i++) {
                all[r * count + i] = value(r, i);
            }
        }
        int[] recv = new int[count * size];
        w.allGather(mine(count), count, MPI.INT, recv, count, MPI.INT);
        check("allGather count=" + count, all, recv);
        int[] inplace = new int[count * size];
        System.arraycopy(mine(count), 0, inplace, rank * count, count);
        w.allGather(inplace, count, MPI.INT);
        check("allGather in place count=" + count, all, inplace);
        // allToAll: block j of rank r holds value(r, j*count+i); rank r receives block r from each
        int[] send = new int[count * size];
        for (int j = 0; j < size; j++) {
            for (int i = 0; i < count; i++) {
                send[j * count + i] = value(rank, j * count + i);
            }
        }
        int[] got = new int[count * size];
        w.allToAll(send, count, MPI.INT, got, count, MPI.INT);
        int[] exp = new int[count * size];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < count; i++) {
                exp[r * count + i] = value(r, rank * count + i);
            }
        }
        check("allToAll count=" + count, exp, got);
    }

    static void reductions(Comm w, int count) throws MPIException {
        int[] sum = new int[count];
        int[] max = new int[count];
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < size; r++) {
                sum[i] += value(r, i);
            }
            max[i] = value(size - 1, i);
        }
        int[] out = new int[count];
        w.allReduce(mine(count), out, count, MPI.INT, MPI.SUM);
        check("allReduce SUM count=" + count, sum, out);
        int[] inplace = mine(count);
        w.allReduce(inplace, count, MPI.INT, MPI.MAX);
        check("allReduce MAX in place count=" + count, max, inplace);
        int[] red = new int[count];
        w.reduce(mine(count), red, count, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            check("reduce SUM count=" + count, sum, red);
        }
        int[] redIn = mine(count);
        w.reduce(redIn, count, MPI.INT, MPI.SUM, 0);
        if (rank == 0) {
            check("reduce in place count=" + count, sum, redIn);
        }
        // scan / exScan: prefix sums over ranks
        int[] scan = new int[count];
        ((mpi.Intracomm) w).scan(mine(count), scan, count, MPI.INT, MPI.SUM);
        int[] expScan = new int[count];
        int[] expEx = new int[count];
        for (int i = 0; i < count; i++) {
            for (int r = 0; r <= rank; r++) {
                expScan[i] += value(r, i);
            }
            for (int r = 0; r < rank; r++) {
                expEx[i] += value(r, i);
            }
        }
        check("scan count=" + count, expScan, scan);
        int[] scanIn = mine(count);
        ((mpi.Intracomm) w).scan(scanIn, count, MPI.INT, MPI.SUM);
        check("scan in place count=" + count, expScan, scanIn);
        int[] ex = new int[count];
        ((mpi.Intracomm) w).exScan(mine(count), ex, count, MPI.INT, MPI.SUM);
        if (rank > 0) { // undefined on rank 0
            check("exScan count=" + count, expEx, ex);
        }
        // reduceScatterBlock: element block r of the sum goes to rank r
        int[] send = new int[count * size];
        for (int j = 0; j < count * size; j++) {
            send[j] = value(rank, j);
        }
        int[] block = new int[count];
        w.reduceScatterBlock(send, block, count, MPI.INT, MPI.SUM);
        int[] expBlock = new int[count];
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < size; r++) {
                expBlock[i] += value(r, rank * count + i);
            }
        }
        check("reduceScatterBlock count=" + count, expBlock, block);
        int[] counts = new int[size];
        Arrays.fill(counts, count);
        int[] rs = new int[count];
        w.reduceScatter(send, rs, counts, MPI.INT, MPI.SUM);
        check("reduceScatter count=" + count, expBlock, rs);
        // reduceLocal: inout = in op inout
        int[] a = mine(count);
        int[] b = mine(count);
        Comm.reduceLocal(a, b, count, MPI.INT, MPI.SUM);
        int[] twice = mine(count);
        for (int i = 0; i < count; i++) {
            twice[i] *= 2;
        }
        check("reduceLocal count=" + count, twice, b);
    }

    /** gatherv/scatterv/allGatherv/allToAllv with rank-dependent counts (rank r contributes r+1 ints). */
    static void vectorVariants(Comm w) throws MPIException {
        int[] counts = new int[size];
        int[] displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            counts[r] = r + 1;
            displs[r] = total;
            total += counts[r];
        }
        int[] all = new int[total];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i < counts[r]; i++) {
                all[displs[r] + i] = value(r, i);
            }
        }
        int[] mineV = mine(rank + 1);
        int[] recv = new int[total];
        w.gatherv(mineV, rank + 1, MPI.INT, recv, counts, displs, MPI.INT, 0);
        if (rank == 0) {
            check("gatherv", all, recv);
        }
        int[] ag = new int[total];
        w.allGatherv(mineV, rank + 1, MPI.INT, ag, counts, displs, MPI.INT);
        check("allGatherv", all, ag);
        int[] agIn = new int[total];
        System.arraycopy(mineV, 0, agIn, displs[rank], rank + 1);
        w.allGatherv(agIn, counts, displs, MPI.INT);
        check("allGatherv in place", all, agIn);
        int[] part = new int[rank + 1];
        w.scatterv(all, counts, displs, MPI.INT, part, rank + 1, MPI.INT, 0);
        check("scatterv", mineV, part);
        // allToAllv: rank r sends (j+1) ints to rank j, values value(r, j); so rank receives rank+1 from each
        int[] sc = new int[size];
        int[] sd = new int[size];
        int st = 0;
        for (int j = 0; j < size; j++) {
            sc[j] = j + 1;
            sd[j] = st;
            st += sc[j];
        }
        int[] send = new int[st];
        for (int j = 0; j < size; j++) {
            for (int i = 0; i < sc[j]; i++) {
                send[sd[j] + i] = value(rank, j);
            }
        }
        int[] rc = new int[size];
        int[] rd = new int[size];
        for (int r = 0; r < size; r++) {
            rc[r] = rank + 1;
            rd[r] = r * (rank + 1);
        }
        int[] got = new int[size * (rank + 1)];
        w.allToAllv(send, sc, sd, MPI.INT, got, rc, rd, MPI.INT);
        int[] exp = new int[size * (rank + 1)];
        for (int r = 0; r < size; r++) {
            for (int i = 0; i <= rank; i++) {
                exp[r * (rank + 1) + i] = value(r, rank);
            }
        }
        check("allToAllv", exp, got);
    }

    /** Direct buffers (ints and doubles) through allReduce, bcast, allGather and allToAllw. */
    static void directBuffers(Comm w) throws MPIException {
        IntBuffer in = MPI.newIntBuffer(3);
        IntBuffer out = MPI.newIntBuffer(3);
        for (int i = 0; i < 3; i++) {
            in.put(i, value(rank, i));
        }
        w.allReduce(in, out, 3, MPI.INT, MPI.SUM);
        int[] got = new int[3];
        int[] exp = new int[3];
        for (int i = 0; i < 3; i++) {
            got[i] = out.get(i);
            for (int r = 0; r < size; r++) {
                exp[i] += value(r, i);
            }
        }
        check("allReduce direct IntBuffer", exp, got);
        DoubleBuffer d = MPI.newDoubleBuffer(2);
        if (rank == 0) {
            d.put(0, Math.PI).put(1, -0.5);
        }
        w.bcast(d, 2, MPI.DOUBLE, 0);
        check("bcast direct DoubleBuffer", d.get(0) == Math.PI && d.get(1) == -0.5, d.get(0) + "," + d.get(1));
        ByteBuffer sb = MPI.newByteBuffer(size);
        ByteBuffer rb = MPI.newByteBuffer(size);
        int[] c = new int[size];
        int[] disp = new int[size];
        mpi.Datatype[] types = new mpi.Datatype[size];
        for (int j = 0; j < size; j++) {
            sb.put(j, (byte) (rank * 10 + j));
            c[j] = 1;
            disp[j] = j;
            types[j] = MPI.BYTE;
        }
        w.allToAllw(sb, c, disp, types, rb, c, disp, types);
        boolean ok = true;
        StringBuilder det = new StringBuilder();
        for (int r = 0; r < size; r++) {
            ok &= rb.get(r) == (byte) (r * 10 + rank);
            det.append(rb.get(r)).append(' ');
        }
        check("allToAllw direct ByteBuffer", ok, det.toString());
    }

    private Collectives() {
    }
}
