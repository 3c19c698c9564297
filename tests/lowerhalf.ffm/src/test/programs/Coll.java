import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.*;

/** Collectives on arrays and direct buffers. Any rank count. */
public class Coll {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    /** Everything between Init and Finalize (also run by All, one job for every program). */
    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        String me = "rank " + rank + ": ";
        int[] b = rank == 0 ? new int[] {42, 43} : new int[2];
        w.bcast(b, 2, MPI.INT, 0);
        System.out.println(me + "bcast " + Arrays.toString(b));
        double[] sum = new double[1];
        w.reduce(new double[] {rank + 0.5}, sum, 1, MPI.DOUBLE, MPI.SUM, 0);
        if (rank == 0) System.out.println(me + "reduce sum " + sum[0]);
        int[] max = new int[2];
        w.allReduce(new int[] {rank, -rank}, max, 2, MPI.INT, MPI.MAX);
        System.out.println(me + "allReduce max " + Arrays.toString(max));
        long[] inplace = {rank + 1L};
        w.allReduce(inplace, 1, MPI.LONG, MPI.PROD);
        System.out.println(me + "allReduce in place prod " + inplace[0]);
        int[] gathered = new int[size];
        w.gather(new int[] {rank * rank}, 1, MPI.INT, gathered, 1, MPI.INT, 0);
        if (rank == 0) System.out.println(me + "gather " + Arrays.toString(gathered));
        int[] all = new int[size * 2];
        w.allGather(new int[] {rank, rank + 100}, 2, MPI.INT, all, 2, MPI.INT);
        System.out.println(me + "allGather " + Arrays.toString(all));
        int[] src = new int[size];
        for (int i = 0; i < size; i++) src[i] = i * 3;
        int[] one = new int[1];
        w.scatter(src, 1, MPI.INT, one, 1, MPI.INT, 0);
        System.out.println(me + "scatter " + one[0]);
        int[] a2a = new int[size];
        int[] a2aIn = new int[size];
        for (int i = 0; i < size; i++) a2a[i] = rank * 10 + i;
        w.allToAll(a2a, 1, MPI.INT, a2aIn, 1, MPI.INT);
        System.out.println(me + "allToAll " + Arrays.toString(a2aIn));
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int i = 0; i < size; i++) { counts[i] = i + 1; displs[i] = total; total += i + 1; }
        int[] mine = new int[rank + 1];
        Arrays.fill(mine, rank);
        int[] v = new int[total];
        w.gatherv(mine, rank + 1, MPI.INT, v, counts, displs, MPI.INT, 0);
        if (rank == 0) System.out.println(me + "gatherv " + Arrays.toString(v));
        int[] av = new int[total];
        w.allGatherv(mine, rank + 1, MPI.INT, av, counts, displs, MPI.INT);
        System.out.println(me + "allGatherv " + Arrays.toString(av));
        int[] sv = new int[rank + 1];
        w.scatterv(av, counts, displs, MPI.INT, sv, rank + 1, MPI.INT, 0);
        System.out.println(me + "scatterv " + Arrays.toString(sv));
        int[] scan = new int[1];
        w.scan(new int[] {rank + 1}, scan, 1, MPI.INT, MPI.SUM);
        System.out.println(me + "scan " + scan[0]);
        IntBuffer ib = MPI.newIntBuffer(1), ob = MPI.newIntBuffer(1);
        ib.put(0, rank);
        w.iAllReduce(ib, ob, 1, MPI.INT, MPI.SUM).waitFor();
        System.out.println(me + "iAllReduce " + ob.get(0));
        IntBuffer vin = MPI.newIntBuffer(rank + 1), vout = MPI.newIntBuffer(total);
        for (int i = 0; i <= rank; i++) vin.put(i, rank * 100 + i);
        Request rv = w.iAllGatherv(vin, rank + 1, MPI.INT, vout, counts, displs, MPI.INT);
        IntBuffer gout = MPI.newIntBuffer(total);
        Request rg = w.iGatherv(vin, rank + 1, MPI.INT, gout, counts, displs, MPI.INT, 0);
        Request.waitAll(new Request[] {rv, rg});
        int[] seen = new int[total];
        vout.get(0, seen);
        System.out.println(me + "iAllGatherv " + Arrays.toString(seen) + (rank == 0 ? " iGatherv last " + gout.get(total - 1) : ""));
        IntBuffer si = MPI.newIntBuffer(1), so = MPI.newIntBuffer(1);
        si.put(0, rank + 1);
        w.iScan(si, so, 1, MPI.INT, MPI.SUM).waitFor();
        IntBuffer wsend = MPI.newIntBuffer(size), wrecv = MPI.newIntBuffer(size);
        int[] ones = new int[size], bytes = new int[size];
        Datatype[] ints = new Datatype[size];
        for (int i = 0; i < size; i++) { wsend.put(i, rank * 1000 + i); ones[i] = 1; bytes[i] = 4 * i; ints[i] = MPI.INT; }
        w.allToAllw(wsend, ones, bytes, ints, wrecv, ones, bytes, ints);
        int[] wgot = new int[size];
        wrecv.get(0, wgot);
        System.out.println(me + "iScan " + so.get(0) + " allToAllw " + Arrays.toString(wgot));
        IntBuffer bb = MPI.newIntBuffer(1);
        if (rank == size - 1) bb.put(0, 77);
        w.iBcast(bb, 1, MPI.INT, size - 1).waitFor();
        System.out.println(me + "iBcast " + bb.get(0));
        w.barrier();
    }
}
