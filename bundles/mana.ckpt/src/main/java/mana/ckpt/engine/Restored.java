package mana.ckpt.engine;

/**
 * What a restart got back from a checkpoint.
 *
 * @param seq            the checkpoint it restarted from
 * @param safePointIndex the safe-point index of the cut
 * @param appState       the application's state as passed to the safe point (handles valid again)
 */
public record Restored(long seq, long safePointIndex, Object appState) {
}
