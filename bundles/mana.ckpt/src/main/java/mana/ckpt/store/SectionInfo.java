package mana.ckpt.store;

/**
 * Where a section lies in a rank file: its header starts at {@code headerOffset}, its payload
 * ({@code length} bytes) at {@code payloadOffset}, followed by the stored CRC32C of the payload.
 */
public record SectionInfo(String name, long headerOffset, long payloadOffset, long length, int storedCrc32c) {}
