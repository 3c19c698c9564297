package mana.ckpt.engine;

/**
 * How a checkpoint attempt ended, the same on every rank.
 *
 * @param committed    true when checkpoint {@code seq} is complete on disk
 * @param seq          the checkpoint sequence number
 * @param bytes        bytes this rank wrote
 * @param drained      point-to-point messages this rank took off the network into its drain buffer
 * @param abortReason  null when committed; otherwise why the checkpoint was abandoned (the job
 *                     goes on), e.g. "communicator gid 100000002: ranks [0, 1] at collective 7, rank 2 at 6"
 */
public record CutOutcome(boolean committed, long seq, long bytes, long drained, String abortReason) {
}
