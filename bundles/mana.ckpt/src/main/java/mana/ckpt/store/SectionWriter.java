package mana.ckpt.store;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes one section's payload to a stream. The stream computes the CRC32C on the fly and goes
 * straight to the file through a fixed buffer, so payloads of any size need no copy in memory.
 * The stream is in fact a {@link SectionOutputStream} (which also takes {@code ByteBuffer}s);
 * closing it is allowed and does nothing.
 */
@FunctionalInterface
public interface SectionWriter {
    void writeTo(OutputStream out) throws IOException;
}
