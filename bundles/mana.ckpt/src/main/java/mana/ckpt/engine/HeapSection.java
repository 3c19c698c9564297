package mana.ckpt.engine;

/**
 * The state of a transparent checkpoint: the heap image of the captured main thread (bundle
 * mana.ckpt.heap makes and reads it). Passed to {@link RankCheckpointer#checkpoint} as the
 * application's state, it is written as a section of its own ({@code heap}, checksummed like the
 * others) instead of going through Java serialization; a restart gives it back as
 * {@link Restored#appState()}.
 */
public record HeapSection(byte[] image) {
}
