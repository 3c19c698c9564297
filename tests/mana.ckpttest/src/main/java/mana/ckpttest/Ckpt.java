package mana.ckpttest;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.Optional;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.engine.RankCheckpointer;
import mana.ckpt.engine.RestoreException;
import mana.ckpt.engine.Restored;
import mpi.MPI;
import mpi.MPIException;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.ServiceReference;

/**
 * What the scenario programs share: the engine service (looked up by the program itself), the
 * state saved at the cut or given back by a restart, and dying abruptly.
 * Arguments of every program: MODE CKPT_ROOT CKPT_AT KILL_AT ITERATIONS [CKPT_AT2 KILL_AT2] (-1 = never);
 * a restarted run uses CKPT_AT2 and KILL_AT2 (a second cycle), or nothing if they are absent.
 */
final class Ckpt {
    final RankCheckpointer engine;
    final Path root;
    final int ckptAt;
    final int killAt;
    final int iterations;
    final int rank;
    final boolean restarted;
    private long seq = 1;

    Ckpt(String[] args) throws MPIException {
        BundleContext bc = FrameworkUtil.getBundle(Ckpt.class).getBundleContext();
        ServiceReference<RankCheckpointer> ref = bc.getServiceReference(RankCheckpointer.class);
        engine = bc.getService(ref);
        root = Path.of(args[1]);
        restarted = engine.isRestart();
        boolean second = restarted && args.length > 6;
        ckptAt = restarted && !second ? -1 : Integer.parseInt(args[second ? 5 : 2]);
        killAt = restarted && !second ? -1 : Integer.parseInt(args[second ? 6 : 3]);
        iterations = Integer.parseInt(args[4]);
        rank = MPI.COMM_WORLD.getRank();
    }

    /** The restored state, or {@code fresh} on a first run. */
    <T extends Serializable> T state(T fresh) throws RestoreException {
        Optional<Restored> r = engine.restored(Ckpt.class.getClassLoader());
        if (r.isEmpty()) {
            return fresh;
        }
        if (rank == 0) {
            System.out.println("RESTARTED seq=" + r.get().seq() + " safepoint=" + r.get().safePointIndex());
        }
        seq = r.get().seq() + 1;
        @SuppressWarnings("unchecked")
        T t = (T) r.get().appState();
        return t;
    }

    /**
     * A checkpoint attempt now, into a root of its own (it is expected to be refused: nothing of
     * it may take the sequence numbers of the run's checkpoints); prints a PROBE line.
     */
    CutOutcome probe(Serializable state) {
        Path probeRoot = root.resolveSibling(root.getFileName() + "-probe");
        CutOutcome o = engine.checkpoint(new CutRequest(1, probeRoot, 2, "ckpttest", -1), state);
        System.out.println("PROBE rank=" + rank + " committed=" + o.committed() + " reason=" + o.abortReason());
        return o;
    }

    /** At iteration {@code i}: the checkpoint; later: dying (see the arguments). */
    void safePoint(int i, Serializable state) {
        if (i == ckptAt) {
            CutOutcome o = engine.checkpoint(new CutRequest(seq++, root, 2, "ckpttest", i), state);
            System.out.println("CKPT rank=" + rank + " committed=" + o.committed() + " seq=" + o.seq()
                    + " drained=" + o.drained() + " reason=" + o.abortReason());
        }
        if (i == killAt) {
            System.out.flush();
            Runtime.getRuntime().halt(7);
        }
    }
}
