package mana.agent.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;
import mana.ckpt.engine.CutOutcome;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.engine.RankCheckpointer;
import mana.ckpt.engine.RestoreException;
import mana.ckpt.engine.Restored;
import mana.core.fn.Activations;
import mana.core.fn.FunctionTable;
import mana.core.fn.LifecycleListener;
import org.apache.felix.service.command.CommandProcessor;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The MANA agent of one rank: the platform behind {@link mana.api.Mana}, the link to the job's
 * coordinator (address, job id and token from the environment that {@code mana run} passes with
 * mpirun {@code -x}), the safe-point protocol ({@link CutProtocol}) and the cluster shell.
 * Without a coordinator it stays idle and the API still works.
 */
@Component(service = LifecycleListener.class, immediate = true)
public final class Agent implements LifecycleListener, ManaPlatform {
    static final String ENV_COORD = "MANA_COORD";
    static final String ENV_JOB = "MANA_JOB_ID";
    static final String ENV_TOKEN = "MANA_JOB_TOKEN";
    /** Off loopback: the token is in this file (0600, shared file system), not in the environment. */
    static final String ENV_TOKEN_FILE = "MANA_JOB_TOKEN_FILE";
    /** Set when the coordinator is reachable from other hosts: its TLS certificate's SHA-256 fingerprint. */
    static final String ENV_TLS = "MANA_COORD_TLS";

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile RankCheckpointer engine;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile CommandProcessor processor;

    private final Map<String, String> env;
    private final int rank;
    private volatile CoordinatorLink link;
    private volatile String jobId = "";
    private final CutProtocol protocol;
    private final boolean restart = System.getProperty("mana.restart.dir") != null;
    private volatile boolean mpiInitialized;
    /** On a restart: not yet given back to the application (guarded by this). */
    private boolean restorePending;
    private Optional<Object> restoredState;
    private boolean warnedNoCoordinator;
    private ExecutorService shellThread;
    private org.osgi.framework.BundleContext context;
    private volatile HotAddWatch hotAddWatch;
    /** Closes the coordinator link when the JVM exits; removed on deactivation. */
    private volatile Thread closeHook;

    public Agent() {
        this(System.getenv());
    }

    Agent(Map<String, String> env) {
        this.env = env;
        this.rank = intEnv("OMPI_COMM_WORLD_RANK", 0);
        this.protocol = new CutProtocol(this::send, this::cut, this::exitJob, this::receiveArrived, Agent::mainCall);
    }

    private String token() throws IOException {
        String file = env.get(ENV_TOKEN_FILE);
        if (file != null && !file.isBlank()) {
            try {
                return java.nio.file.Files.readString(Path.of(file)).trim();
            } catch (IOException e) {
                throw new IOException("cannot read the job token from " + file + " (" + e.getClass().getSimpleName()
                        + "; every node must see the checkpoint root's file system at the same path)", e);
            }
        }
        return env.getOrDefault(ENV_TOKEN, "");
    }

    @Activate
    void activate(org.osgi.framework.BundleContext context) {
        this.context = context;
        restorePending = restart;
        PlatformHook.install(this);
        protocol.holdSignal(restart); // on a restart the first safe point applies the restored counter
        String address = env.get(ENV_COORD);
        if (address == null || address.isBlank() || Boolean.getBoolean("mana.spawned")) {
            return; // no coordinator (a process MPI_Comm_spawn started is not one of the job's ranks): idle
        }
        jobId = env.getOrDefault(ENV_JOB, "");
        shellThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "mana-agent-shell");
            t.setDaemon(true);
            return t;
        });
        try {
            CoordinatorLink l = CoordinatorLink.of(address, env.get(ENV_TLS));
            l.open(token(), jobId, rank, intEnv("OMPI_COMM_WORLD_SIZE", 1), this::onLine,
                    () -> {
                        protocol.onCancel(-1);
                        Activations.cancel(-1); // what waits keeps waiting: no rank switches on alone
                    });
            link = l;
            // A rank exits without stopping the framework (deactivate does not run): close the link
            // as the JVM goes, so that the coordinator sees the end at once, not at a timeout.
            Thread hook = new Thread(l::close, "mana-agent-link-close");
            Runtime.getRuntime().addShutdownHook(hook);
            closeHook = hook;
        } catch (IOException | RuntimeException e) {
            System.err.println("[mana agent] rank " + rank + ": cannot reach the job coordinator at " + address + ": " + e.getMessage()
                    + "; checkpoints are off for this rank");
        }
    }

    @Deactivate
    void deactivate() {
        if (hotAddWatch != null) {
            hotAddWatch.close();
        }
        Activations.agreeWith(null); // without the agent, bundles added later switch on at once
        PlatformHook.uninstall(this);
        CoordinatorLink l = link;
        if (l != null) {
            l.close();
        }
        Thread hook = closeHook;
        if (hook != null) {
            closeHook = null;
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook closes the (closed) link again, harmlessly
            }
        }
        if (shellThread != null) {
            shellThread.shutdownNow();
        }
        protocol.onCancel(-1);
    }

    // ----- coordinator messages (reader thread) -----

    void onLine(String line) {
        String[] f = Wire.fields(line);
        try {
            switch (f[0]) {
                case "REQ" -> protocol.onRequest(new CutProtocol.Attempt(Long.parseLong(f[1]), Long.parseLong(f[2]),
                        Integer.parseInt(f[3]), Boolean.parseBoolean(f[4]), Wire.untext(f[5])));
                case "RAISE" -> protocol.onRaise(Long.parseLong(f[1]), Long.parseLong(f[2]));
                case "PASS" -> protocol.onPass(Long.parseLong(f[1]));
                case "TARGET" -> protocol.onTarget(Long.parseLong(f[1]), Long.parseLong(f[2]));
                case "CUT" -> protocol.onCut(Long.parseLong(f[1]));
                case "GO" -> protocol.onGo(Long.parseLong(f[1]));
                case "CANCEL" -> protocol.onCancel(Long.parseLong(f[1]));
                case "ACTREQ" -> {
                    long r = Long.parseLong(f[1]);
                    long n = Activations.arm(r);
                    send("ACTAT " + r + " " + n + " " + Wire.text(Activations.pendingKeys()));
                }
                case "ACTTARGET" -> Activations.target(Long.parseLong(f[1]), Long.parseLong(f[2]), keys(Wire.untext(f[3])));
                case "ACTCANCEL" -> Activations.cancel(Long.parseLong(f[1]));
                case "ACTREFUSE" -> Activations.refuse(Wire.untext(f[1]), Wire.untext(f[2]));
                case "EXEC" -> {
                    String rid = f[1];
                    String command = Wire.untext(f[2]);
                    shellThread.execute(() -> send("OUT " + rid + " " + Wire.text(ShellRunner.run(processor, command))));
                }
                case "WELCOME" -> {
                    // authenticated
                }
                default -> System.err.println("[mana agent] rank " + rank + ": unknown coordinator message " + f[0]);
            }
        } catch (RuntimeException e) {
            System.err.println("[mana agent] rank " + rank + ": bad coordinator message '" + line + "': " + e);
        }
    }

    private static java.util.Set<String> keys(String csv) {
        return csv.isEmpty() ? java.util.Set.of() : java.util.Set.of(csv.split(","));
    }

    private void send(String line) {
        CoordinatorLink l = link;
        if (l != null) {
            l.send(line);
        }
    }

    // ----- the cut -----

    private CutProtocol.Result cut(CutProtocol.Attempt a, long index, Object state) {
        RankCheckpointer e = engine;
        if (e == null) {
            return new CutProtocol.Result(false, a.seq(), 0, 0, "no checkpoint engine on rank " + rank
                    + " (bundle mana.ckpt is not installed or not active)");
        }
        CutOutcome o = e.checkpoint(new CutRequest(a.seq(), Path.of(a.root()), a.keep(), jobId, index, a.exit()), state);
        return new CutProtocol.Result(o.committed(), o.seq(), o.bytes(), o.drained(), o.abortReason());
    }

    /** Which MPI call the application's main thread is inside now (transparent mode), -1 if none or unknown. */
    private static long mainCall() {
        Thread main = PlatformHook.mainThread();
        return main == null ? -1 : mana.core.gate.CheckpointGate.GATE.callOf(main);
    }

    /** While this rank waits at the cut for GO: messages that arrived go into the drain buffer. */
    private void receiveArrived() {
        RankCheckpointer e = engine;
        if (e != null) {
            e.receiveArrived();
        }
    }

    /** After a committed {@code checkpoint --exit}: finalize MPI and end this rank with status 0. */
    private void exitJob() {
        try {
            FunctionTable.env().finalizeMpi();
        } catch (Exception e) {
            System.err.println("[mana agent] rank " + rank + ": MPI_Finalize after the checkpoint failed: " + e.getMessage());
        }
        System.out.flush();
        System.err.flush();
        System.exit(0);
    }

    // ----- lifecycle -----

    @Override
    public void afterInit() {
        mpiInitialized = true;
        send("INIT");
        if (link != null && intEnv("OMPI_COMM_WORLD_SIZE", 1) > 1) {
            // from now on a wrapper bundle added to the job switches on at a point all ranks agree on
            Activations.agreeWith(() -> send("ACTREADY"));
            hotAddWatch = new HotAddWatch(context, (bsn, why) -> send("ACTFAIL " + Wire.text(bsn) + " " + Wire.text(why)));
        }
    }

    @Override
    public void restoreRefused(String reason) {
        send("REFUSED " + Wire.text(reason));
    }

    @Override
    public void beforeFinalize() {
        Activations.finalizing(); // no agreement event comes any more: what is leaving goes now
        if (link != null) {
            protocol.finalizing();
        }
    }

    // ----- ManaPlatform -----

    @Override
    public void atSafePoint(long index, Object state, Supplier<?> lazyState) {
        if (PlatformHook.isTransparent()) {
            return; // cuts are at world collectives then: the application's own safe points take no part
        }
        long i = index;
        synchronized (this) {
            if (restorePending && mpiInitialized) {
                applyRestore(Thread.currentThread().getContextClassLoader());
                i = PlatformHook.index() + 1; // this safe point is the first after the checkpoint's
                PlatformHook.resetIndex(i);
            }
        }
        protocol.atSafePoint(i, state, lazyState);
    }

    @Override
    public void atCaptured(long index, Supplier<?> state) {
        protocol.atSafePoint(index, null, state);
    }

    @Override
    public void atCaptured(long index, String where, Supplier<?> state) {
        protocol.stoppingAt(where);
        protocol.atSafePoint(index, null, state);
    }

    @Override
    public boolean atCutPoint(long index, String declined) {
        return protocol.atCutPoint(index, declined);
    }

    @Override
    public boolean atP2pCutPoint(long index, String declined) {
        return protocol.atP2pCutPoint(index, declined);
    }

    @Override
    public boolean atWorldStartCutPoint(long index, String declined) {
        return protocol.atWorldStartCutPoint(index, declined);
    }

    @Override
    public synchronized Optional<Object> restoredState(ClassLoader loader) {
        if (!restart) {
            return Optional.empty();
        }
        if (!mpiInitialized) {
            throw new IllegalStateException("Mana.restoredState was called before MPI.Init on a restart: "
                    + "MPI.Init rebuilds the MPI objects the state refers to; call it after MPI.Init");
        }
        if (restorePending) {
            applyRestore(loader);
        }
        return restoredState;
    }

    /** Reads the checkpoint's state once and sets the safe-point counter to the cut's index. */
    private void applyRestore(ClassLoader loader) {
        RankCheckpointer e = engine;
        if (e == null) {
            throw new IllegalStateException("this rank restarts from " + System.getProperty("mana.restart.dir")
                    + " but no checkpoint engine is installed (bundle mana.ckpt)");
        }
        try {
            Optional<Restored> r = e.restored(loader);
            restoredState = r.map(Restored::appState);
            PlatformHook.resetIndex(r.map(Restored::safePointIndex).orElse(0L));
            restorePending = false;
            protocol.holdSignal(false);
        } catch (RestoreException ex) {
            throw new IllegalStateException("cannot restore the application's state: " + ex.getMessage(), ex);
        }
    }

    @Override
    public boolean requestCheckpoint() {
        CoordinatorLink l = link;
        if (l == null || !l.isOpen()) {
            synchronized (this) {
                if (!warnedNoCoordinator) {
                    warnedNoCoordinator = true;
                    System.err.println("[mana agent] rank " + rank + ": Mana.requestCheckpoint(): no job coordinator is attached "
                            + "to this rank (start the job with mana run); no checkpoint is taken");
                }
            }
            return false;
        }
        l.send("REQUEST");
        return true;
    }

    @Override
    public boolean isRestart() {
        return restart;
    }

    /** Open MPI's OMPI_COMM_WORLD_RANK/SIZE, else MPICH hydra's PMI_RANK/PMI_SIZE (mana run --mpi mpich). */
    private int intEnv(String name, int fallback) {
        String v = env.get(name);
        if (v == null) {
            v = env.get(name.replace("OMPI_COMM_WORLD_", "PMI_"));
        }
        try {
            return v == null ? fallback : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
