package mana.conformance.rma;

import java.nio.IntBuffer;
import java.nio.file.Path;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.engine.RankCheckpointer;
import mpi.MPI;
import mpi.Win;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * MANA only. A checkpoint while a dynamic window is live is refused on every rank with a
 * reason naming that window, and the job goes on. Once it is freed, a checkpoint with a window
 * made over an application buffer commits, taken while a put to it is still outstanding: the
 * cut completes the put, and the application's next fence shows its data.
 * Usage: {@code WinCheckpoint CKPT_ROOT}.
 */
public final class WinCheckpoint {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        BundleContext bc = FrameworkUtil.getBundle(WinCheckpoint.class).getBundleContext();
        ServiceReference<RankCheckpointer> ref = bc.getServiceReference(RankCheckpointer.class);
        RankCheckpointer engine = bc.getService(ref);
        Path root = Path.of(args[0]);

        IntBuffer wb = MPI.newIntBuffer(size);
        Win halo = new Win(wb, size, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        halo.setName("halo");
        Win counters = new Win(MPI.INFO_NULL, MPI.COMM_WORLD);
        counters.setName("counters");
        CutOutcome refused = engine.checkpoint(new CutRequest(1, root, 2, "rma", 1), "state");
        System.out.println("CKPT1 rank=" + rank + " committed=" + refused.committed() + " reason=" + refused.abortReason());
        counters.free();

        IntBuffer v = MPI.newIntBuffer(1);
        v.put(0, rank + 1);
        halo.fence(0);
        halo.put(v, 1, MPI.INT, (rank + 1) % size, rank, 1, MPI.INT);
        CutOutcome committed = engine.checkpoint(new CutRequest(2, root, 2, "rma", 2), "state");
        System.out.println("CKPT2 rank=" + rank + " committed=" + committed.committed() + " reason=" + committed.abortReason());
        halo.fence(0);
        int left = (rank + size - 1) % size;
        System.out.println("WINDOW rank=" + rank + " ok=" + (wb.get(left) == left + 1));
        halo.fence(MPI.MODE_NOSUCCEED);
        halo.free();
        MPI.Finalize();
    }
}
