package mana.ckpt.heap.rank;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * A test hook for checkpointing a program at a chosen moment ({@code -Dmana.transparent.holdAt=K}
 * in MANA_JAVA_OPTS): the main thread stops before its K-th cut point (blocking send, receive,
 * probe, wait, start of a non-blocking collective, or blocking collective on any communicator,
 * counted from MPI_Init; see WorldCuts.heldBefore), says so by creating the
 * file {@code <mana.transparent.holdFile>.<pid>} when that property is set, and waits, outside
 * MPI, until a checkpoint is requested, at most {@code mana.transparent.holdMs} (default 60 000)
 * ms; then it goes on as without the hook (the cut point takes part in the cut as usual). So a
 * checkpoint asked for once the file is there ({@code mana checkpoint JOB --exit}) is cut at or
 * after a rank's K-th cut point however fast the program runs, and a program that makes fewer
 * ends as usual (tools/compat/side-by-side --ckpt uses this). Every rank counts its own cut
 * points; the others take part in the cut as usual. 0 (the default): off.
 */
final class CutHold {

    private final long at;
    private final long holdNanos;
    private final BooleanSupplier requested;
    private final Path marker;
    private long seen;

    CutHold(long at, long holdMs, BooleanSupplier requested, Path marker) {
        this.at = at;
        this.holdNanos = holdMs * 1_000_000L;
        this.requested = requested;
        this.marker = marker;
    }

    /** From the system properties; null when off. */
    static CutHold fromProperties(BooleanSupplier requested) {
        long at = Long.getLong("mana.transparent.holdAt", 0);
        String file = System.getProperty("mana.transparent.holdFile");
        Path marker = file == null || file.isBlank() ? null : Path.of(file + "." + ProcessHandle.current().pid());
        return at > 0 ? new CutHold(at, Long.getLong("mana.transparent.holdMs", 60_000), requested, marker) : null;
    }

    /**
     * A cut point of main is reached: at the K-th, tells the marker file and waits until a
     * checkpoint is requested or the hold time is over. Returns whether this call held.
     */
    boolean reached() {
        if (++seen != at) {
            return false;
        }
        if (marker != null) {
            try {
                Files.writeString(marker, "held before cut point " + at + "\n");
            } catch (IOException e) {
                System.err.println("[mana] cannot create " + marker + ": " + e.getMessage());
            }
        }
        long end = System.nanoTime() + holdNanos;
        while (!requested.getAsBoolean()) {
            if (System.nanoTime() - end >= 0) {
                System.err.println("[mana] main held before cut point " + at + " for " + holdNanos / 1_000_000
                        + " ms: no checkpoint was requested; going on");
                return true;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
        return true;
    }

    /** Cut points reached so far. */
    long seen() {
        return seen;
    }
}
