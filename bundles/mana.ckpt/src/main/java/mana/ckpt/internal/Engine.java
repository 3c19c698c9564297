package mana.ckpt.internal;

import java.nio.file.Path;
import java.util.Optional;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.engine.RankCheckpointer;
import mana.ckpt.engine.RestoreException;
import mana.ckpt.engine.Restored;
import mana.core.desc.DescriptorKinds;
import mana.core.error.ManaException;
import mana.core.fn.LifecycleListener;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * The checkpoint engine of this rank. At MPI_Init of a restart (system property
 * {@code mana.restart.dir}) it restores the rank from the checkpoint or makes MPI_Init fail
 * with the reason; {@link #checkpoint} takes a cut.
 *
 * <p>The saved application state is read back at MPI_Init, with the class loader of the thread
 * that calls it (the launcher sets it to the application's), because pending receives re-posted
 * there need the very buffer objects the state holds.
 */
@Component(service = {RankCheckpointer.class, LifecycleListener.class})
public final class Engine implements RankCheckpointer, LifecycleListener {
    public static final String RESTART_DIR = "mana.restart.dir";

    @Reference
    private DescriptorKinds kinds;

    private volatile Restored restored;
    private volatile boolean initDone;

    /** Messages {@link #receiveArrived} took since the last checkpoint (counted in its "drained"). Main thread only. */
    private long drainedEarly;

    @Override
    public CutOutcome checkpoint(CutRequest request, Object appState) {
        long early = drainedEarly;
        drainedEarly = 0;
        return new Cut(request, appState, kinds.inRestoreOrder(), early).run();
    }

    @Override
    public long receiveArrived() {
        long n = EarlyDrain.receiveArrived();
        drainedEarly += n;
        return n;
    }

    @Override
    public void restore() throws ManaException {
        initDone = true;
        String dir = System.getProperty(RESTART_DIR);
        if (dir == null || dir.isBlank()) {
            return;
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        restored = new Restart(Path.of(dir), kinds.inRestoreOrder(), loader).run();
    }

    @Override
    public Optional<Restored> restored(ClassLoader appLoader) throws RestoreException {
        if (!isRestart()) {
            return Optional.empty();
        }
        Restored r = restored;
        if (r == null) {
            throw new RestoreException(initDone ? "MANA: the restart from " + System.getProperty(RESTART_DIR)
                    + " did not complete" : "MANA: call restored() after MPI.Init (the restart happens there)");
        }
        return Optional.of(r);
    }

    /**
     * Job end waits for a checkpoint's background flush to the shared root (bounded: the flush
     * gives up after a while), then removes this node's local checkpoint folder when the root
     * holds everything a restart needs.
     */
    @Override
    public void beforeFinalize() {
        String flushed = BackgroundFlush.awaitPending();
        if (flushed != null) {
            System.err.println(flushed);
        }
        String cleaned = LevelCut.cleanUpAtJobEnd();
        if (cleaned != null) {
            System.err.println(cleaned);
        }
    }


    @Override
    public boolean isRestart() {
        String dir = System.getProperty(RESTART_DIR);
        return dir != null && !dir.isBlank();
    }
}
