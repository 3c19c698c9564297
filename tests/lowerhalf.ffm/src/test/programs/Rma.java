import java.nio.IntBuffer;
import java.nio.LongBuffer;
import mpi.*;

/** One-sided communication: windows over direct buffers, fence and lock epochs, accumulate, attributes. 2+ ranks. */
public class Rma {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        run();
        MPI.Finalize();
    }

    static void run() throws MPIException {
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        String me = "rank " + rank + ": ";
        IntBuffer mem = MPI.newIntBuffer(4);
        Win win = new Win(mem, 4, 1, MPI.INFO_NULL, w);
        System.out.println(me + "window size " + win.getAttr(MPI.WIN_SIZE) + " disp unit " + win.getAttr(MPI.WIN_DISP_UNIT)
                + " group size " + win.getGroup().getSize());
        IntBuffer origin = MPI.newIntBuffer(1);
        origin.put(0, 1000 + rank);
        win.fence(0);
        win.put(origin, 1, MPI.INT, (rank + 1) % size, 0, 1, MPI.INT);
        win.fence(0);
        System.out.println(me + "after put " + mem.get(0));
        IntBuffer one = MPI.newIntBuffer(1);
        one.put(0, rank + 1);
        win.fence(0);
        win.accumulate(one, 1, MPI.INT, 0, 1, 1, MPI.INT, MPI.SUM);
        win.fence(0);
        if (rank == 0) System.out.println(me + "accumulated " + mem.get(1));
        IntBuffer got = MPI.newIntBuffer(1);
        win.lock(MPI.LOCK_SHARED, (rank + size - 1) % size, 0);
        win.get(got, 1, MPI.INT, (rank + size - 1) % size, 0, 1, MPI.INT);
        win.unlock((rank + size - 1) % size);
        w.barrier();
        System.out.println(me + "got by lock/get " + got.get(0));
        win.setName("w" + rank);
        System.out.println(me + "name " + win.getName());
        win.free();
        LongBuffer base = MPI.newLongBuffer(1);
        Win alloc = new Win(2, 1, MPI.INFO_NULL, w, base, 0);
        System.out.println(me + "allocated window size " + alloc.getAttr(MPI.WIN_SIZE) + ", base written " + (base.get(0) != 0));
        alloc.free();
        w.barrier();
    }
}
