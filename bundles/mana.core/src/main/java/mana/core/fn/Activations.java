package mana.core.fn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Wrapper bundles added to a running job are switched on at the same point of the program on
 * every rank, so that no rank enters a collective of the new bundle while another still gets
 * "no installed wrapper bundle" and enters a different one (a hang).
 *
 * <p>The point is a count of <em>agreement events</em>, which every rank of an SPMD program
 * meets in the same order: each collective call on MPI_COMM_WORLD that a wrapper serves, and
 * each call that no active provider serves (it fails as unsupported, on every rank alike). A
 * provider bound after MPI_Init, while an {@link Agreement} is installed (a job of several ranks
 * with a coordinator), is <em>pending</em>: calls still fail as before. The coordinator asks
 * every rank for its event count ({@link #arm}); from then on a rank does not pass its next
 * event until it knows the target T = max(counts) + 1 ({@link #target}), so no rank is past T.
 * Right before event T each rank switches on the providers every rank has, and event T itself
 * already reaches them. Without an agreement (one rank, no coordinator) providers switch on at once.
 *
 * <p>Removal is agreed the same way ({@link #retire}): a provider whose bundle goes away keeps
 * serving until every rank has seen it go, and stops right before an agreed event, so that the
 * call at that event already falls back on every rank. Each collective on MPI_COMM_WORLD and each
 * call making a new MPI object served by a provider that was switched on by agreement is an event
 * too ({@link #counting}): the ranks
 * switched it on at the same event, so they count its calls alike, and a program that then only
 * calls the hot-added bundle (a loop of {@code createCart}) still reaches the point where it is
 * switched off.
 *
 * <p>Hot path: one atomic increment and one volatile read per event; events are world
 * collectives and failing calls, never point-to-point messages.
 */
public final class Activations {

    /** The rank's side of the agreement (the agent): told when providers start waiting. */
    public interface Agreement {
        /** Called (on the thread that bound a provider) when a provider starts waiting. */
        void pendingChanged();
    }

    /** A provider waiting to be switched on. */
    record Pending(String bundle, Class<?> type, Object provider, Runnable switchOn) {
        String key() {
            return key(bundle, type);
        }

        static String key(String bundle, Class<?> type) {
            return bundle + ":" + type.getSimpleName();
        }
    }

    /** How long a rank waits at its limit for the coordinator's target before going on without it. */
    static final long WAIT_LIMIT_SECONDS = 120;

    private static final AtomicLong EVENTS = new AtomicLong();
    private static final Object LOCK = new Object();
    /**
     * True while a round is armed or an agreed switch is still ahead: the only field the hot path
     * reads besides the counter.
     */
    private static volatile boolean attention;

    /** A provider whose bundle goes away, waiting for the point where every rank stops calling it. */
    record Leaving(String bundle, Class<?> type, Runnable switchOff, CountDownLatch done) {
    }

    /** Keys of providers leaving start with this, so that one round can switch some on and others off. */
    public static final String LEAVING_PREFIX = "-";

    /** An agreed switch: {@code keys} go on (or off, for leaving keys) right before event {@code at}. */
    private record Switch(long at, Set<String> keys) {
    }

    // guarded by LOCK
    private static Agreement agreement;
    private static final Map<String, Pending> PENDING = new LinkedHashMap<>();
    private static final Map<String, Leaving> LEAVING = new LinkedHashMap<>();
    private static final Map<String, String> ACTIVE = new TreeMap<>();
    private static final Map<String, String> REFUSED = new TreeMap<>();
    private static long round = -1;
    /** A round is open: this rank does not pass event {@link #limit} until its target is known. */
    private static boolean armed;
    private static long limit = Long.MAX_VALUE;
    /**
     * Agreed switches this rank has not reached yet. A round's target is queued here as soon as
     * it is known, so a later round (another bundle) never loses it.
     */
    private static final List<Switch> AHEAD = new ArrayList<>();

    /** One agreement event: a collective on MPI_COMM_WORLD that a wrapper serves. */
    public static void event() {
        long n = EVENTS.incrementAndGet();
        if (attention) {
            reached(n);
        }
    }

    /**
     * A provider switched on by agreement, as the function table is to hold it: each of its
     * collectives on MPI_COMM_WORLD and each call that makes a new MPI object is an agreement
     * event ({@link WorldCollectives}), and every
     * call goes to whatever serves {@code type} after that event (the provider itself, or what
     * replaces it if the event switched it off). A hot-added {@link CollProvider} is held as it
     * is: its wrappers count their world collectives themselves.
     */
    public static <T> T counting(Class<T> type, T provider) {
        if (type == CollProvider.class) {
            return provider;
        }
        java.util.Set<java.lang.reflect.Method> collectives = WorldCollectives.of(type);
        java.util.Set<java.lang.reflect.Method> makers = WorldCollectives.makers(type);
        return FunctionTable.standIn(type, provider, (method, args) -> {
            if (makers.contains(method) || WorldCollectives.onWorld(collectives, method, args)) {
                event();
            }
            return FunctionTable.serve(type, method, args);
        });
    }

    private static void reached(long n) {
        List<Runnable> switchOn;
        synchronized (LOCK) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_LIMIT_SECONDS);
            while (armed && n >= limit) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    System.err.println("[mana] no answer from the job coordinator about switching on "
                            + String.join(", ", PENDING.keySet()) + " within " + WAIT_LIMIT_SECONDS
                            + " s; going on without them");
                    endRound();
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(LOCK, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            switchOn = takeReached(n);
        }
        switchOn.forEach(Runnable::run);
        if (!switchOn.isEmpty()) {
            pendingChanged();
        }
    }

    /** The providers of every agreed switch at or before event {@code n}, taken from the waiting ones. */
    private static List<Runnable> takeReached(long n) {
        List<Runnable> out = new ArrayList<>();
        for (java.util.Iterator<Switch> it = AHEAD.iterator(); it.hasNext(); ) {
            Switch sw = it.next();
            if (n < sw.at()) {
                continue;
            }
            it.remove();
            for (String k : sw.keys()) {
                if (k.startsWith(LEAVING_PREFIX)) {
                    Leaving l = LEAVING.remove(k.substring(LEAVING_PREFIX.length()));
                    if (l != null) {
                        out.add(() -> {
                            try {
                                l.switchOff().run();
                            } finally {
                                l.done().countDown();
                            }
                        });
                        ACTIVE.put(k.substring(LEAVING_PREFIX.length()),
                                "removed on every rank at agreement event " + sw.at());
                    }
                    continue;
                }
                Pending p = PENDING.remove(k);
                if (p != null) {
                    out.add(p.switchOn());
                    ACTIVE.put(k, "active on every rank from agreement event " + sw.at());
                }
            }
        }
        attention = armed || !AHEAD.isEmpty();
        return out;
    }

    private static void endRound() {
        armed = false;
        limit = Long.MAX_VALUE;
        attention = !AHEAD.isEmpty();
        LOCK.notifyAll();
    }

    /** Starts agreeing on hot-added providers (the agent, after MPI_Init, when the job has a coordinator). */
    public static void agreeWith(Agreement a) {
        if (a == null) {
            finalizing(); // nothing can be agreed any more: what is leaving goes now
            return;
        }
        synchronized (LOCK) {
            agreement = a;
        }
    }

    /**
     * A provider bound by the function table's binder: waits for the agreement (returns true)
     * or, with none, is to be switched on at once by the caller (returns false).
     */
    public static boolean defer(String bundle, Class<?> type, Object provider, Runnable switchOn) {
        Agreement a;
        synchronized (LOCK) {
            a = agreement;
            if (a == null) {
                return false;
            }
            String key = Pending.key(bundle, type);
            PENDING.put(key, new Pending(bundle, type, provider, switchOn));
            ACTIVE.remove(key);
        }
        a.pendingChanged();
        return true;
    }

    /**
     * A provider that serves calls and whose bundle goes away (called by the function table's
     * binder as the bundle stops, on the thread that stops it, holding no lock the application
     * thread needs). With an agreement, waits until the ranks have agreed on the point where it
     * stops serving and the application thread has run {@code switchOff} there, and returns true.
     * Returns false when the caller is to switch it off at once: no agreement (one rank, no
     * coordinator, after MPI_Finalize), or none reached within {@link #WAIT_LIMIT_SECONDS}.
     */
    public static boolean retire(String bundle, Class<?> type, Runnable switchOff) {
        String key = Pending.key(bundle, type);
        Leaving l = new Leaving(bundle, type, switchOff, new CountDownLatch(1));
        Agreement a;
        synchronized (LOCK) {
            a = agreement;
            if (a == null) {
                return false;
            }
            LEAVING.put(key, l);
        }
        a.pendingChanged();
        boolean agreed = false;
        try {
            agreed = l.done().await(WAIT_LIMIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (LOCK) {
            if (!agreed && LEAVING.remove(key, l)) {
                System.err.println("[mana] " + bundle + " stops serving " + type.getSimpleName()
                        + " on this rank without the other ranks: no agreement within "
                        + WAIT_LIMIT_SECONDS + " s");
                ACTIVE.put(key, "removed on this rank alone (no agreement)");
                return false;
            }
        }
        awaitQuietly(l.done()); // the application thread is switching it off now
        return true;
    }

    /**
     * MPI_Finalize begins: no agreement event comes any more, so nothing waits for one. Providers
     * still leaving are switched off by this (the application) thread now.
     */
    public static void finalizing() {
        List<Leaving> off;
        synchronized (LOCK) {
            agreement = null;
            off = new ArrayList<>(LEAVING.values());
            LEAVING.clear();
            armed = false;
            limit = Long.MAX_VALUE;
            attention = !AHEAD.isEmpty();
            LOCK.notifyAll();
        }
        for (Leaving l : off) {
            try {
                l.switchOff().run();
            } finally {
                l.done().countDown();
            }
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A provider that goes away: true when it was still waiting (nothing else to undo). */
    public static boolean withdraw(String bundle, Class<?> type, Object provider) {
        synchronized (LOCK) {
            String key = Pending.key(bundle, type);
            Pending p = PENDING.get(key);
            if (p != null && p.provider() == provider) {
                PENDING.remove(key);
                return true;
            }
            ACTIVE.remove(key);
            return false;
        }
    }

    /**
     * The coordinator opens round {@code r}: from now on this rank stops before its next event
     * until the target is known. Returns this rank's event count.
     */
    public static long arm(long r) {
        synchronized (LOCK) {
            long n = EVENTS.get();
            round = r;
            limit = n + 1;
            armed = true;
            attention = true;
            return n;
        }
    }

    /**
     * The keys ({@code bundle:Type}) of the providers waiting to switch on on this rank, and
     * ({@code -bundle:Type}) of those waiting to switch off, sorted, comma-separated.
     */
    public static String pendingKeys() {
        synchronized (LOCK) {
            java.util.TreeSet<String> keys = new java.util.TreeSet<>(PENDING.keySet());
            LEAVING.keySet().forEach(k -> keys.add(LEAVING_PREFIX + k));
            return String.join(",", keys);
        }
    }

    /**
     * Round {@code r} agreed: switch {@code keys} on right before event {@code t}. The switch is
     * made by the application's thread when it reaches event t (it may be waiting there now),
     * never here: the call at event t must find the providers on, on every rank.
     */
    public static void target(long r, long t, Set<String> keys) {
        synchronized (LOCK) {
            if (r != round || !armed) {
                return;
            }
            AHEAD.add(new Switch(t, Set.copyOf(keys)));
            endRound(); // the rank goes on; it switches when it reaches t
        }
    }

    /** Round {@code r} (or any round, for -1) ends without switching anything on. */
    public static void cancel(long r) {
        synchronized (LOCK) {
            if (r == -1 || r == round) {
                endRound(); // agreed switches stay ahead: every rank has them
            }
        }
    }

    /** The coordinator refuses {@code bundle} (it cannot load on some rank): it never switches on. */
    public static void refuse(String bundle, String reason) {
        synchronized (LOCK) {
            PENDING.values().removeIf(p -> p.bundle().equals(bundle));
            REFUSED.put(bundle, reason);
        }
    }

    /** Per bundle: "waiting for the other ranks", "active ..." or "refused: ..." (for mana:functions). */
    public static Map<String, String> states() {
        Map<String, String> out = new TreeMap<>();
        synchronized (LOCK) {
            ACTIVE.forEach((k, v) -> out.put(k, v));
            PENDING.keySet().forEach(k -> out.put(k, AHEAD.stream().anyMatch(sw -> sw.keys().contains(k))
                    ? "switching on at agreement event " + AHEAD.stream().filter(sw -> sw.keys().contains(k))
                            .mapToLong(Switch::at).min().orElse(0)
                    : armed ? "waiting: the ranks are agreeing on the point to switch it on"
                    : "waiting for the other ranks to install it"));
            LEAVING.keySet().forEach(k -> out.put(k, AHEAD.stream().anyMatch(sw -> sw.keys().contains(LEAVING_PREFIX + k))
                    ? "leaving at agreement event " + AHEAD.stream().filter(sw -> sw.keys().contains(LEAVING_PREFIX + k))
                            .mapToLong(Switch::at).min().orElse(0)
                    : armed ? "leaving: the ranks are agreeing on the point to switch it off"
                    : "leaving: still serving until the other ranks remove it too"));
            REFUSED.forEach((b, why) -> out.put(b, "refused: " + why));
        }
        return out;
    }

    /** Events so far on this rank (for tests and mana:functions). */
    public static long events() {
        return EVENTS.get();
    }

    private static void pendingChanged() {
        Agreement a;
        synchronized (LOCK) {
            a = PENDING.isEmpty() && LEAVING.isEmpty() ? null : agreement;
        }
        if (a != null) {
            a.pendingChanged();
        }
    }

    /** For unit tests: forget everything. */
    static void reset() {
        synchronized (LOCK) {
            agreement = null;
            PENDING.clear();
            LEAVING.values().forEach(l -> l.done().countDown());
            LEAVING.clear();
            ACTIVE.clear();
            REFUSED.clear();
            round = -1;
            AHEAD.clear();
            endRound();
            EVENTS.set(0);
        }
    }

    private Activations() {
    }
}
