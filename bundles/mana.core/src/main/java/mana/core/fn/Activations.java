package mana.core.fn;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
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
 * <p>Hot path: one atomic increment and one volatile read per event; events are collectives
 * and failing calls, never point-to-point messages.
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

    /** An agreed switch: {@code keys} go on right before event {@code at}. */
    private record Switch(long at, Set<String> keys) {
    }

    // guarded by LOCK
    private static Agreement agreement;
    private static final Map<String, Pending> PENDING = new LinkedHashMap<>();
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
     * A call that no active provider serves (an agreement event). Returns the provider of
     * {@code type} to call instead when reaching this event switched one on, else null (the
     * call fails as unsupported).
     */
    static Object missingCall(Class<?> type) {
        long n = EVENTS.incrementAndGet();
        if (attention) {
            reached(n);
        }
        return FunctionTable.isProvided(type) ? FunctionTable.current(type) : null;
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

    /** The keys ({@code bundle:Type}) of the providers waiting on this rank, sorted, comma-separated. */
    public static String pendingKeys() {
        synchronized (LOCK) {
            return String.join(",", new java.util.TreeSet<>(PENDING.keySet()));
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
            a = PENDING.isEmpty() ? null : agreement;
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
