import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.*;

/** MPI-IO: explicit offsets, views, individual and shared pointers, non-blocking, split collectives. 2+ ranks. */
public class Io {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        String me = "rank " + rank + ": ";
        byte[] name = new byte[200];
        if (rank == 0) {
            byte[] n = (System.getProperty("java.io.tmpdir") + "/mana-ffm-io-" + System.nanoTime()).getBytes();
            System.arraycopy(n, 0, name, 0, n.length);
        }
        w.bcast(name, name.length, MPI.BYTE, 0);
        String path = new String(name).trim();
        File f = new File(w, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
        f.writeAt(rank * 8L, new int[] {rank, rank * 10}, 2, MPI.INT);
        f.sync();
        w.barrier();
        f.sync();
        int[] all = new int[2 * size];
        Status s = f.readAtAll(0, all, 2 * size, MPI.INT);
        System.out.println(me + "readAtAll " + Arrays.toString(all) + " count " + s.getCount(MPI.INT) + " size " + f.getSize()
                + " amode rdwr " + ((f.getAMode() & MPI.MODE_RDWR) != 0) + " group " + f.getGroup().getSize()
                + " type extent " + f.getTypeExtent(MPI.INT));
        // a view: each rank sees every size-th int, starting at its rank, after the first block
        Datatype every = Datatype.createResized(MPI.INT, 0, 4 * size);
        every.commit();
        f.setView(8L * size + 4L * rank, MPI.INT, every, "native", MPI.INFO_NULL);
        f.writeAll(new int[] {100 + rank, 200 + rank}, 2, MPI.INT);
        System.out.println(me + "position after writeAll " + f.getPosition() + " byte offset of 1: " + f.getByteOffset(1));
        f.seek(0, MPI.SEEK_SET);
        int[] back = new int[2];
        f.readAll(back, 2, MPI.INT);
        System.out.println(me + "read back through the view " + Arrays.toString(back));
        f.setView(0, MPI.BYTE, MPI.BYTE, "native", MPI.INFO_NULL);
        // non-blocking and split collective on direct buffers, after the first two blocks
        long base = 8L * size + 8L * size;
        IntBuffer ib = MPI.newIntBuffer(1);
        ib.put(0, 7000 + rank);
        f.iWriteAt(base + 4L * rank, ib, 1, MPI.INT).waitFor();
        w.barrier();
        IntBuffer rb = MPI.newIntBuffer(size);
        f.readAtAllBegin(base, rb, size, MPI.INT);
        Status es = f.readAtAllEnd(rb);
        int[] seen = new int[size];
        rb.get(0, seen);
        System.out.println(me + "split collective read " + Arrays.toString(seen) + " count " + es.getCount(MPI.INT)
                + " atomic " + f.getAtomicity());
        // shared pointer: ordered writes
        f.seekShared(0, MPI.SEEK_END);
        f.writeOrdered(new int[] {9000 + rank}, 1, MPI.INT);
        System.out.println(me + "shared position after writeOrdered " + f.getPositionShared());
        every.free();
        f.close();
        w.barrier();
        if (rank == 0) File.delete(path);
        System.out.println(me + "closed and deleted");
    }
}
