package mana.ckpt.heap.rank;

import java.util.function.BooleanSupplier;

/**
 * A test hook for checkpointing a program at a chosen moment ({@code -Dmana.transparent.holdAt=K}
 * in MANA_JAVA_OPTS): the main thread takes no part in a cut before its K-th cut point (blocking
 * send, receive, probe, wait, or collective on MPI_COMM_WORLD, counted from MPI_Init; the calls
 * before it are made as without a request), stops before the K-th and waits, outside MPI, until a
 * checkpoint is requested, at most {@code mana.transparent.holdMs} (default 60 000) ms; from there
 * on it is a cut point as usual. So {@code mana checkpoint JOB --exit}, sent as soon as the job
 * runs, cuts a program at or after every rank's K-th cut point however fast it runs, and a
 * program that makes fewer ends as usual (tools/compat/side-by-side --ckpt uses this). Every rank
 * counts its own cut points. 0 (the default): off.
 */
final class CutHold {

    private final long at;
    private final long holdNanos;
    private final BooleanSupplier requested;
    private long seen;

    CutHold(long at, long holdMs, BooleanSupplier requested) {
        this.at = at;
        this.holdNanos = holdMs * 1_000_000L;
        this.requested = requested;
    }

    /** From the system properties; null when off. */
    static CutHold fromProperties(BooleanSupplier requested) {
        long at = Long.getLong("mana.transparent.holdAt", 0);
        return at > 0 ? new CutHold(at, Long.getLong("mana.transparent.holdMs", 60_000), requested) : null;
    }

    /**
     * A cut point of main is reached: true while it is before the K-th (not a cut point then);
     * at the K-th waits until a checkpoint is requested or the hold time is over.
     */
    boolean early() {
        if (++seen < at) {
            return true;
        }
        if (seen > at) {
            return false;
        }
        long end = System.nanoTime() + holdNanos;
        while (!requested.getAsBoolean()) {
            if (System.nanoTime() - end >= 0) {
                System.err.println("[mana] main held before cut point " + at + " for " + holdNanos / 1_000_000
                        + " ms: no checkpoint was requested; going on");
                return false;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** Cut points reached so far. */
    long seen() {
        return seen;
    }
}
