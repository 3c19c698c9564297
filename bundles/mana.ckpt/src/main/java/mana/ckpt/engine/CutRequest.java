package mana.ckpt.engine;

import java.nio.file.Path;

/**
 * One checkpoint to take, the same on every rank.
 *
 * @param seq            checkpoint sequence number (greater than every committed one)
 * @param root           the job's checkpoint root ({@code --ckpt-dir}); rank files go under it
 * @param keep           how many complete checkpoints to keep (default 2)
 * @param jobId          the job's id (recorded in the manifest)
 * @param safePointIndex the safe-point index of the cut (saved, returned at restart)
 * @param exit           the job ends after this checkpoint ({@code mana checkpoint --exit}): with
 *                       checkpoint levels it always goes to the shared root
 */
public record CutRequest(long seq, Path root, int keep, String jobId, long safePointIndex, boolean exit) {
    public CutRequest(long seq, Path root, int keep, String jobId, long safePointIndex) {
        this(seq, root, keep, jobId, safePointIndex, false);
    }
}
