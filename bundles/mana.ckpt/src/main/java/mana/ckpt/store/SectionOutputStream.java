package mana.ckpt.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The stream a {@link SectionWriter} writes one section's payload to. Computes the payload's
 * CRC32C as bytes pass and hands them to the rank file's fixed write buffer; large direct
 * {@link ByteBuffer}s go to the file without any copy. Valid only during the callback.
 */
public final class SectionOutputStream extends OutputStream {
    private final RankFileWriter writer;
    private final String name;
    private final CRC32C crc = new CRC32C();
    private long count;
    private boolean done;

    SectionOutputStream(RankFileWriter writer, String name) {
        this.writer = writer;
        this.name = name;
    }

    @Override
    public void write(int b) throws IOException {
        ensureOpen();
        crc.update(b);
        writer.putPayload(new byte[] {(byte) b}, 0, 1);
        count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        ensureOpen();
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        crc.update(b, off, len);
        writer.putPayload(b, off, len);
        count += len;
    }

    /** Writes the buffer's remaining bytes (consuming them), like {@code WritableByteChannel.write}. */
    public void write(ByteBuffer src) throws IOException {
        ensureOpen();
        int n = src.remaining();
        crc.update(src.duplicate());
        writer.putPayload(src);
        count += n;
    }

    /** Payload bytes written so far to this section. */
    public long bytesWritten() {
        return count;
    }

    /** Does nothing: the section ends when the callback returns. */
    @Override
    public void close() {}

    private void ensureOpen() throws IOException {
        if (done) throw new IOException("section '" + name + "' is already finished: write only inside its SectionWriter callback");
    }

    int finish() {
        done = true;
        return (int) crc.getValue();
    }
}
