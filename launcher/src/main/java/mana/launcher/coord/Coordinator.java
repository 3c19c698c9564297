package mana.launcher.coord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import mana.ckpt.store.CheckpointStore;
import mana.launcher.rank.AppBundleFile;

/**
 * The job coordinator inside {@code mana run}: a TCP server (loopback unless told otherwise)
 * that ranks (agents) and clients ({@code mana checkpoint}, {@code mana shell}) connect to with
 * the job's random token. It triggers checkpoints (clients, {@code --ckpt-interval}, the
 * application's request), drives the safe-point protocol with {@link CutPlanner}, reports
 * outcomes, and relays shell commands to ranks.
 *
 * <p>All state lives on one event-loop thread; socket readers only post events to it.
 */
public final class Coordinator implements AutoCloseable {

    /** What the coordinator needs to know about the job. */
    public record Settings(String jobId, String token, Path ckptRoot, int keep, Duration interval, int np,
                           Properties launchDescription) {
    }

    public static final String LAUNCH_FILE = "job.properties";
    static final long GRACE_NANOS = Long.getLong("mana.ckpt.graceMs", 100) * 1_000_000L;
    static final long DEADLINE_NANOS = Long.getLong("mana.ckpt.deadlineS", 60) * 1_000_000_000L;
    static final long SHELL_TIMEOUT_NANOS = 30_000_000_000L;

    private final Settings settings;
    private final ServerSocket server;
    private final CoordTls tls;
    private final BlockingQueue<Runnable> events = new LinkedBlockingQueue<>();
    private final Thread loop;
    private final Consumer<String> log;
    private volatile boolean closed;

    // ----- event-loop state -----
    private int np;
    private final Map<Integer, Conn> ranks = new HashMap<>();
    private final Set<Integer> finalized = new HashSet<>();
    /** Ranks past MPI_Init (the application runs). */
    private final Set<Integer> running = new HashSet<>();
    private Attempt attempt;
    private long attemptIds;
    private long lastSeq;
    private long nextInterval;
    private long shellIds;
    private final Map<Long, ShellCall> shellCalls = new HashMap<>();
    /** Hot-added wrapper bundles: the point where every rank switches them on. */
    private final ActivationPlanner activations;
    private volatile long lastCommittedSeq = -1;
    private volatile int ranksSeen;
    private volatile int firstLostRank = -1;
    private volatile boolean endedByCheckpoint;
    /** This incarnation's: a rank reached the end of MPI_Init; the ranks refused the checkpoint they restart from. */
    private volatile boolean initSeen;
    private volatile String restartRefusal;

    /** Bytes of the job's token: 256 random bits. */
    static final int TOKEN_BYTES = 32;

    /**
     * The job's random token (64 hex digits). Read from the kernel's random source directly: a
     * {@code SecureRandom} would initialise the JDK's security providers in the CLI's start
     * (about 15-25 ms of processor time per job), where nothing else needs them on loopback;
     * {@code SecureRandom} is what its default would read there anyway, and the fallback where
     * there is no {@code /dev/urandom}.
     */
    public static String newToken() {
        return HexFormat.of().formatHex(randomBytes(Path.of("/dev/urandom"), TOKEN_BYTES));
    }

    /** {@code n} bytes from {@code source}, or from a {@code SecureRandom} when it cannot be read in full. */
    static byte[] randomBytes(Path source, int n) {
        byte[] b = new byte[n];
        try (java.io.InputStream in = java.nio.file.Files.newInputStream(source)) {
            if (in.readNBytes(b, 0, n) == n) {
                return b;
            }
        } catch (IOException | RuntimeException e) {
            // below
        }
        new SecureRandom().nextBytes(b);
        return b;
    }

    public Coordinator(Settings settings, InetAddress bind, Consumer<String> log) throws IOException {
        this(settings, bind, null, log);
    }

    /**
     * @param tls the job's TLS key and certificate, or null for plain TCP (loopback only: on any
     *     other address the token would cross the network in clear)
     */
    public Coordinator(Settings settings, InetAddress bind, CoordTls tls, Consumer<String> log) throws IOException {
        if (tls == null && !bind.isLoopbackAddress()) {
            throw new IllegalArgumentException("a coordinator on " + bind.getHostAddress() + " (not loopback) needs TLS");
        }
        this.settings = settings;
        this.log = log;
        this.activations = new ActivationPlanner(log::accept);
        this.np = settings.np();
        this.tls = tls;
        this.server = tls != null ? tls.serverSocket(bind) : new ServerSocket(0, 64, bind);
        this.loop = new Thread(this::runLoop, "mana-coordinator");
        this.loop.setDaemon(true);
        Thread acceptor = new Thread(this::accept, "mana-coordinator-accept");
        acceptor.setDaemon(true);
        this.nextInterval = settings.interval() == null ? Long.MAX_VALUE : System.nanoTime() + settings.interval().toNanos();
        loop.start();
        acceptor.start();
    }

    /** The fingerprint ranks and clients pin (SHA-256 of the job's certificate), or null for plain TCP on loopback. */
    public String tlsFingerprint() {
        return tls == null ? null : tls.fingerprint();
    }

    public int port() {
        return server.getLocalPort();
    }

    /** The address ranks and clients connect to (this host's name when bound to every interface). */
    public String host() {
        InetAddress a = server.getInetAddress();
        if (a.isAnyLocalAddress()) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException e) {
                return InetAddress.getLoopbackAddress().getHostAddress();
            }
        }
        return a.getHostAddress();
    }

    /** The newest checkpoint this coordinator saw committed, or -1. */
    public long lastCommittedSeq() {
        return lastCommittedSeq;
    }

    /** True when a {@code checkpoint --exit} committed: the ranks end the job themselves. */
    public boolean endedByCheckpoint() {
        return endedByCheckpoint;
    }

    /** The job's rank count as the ranks told it (0 before any attached). */
    public int ranks() {
        return ranksSeen;
    }

    /** The first rank whose link dropped before it finalized in this incarnation, or -1. */
    public int firstLostRank() {
        return firstLostRank;
    }

    /**
     * Why the ranks of this incarnation refused the checkpoint they were restarting from (every
     * rank refuses together, in MPI_Init, and says so before it exits), or null. A failed mpirun
     * may end before the coordinator has read the ranks' last lines: unless a rank got through
     * MPI_Init, this waits up to {@code graceMillis} for them.
     */
    public String restartRefusal(long graceMillis) {
        long end = System.nanoTime() + graceMillis * 1_000_000;
        while (restartRefusal == null && !initSeen && System.nanoTime() < end) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return restartRefusal;
    }

    /** A new mpirun starts (a restart): forget the previous ranks. */
    public void newIncarnation() {
        firstLostRank = -1;
        initSeen = false;
        restartRefusal = null;
        post(() -> {
            if (attempt != null) {
                finish(false, "the job was restarted");
            }
            ranks.values().forEach(Conn::close);
            ranks.clear();
            finalized.clear();
            running.clear();
            endedByCheckpoint = false;
        });
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        loop.interrupt();
    }

    // ----- connections -----

    private void accept() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return;
            }
            Thread t = new Thread(() -> serve(s), "mana-coordinator-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(Socket s) {
        Conn c;
        try {
            s.setTcpNoDelay(true);
            // handshake and greeting: bounded, but generous (a rank's JVM may be slow to start TLS under load)
            s.setSoTimeout(s instanceof javax.net.ssl.SSLSocket ? Math.max(10_000, CoordTls.HANDSHAKE_MS) : 10_000);
            if (s instanceof javax.net.ssl.SSLSocket ssl) {
                try {
                    ssl.startHandshake();
                } catch (IOException e) {
                    log.accept("refused a connection from " + s.getRemoteSocketAddress() + ": no TLS handshake with this job's key ("
                            + e.getMessage() + ")");
                    s.close();
                    return;
                }
            }
            c = new Conn(s);
            String hello = c.in.readLine();
            String[] f = hello == null ? new String[0] : Wire.fields(hello);
            if (f.length >= 5 && f[0].equals("HELLO") && tokenOk(f[1]) && f[2].equals(settings.jobId())) {
                s.setSoTimeout(0);
                int rank = Integer.parseInt(f[3]);
                int size = Integer.parseInt(f[4]);
                post(() -> rankAttached(c, rank, size));
                readLines(c, line -> post(() -> rankLine(c, rank, line)));
                post(() -> rankLost(c, rank));
            } else if (f.length >= 2 && f[0].equals("CLIENT") && tokenOk(f[1])) {
                s.setSoTimeout(0);
                c.send("WELCOME");
                readLines(c, line -> post(() -> clientLine(c, line)));
            } else {
                log.accept("refused a connection from " + s.getRemoteSocketAddress() + ": "
                        + (f.length == 0 ? "no greeting" : "wrong or missing job token"));
                c.close();
            }
        } catch (IOException | RuntimeException e) {
            try {
                s.close();
            } catch (IOException ignored) {
                // gone
            }
        }
    }

    private boolean tokenOk(String presented) {
        return MessageDigest.isEqual(presented.getBytes(StandardCharsets.UTF_8), settings.token().getBytes(StandardCharsets.UTF_8));
    }

    private static void readLines(Conn c, Consumer<String> each) {
        try {
            String line;
            while ((line = c.in.readLine()) != null) {
                if (!line.isBlank()) {
                    each.accept(line);
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    static final class Conn {
        final Socket socket;
        final BufferedReader in;
        final OutputStream out;

        Conn(Socket s) throws IOException {
            socket = s;
            in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            out = s.getOutputStream();
        }

        synchronized void send(String line) {
            try {
                out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                close();
            }
        }

        void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // gone
            }
        }
    }

    // ----- event loop -----

    private void post(Runnable r) {
        events.add(r);
    }

    private void runLoop() {
        while (!closed) {
            try {
                Runnable r = events.poll(20, TimeUnit.MILLISECONDS);
                if (r != null) {
                    r.run();
                }
                long now = System.nanoTime();
                if (attempt != null) {
                    apply(attempt.planner.tick(now));
                }
                tickShell(now);
                activate(activations.tick(now, np));
                if (now >= nextInterval) {
                    nextInterval = now + settings.interval().toNanos();
                    if (attempt == null && allAttached()) {
                        startAttempt(false, null, "interval");
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.accept("internal error: " + e);
            }
        }
    }

    private boolean allAttached() {
        return np > 0 && ranks.size() == np && finalized.isEmpty();
    }

    private void rankAttached(Conn c, int rank, int size) {
        if (np <= 0) {
            np = size;
        }
        ranksSeen = np;
        if (rank < 0 || rank >= np || size != np) {
            log.accept("refused rank " + rank + " of " + size + ": this job has " + np + " ranks");
            c.close();
            return;
        }
        Conn old = ranks.put(rank, c);
        if (old != null) {
            old.close();
        }
        c.send("WELCOME");
    }

    private void rankLost(Conn c, int rank) {
        if (ranks.get(rank) != c) {
            return;
        }
        ranks.remove(rank);
        activate(activations.gone(rank, System.nanoTime()));
        if (!finalized.contains(rank) && firstLostRank < 0) {
            firstLostRank = rank;
        }
        if (attempt != null) {
            apply(attempt.planner.lost(rank));
            if (attempt != null && !attempt.outcomes.containsKey(rank)) { // past GO: the cut cannot finish without it
                finish(false, "rank " + rank + " lost its link to the coordinator while writing (did it die?)");
            }
        }
        for (ShellCall call : List.copyOf(shellCalls.values())) {
            if (call.waiting.remove(rank)) {
                call.outputs.put(rank, "(rank " + rank + " went away)\n");
                completeShell(call);
            }
        }
    }

    private void rankLine(Conn c, int rank, String line) {
        if (ranks.get(rank) != c) {
            return;
        }
        String[] f = Wire.fields(line);
        long now = System.nanoTime();
        switch (f[0]) {
            case "AT", "BLOCKED", "STOPPED", "FAILED", "OUTCOME" -> {
                if (attempt == null || Long.parseLong(f[1]) != attempt.id) {
                    return; // about an attempt that is over
                }
                switch (f[0]) {
                    case "AT" -> apply(attempt.planner.at(rank, Long.parseLong(f[2]), now));
                    case "BLOCKED" -> apply(f.length > 3 && f[3].equals("p2p") ? attempt.planner.blockedP2p(rank, Long.parseLong(f[2]), now)
                            : attempt.planner.blocked(rank, Long.parseLong(f[2]), now));
                    case "STOPPED" -> {
                        if (f.length > 3) {
                            attempt.stops.put(rank, Wire.untext(f[3]));
                        }
                        apply(attempt.planner.stopped(rank, Long.parseLong(f[2]), now));
                    }
                    case "FAILED" -> apply(attempt.planner.failed(rank, Wire.untext(f[2])));
                    default -> outcome(rank, Boolean.parseBoolean(f[2]), Long.parseLong(f[4]), Long.parseLong(f[5]), Wire.untext(f[6]));
                }
            }
            case "TRANSPARENT" -> {
                if (attempt != null && Long.parseLong(f[1]) == attempt.id) {
                    attempt.transparent = true;
                    attempt.planner.transparent();
                }
            }
            case "INSIDE", "OUTSIDE" -> {
                if (attempt != null && Long.parseLong(f[1]) == attempt.id) {
                    apply(attempt.planner.inside(rank, f[0].equals("INSIDE"), now));
                }
            }
            case "NOCUT" -> {
                if (attempt != null && Long.parseLong(f[1]) == attempt.id) {
                    attempt.declines.putIfAbsent(rank, Wire.untext(f[2]));
                }
            }
            case "NOSAFEPOINT" -> {
                // a transparent job cuts at MPI calls: its ranks have no safe points to wait for
                if (attempt != null && Long.parseLong(f[1]) == attempt.id && !attempt.transparent
                        && attempt.withoutSafePoints.add(rank) && attempt.withoutSafePoints.size() == 1) {
                    progress("rank " + rank + " has not reached any safe point since it started: this job is checkpointed"
                            + " at Mana.safePoint(...) calls only (its program calls mana.api, or it runs with --no-transparent;"
                            + " without that option a program is checkpointed at its MPI calls);"
                            + " waiting up to " + DEADLINE_NANOS / 1_000_000_000L + " s for one");
                }
            }
            case "ACTREADY" -> activate(activations.ready(rank, now));
            case "ACTAT" -> activate(activations.at(rank, Long.parseLong(f[1]), Long.parseLong(f[2]), Wire.untext(f[3]), np, now));
            case "ACTFAIL" -> activate(activations.failed(rank, Wire.untext(f[1]), Wire.untext(f[2])));
            case "INIT" -> {
                running.add(rank);
                initSeen = true;
            }
            case "REFUSED" -> {
                if (restartRefusal == null) {
                    restartRefusal = Wire.untext(f[1]);
                }
            }
            case "FINALIZING" -> {
                running.remove(rank);
                finalized.add(rank);
                activate(activations.gone(rank, now));
                if (attempt != null) {
                    apply(attempt.planner.finalizing(rank));
                }
            }
            case "REQUEST" -> {
                if (attempt == null) {
                    if (allAttached()) {
                        startAttempt(false, null, "requested by rank " + rank);
                    } else {
                        log.accept("rank " + rank + " requested a checkpoint, but " + notReady());
                    }
                }
            }
            case "OUT" -> {
                ShellCall call = shellCalls.get(Long.parseLong(f[1]));
                if (call != null && call.waiting.remove(rank)) {
                    call.outputs.put(rank, Wire.untext(f[2]));
                    completeShell(call);
                }
            }
            default -> log.accept("rank " + rank + " sent an unknown message " + f[0]);
        }
    }

    private String notReady() {
        if (!finalized.isEmpty()) {
            return "rank " + finalized.iterator().next() + " has already reached MPI_Finalize";
        }
        return "only " + ranks.size() + " of " + (np > 0 ? np : "?") + " ranks are attached";
    }

    // ----- clients -----

    private void clientLine(Conn c, String line) {
        String[] f = Wire.fields(line);
        switch (f[0]) {
            case "CHECKPOINT" -> {
                boolean exit = f.length > 1 && f[1].equals("exit");
                if (attempt != null) {
                    if (exit && !attempt.exit) {
                        c.send("DONE 1 " + Wire.text("checkpoint " + attempt.seq + " (without --exit) is in progress; try again when it is over"));
                        return;
                    }
                    attempt.clients.add(c);
                    c.send("MSG " + Wire.text("joining checkpoint " + attempt.seq + " in progress"));
                    return;
                }
                if (!allAttached()) {
                    c.send("DONE 1 " + Wire.text("cannot checkpoint now: " + notReady()));
                    return;
                }
                startAttempt(exit, c, "requested");
            }
            case "SHELL" -> shell(c, f[1], Wire.untext(f[2]));
            case "STATUS" -> c.send("DONE 0 " + Wire.text("job " + settings.jobId() + ": " + ranks.size() + " of " + np
                    + " ranks attached, " + running.size() + " of " + np + " ranks running; last committed checkpoint "
                    + (lastCommittedSeq < 0 ? "none" : lastCommittedSeq)));
            default -> c.send("DONE 2 " + Wire.text("unknown request " + f[0]));
        }
    }

    // ----- checkpoint on a signal (mana run --ckpt-on-signal) -----

    /** A signal that came while a checkpoint without exit ran: its checkpoint follows that one. */
    private String queuedSignal;
    private Runnable queuedIfNotTaken;

    /**
     * Asks for a checkpoint that ends the job, because mana received {@code signal} (e.g.
     * "USR1"): as {@code mana checkpoint --exit} does. If a checkpoint without exit is in
     * progress, this one follows it. {@code ifNotTaken} runs (on the coordinator's thread) when
     * no checkpoint could be started or the attempt was abandoned.
     */
    public void checkpointAndExitOnSignal(String signal, Runnable ifNotTaken) {
        post(() -> signalled(signal, ifNotTaken));
    }

    private void signalled(String signal, Runnable ifNotTaken) {
        String trigger = "SIG" + signal;
        if (attempt != null && attempt.exit) {
            log.accept(trigger + ": checkpoint " + attempt.seq + " is already under way, and ends the job");
            return;
        }
        if (attempt != null) {
            log.accept(trigger + ": checkpoint " + attempt.seq + " is under way; a checkpoint that ends the job follows it");
            queuedSignal = signal;
            queuedIfNotTaken = ifNotTaken;
            return;
        }
        if (!allAttached()) {
            log.accept(trigger + ": cannot checkpoint now: " + notReady());
            ifNotTaken.run();
            return;
        }
        startAttempt(true, null, trigger);
        if (attempt == null) {
            ifNotTaken.run(); // startAttempt said why
            return;
        }
        attempt.ifAbandoned = ifNotTaken;
        log.accept(trigger + ": checkpoint " + attempt.seq + ", then the job ends");
    }

    // ----- checkpoint attempts -----

    static final class Attempt {
        final long id;
        final long seq;
        final boolean exit;
        final CutPlanner planner;
        final List<Conn> clients = new ArrayList<>();
        final long start = System.nanoTime();
        final Map<Integer, Boolean> outcomes = new TreeMap<>();
        long bytes;
        long drained;
        String abortReason;
        /** Ranks that had not reached any safe point since they started when the attempt began. */
        final java.util.Set<Integer> withoutSafePoints = new java.util.TreeSet<>();
        /** Transparent mode: where each rank's main thread stopped (e.g. before mpi.Comm.recv), told with STOPPED. */
        final Map<Integer, String> stops = new java.util.TreeMap<>();
        /** The ranks checkpoint transparently (a job run with --transparent, or they said so when the request reached them). */
        boolean transparent;
        /** Transparent mode: the first reason each rank gave why its main thread could not be captured. */
        final Map<Integer, String> declines = new TreeMap<>();
        /** For an attempt a signal started: what to do if it is abandoned (null otherwise). */
        Runnable ifAbandoned;

        Attempt(long id, long seq, boolean exit, CutPlanner planner) {
            this.id = id;
            this.seq = seq;
            this.exit = exit;
            this.planner = planner;
        }
    }

    private void startAttempt(boolean exit, Conn client, String trigger) {
        long seq;
        try {
            Files.createDirectories(settings.ckptRoot());
            writeLaunchDescription();
            seq = Math.max(new CheckpointStore(settings.ckptRoot(), settings.keep()).nextSeq(), lastSeq + 1);
        } catch (IOException e) {
            String msg = "cannot use checkpoint directory " + settings.ckptRoot() + ": " + e.getMessage();
            log.accept(msg);
            if (client != null) {
                client.send("DONE 1 " + Wire.text(msg));
            }
            return;
        }
        lastSeq = seq;
        attempt = new Attempt(++attemptIds, seq, exit, new CutPlanner(np, System.nanoTime(), GRACE_NANOS, DEADLINE_NANOS));
        if (client != null) {
            attempt.clients.add(client);
        }
        int starting = np - running.size();
        // a transparent job's ranks stop at cut points (MPI calls), not at Mana.safePoint
        attempt.transparent = AppBundleFile.transparent();
        progress("checkpoint " + seq + " (" + trigger + (exit ? ", then exit" : "") + "): waiting for " + np + " ranks to reach a "
                + (attempt.transparent ? "cut point" : "safe point")
                + (starting > 0 ? " (" + starting + " not yet past MPI_Init)" : ""));
        String req = "REQ " + attempt.id + " " + seq + " " + settings.keep() + " " + exit + " "
                + Wire.text(settings.ckptRoot().toString());
        ranks.values().forEach(r -> r.send(req));
    }

    private void writeLaunchDescription() throws IOException {
        Path f = settings.ckptRoot().resolve(LAUNCH_FILE);
        Path tmp = settings.ckptRoot().resolve("." + LAUNCH_FILE + ".tmp");
        try (var out = Files.newOutputStream(tmp)) {
            settings.launchDescription().store(out, "How to start this job again (mana restart)");
        }
        Files.move(tmp, f, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private void apply(List<CutPlanner.Action> actions) {
        for (CutPlanner.Action a : actions) {
            if (attempt == null) {
                return;
            }
            long id = attempt.id;
            if (a instanceof CutPlanner.Raise r) {
                send(r.rank(), "RAISE " + id + " " + r.limit());
            } else if (a instanceof CutPlanner.Pass pass) {
                send(pass.rank(), "PASS " + id);
            } else if (a instanceof CutPlanner.Target t) {
                progress("all " + np + " ranks reported; the cut is " + (attempt.transparent ? TransparentReasons.cut(t.target())
                        : "safe point " + t.target()));
                ranks.values().forEach(c -> c.send("TARGET " + id + " " + t.target()));
            } else if (a instanceof CutPlanner.Cut) {
                ranks.values().forEach(c -> c.send("CUT " + id));
            } else if (a instanceof CutPlanner.Go) {
                progress("all " + np + " ranks stopped at " + (attempt.transparent ? "the cut before MPI_COMM_WORLD collective "
                        + attempt.planner.target() + TransparentReasons.stops(attempt.stops) : "safe point " + attempt.planner.target())
                        + "; writing checkpoint " + attempt.seq);
                ranks.values().forEach(c -> c.send("GO " + id));
            } else if (a instanceof CutPlanner.Cancel c) {
                ranks.values().forEach(r -> r.send("CANCEL " + id));
                finish(false, attempt.transparent ? TransparentReasons.of(c.reason(), attempt.declines) : c.reason());
            }
        }
    }

    private void outcome(int rank, boolean committed, long bytes, long drained, String reason) {
        Attempt a = attempt;
        a.outcomes.put(rank, committed);
        a.bytes += bytes;
        a.drained += drained;
        if (!committed && a.abortReason == null) {
            a.abortReason = reason == null || reason.isBlank() ? "rank " + rank + " did not commit" : reason;
        }
        progress("rank " + rank + (committed ? " wrote " + human(bytes) : " aborted") + " (" + a.outcomes.size() + " of " + np + " ranks done)");
        if (a.outcomes.size() == np) {
            a.planner.end();
            if (a.abortReason == null) {
                lastCommittedSeq = a.seq;
                if (a.exit) {
                    endedByCheckpoint = true;
                }
                finish(true, null);
            } else {
                finish(false, a.abortReason);
            }
        }
    }

    private void finish(boolean committed, String reason) {
        Attempt a = attempt;
        attempt = null;
        double secs = (System.nanoTime() - a.start) / 1e9;
        String msg = committed
                ? String.format("checkpoint %d committed: %s from %d ranks, %d messages drained, %.2f s, in %s%s", a.seq, human(a.bytes), np,
                        a.drained, secs, settings.ckptRoot(), a.exit ? "; the job ends now" : "")
                : "checkpoint " + a.seq + " abandoned: " + reason;
        log.accept(msg);
        for (Conn c : a.clients) {
            // 3: a transparent checkpoint refused (no capturable cut, a heap that cannot be saved)
            c.send("DONE " + (committed ? 0 : a.transparent ? 3 : 1) + " " + Wire.text(msg));
        }
        if (!committed && a.ifAbandoned != null) {
            a.ifAbandoned.run();
        }
        if (queuedSignal != null) {
            String signal = queuedSignal;
            Runnable ifNotTaken = queuedIfNotTaken;
            queuedSignal = null;
            queuedIfNotTaken = null;
            if (!(committed && a.exit)) {
                post(() -> signalled(signal, ifNotTaken));
            }
        }
    }

    private void progress(String msg) {
        if (attempt != null) {
            for (Conn c : attempt.clients) {
                c.send("MSG " + Wire.text(msg));
            }
        }
    }

    private void activate(List<ActivationPlanner.Send> lines) {
        for (ActivationPlanner.Send s : lines) {
            if (s.rank() >= 0) {
                send(s.rank(), s.line());
            } else {
                ranks.values().forEach(c -> c.send(s.line()));
            }
        }
    }

    private void send(int rank, String line) {
        Conn c = ranks.get(rank);
        if (c != null) {
            c.send(line);
        }
    }

    static String human(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return String.format("%.1f KiB", bytes / 1024.0);
        }
        return String.format("%.1f MiB", bytes / (1024.0 * 1024));
    }

    // ----- cluster shell -----

    static final class ShellCall {
        final long id;
        final Conn client;
        final Set<Integer> waiting = new HashSet<>();
        final Map<Integer, String> outputs = new TreeMap<>();
        final long deadline = System.nanoTime() + SHELL_TIMEOUT_NANOS;

        ShellCall(long id, Conn client) {
            this.id = id;
            this.client = client;
        }
    }

    private void shell(Conn client, String target, String command) {
        List<Integer> targets = new ArrayList<>();
        if (target.equals("all")) {
            for (int r = 0; r < np; r++) {
                targets.add(r);
            }
        } else {
            int r = Integer.parseInt(target);
            if (r < 0 || (np > 0 && r >= np)) {
                client.send("DONE 2 " + Wire.text("no rank " + r + " in this job (" + np + " ranks)"));
                return;
            }
            targets.add(r);
        }
        ShellCall call = new ShellCall(++shellIds, client);
        String exec = "EXEC " + call.id + " " + Wire.text(command);
        for (int r : targets) {
            Conn c = ranks.get(r);
            if (c == null) {
                call.outputs.put(r, "(rank " + r + " is not attached" + (finalized.contains(r) ? ": it has finalized" : "") + ")\n");
            } else {
                call.waiting.add(r);
                c.send(exec);
            }
        }
        shellCalls.put(call.id, call);
        completeShell(call);
    }

    private void completeShell(ShellCall call) {
        if (!call.waiting.isEmpty()) {
            return;
        }
        shellCalls.remove(call.id);
        for (Map.Entry<Integer, String> e : call.outputs.entrySet()) {
            call.client.send("OUT " + e.getKey() + " " + Wire.text(e.getValue()));
        }
        call.client.send("DONE 0 " + Wire.text(""));
    }

    private void tickShell(long now) {
        for (ShellCall call : List.copyOf(shellCalls.values())) {
            if (now >= call.deadline) {
                for (int r : call.waiting) {
                    call.outputs.put(r, "(no answer within " + SHELL_TIMEOUT_NANOS / 1_000_000_000L + " s)\n");
                }
                call.waiting.clear();
                completeShell(call);
            }
        }
    }

}
