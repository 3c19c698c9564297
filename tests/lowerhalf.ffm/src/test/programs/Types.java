import java.util.Arrays;
import mpi.*;

/** Derived datatypes, communicators and groups. 2+ ranks. */
public class Types {
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
        Datatype vec = Datatype.createVector(3, 1, 2, MPI.INT);
        vec.commit();
        System.out.println(me + "vector extent " + vec.getExtent() + " size " + vec.getSize() + " lb " + vec.getLb()
                + " true extent " + vec.getTrueExtent());
        Datatype contig = Datatype.createContiguous(4, MPI.DOUBLE);
        contig.commit();
        Datatype idx = Datatype.createIndexed(new int[] {2, 1}, new int[] {0, 4}, MPI.INT);
        idx.commit();
        Datatype resized = Datatype.createResized(MPI.INT, 0, 8);
        resized.commit();
        System.out.println(me + "contiguous size " + contig.getSize() + ", indexed extent " + idx.getExtent()
                + ", resized extent " + resized.getExtent());
        if (rank == 0) {
            int[] a = {0, -1, 2, -1, 4, -1};
            w.send(a, 1, vec, 1, 1);
            w.send(new double[] {1, 2, 3, 4}, 1, contig, 1, 2);
            w.send(new int[] {10, 11, 12, 13, 14}, 1, idx, 1, 3);
        } else if (rank == 1) {
            int[] r = {9, 9, 9, 9, 9, 9};
            Status s = w.recv(r, 1, vec, 0, 1);
            System.out.println(me + "vector recv keeps the gaps " + Arrays.toString(r) + " count " + s.getCount(vec)
                    + " elements " + s.getElements(MPI.INT));
            double[] d = new double[4];
            w.recv(d, 1, contig, 0, 2);
            int[] i = new int[3];
            w.recv(i, 3, MPI.INT, 0, 3);
            System.out.println(me + "contiguous " + Arrays.toString(d) + " indexed as ints " + Arrays.toString(i));
        }
        vec.free();
        contig.free();
        idx.free();
        resized.free();
        Intracomm dup = w.dup();
        System.out.println(me + "dup compare " + (Comm.compare(w, dup) == MPI.CONGRUENT) + " size " + dup.getSize());
        Intracomm half = w.split(rank % 2, -rank);
        System.out.println(me + "split size " + half.getSize() + " rank " + half.getRank());
        Group g = w.getGroup();
        Group hg = half.getGroup();
        int[] t = Group.translateRanks(hg, new int[] {0}, g);
        System.out.println(me + "group size " + g.getSize() + " rank " + g.getRank() + ", half's rank 0 is world " + t[0]
                + ", compare " + (Group.compare(g, hg) == MPI.UNEQUAL));
        Group first = g.incl(new int[] {0});
        Intracomm solo = w.create(first);
        System.out.println(me + "create from group: " + (solo.isNull() ? "not a member" : "size " + solo.getSize()));
        if (!solo.isNull()) solo.free();
        first.free();
        hg.free();
        g.free();
        half.free();
        dup.setName("dup-" + rank);
        System.out.println(me + "name " + dup.getName() + ", world name " + w.getName() + ", topology undefined "
                + (w.getTopology() == MPI.UNDEFINED));
        dup.free();
        System.out.println(me + "freed " + dup.isNull());
    }
}
