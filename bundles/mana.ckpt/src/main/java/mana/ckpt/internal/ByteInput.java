package mana.ckpt.internal;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import mana.core.desc.SavedInput;

/**
 * {@link DataInput} over a byte array (big-endian, as {@code DataOutput} writes): what a restart
 * reads its sections with. Unlike {@code DataInputStream} over a {@code ByteArrayInputStream} it
 * takes no lock per byte, and {@link #slice} gives a descriptor its bytes without copying them.
 */
final class ByteInput implements SavedInput.Bounded {
    private final byte[] b;
    private int pos;
    private final int end;

    ByteInput(byte[] b) {
        this(b, 0, b.length);
    }

    private ByteInput(byte[] b, int from, int end) {
        this.b = b;
        this.pos = from;
        this.end = end;
    }

    /** The next {@code n} bytes as an input of their own (reads past them fail); this one moves past them. */
    ByteInput slice(int n) throws IOException {
        need(n);
        ByteInput s = new ByteInput(b, pos, pos + n);
        pos += n;
        return s;
    }

    @Override
    public int remaining() {
        return end - pos;
    }

    private void need(int n) throws EOFException {
        if (n < 0 || n > end - pos) {
            throw new EOFException("needs " + n + " bytes, " + (end - pos) + " left");
        }
    }

    @Override
    public void readFully(byte[] dst) throws IOException {
        readFully(dst, 0, dst.length);
    }

    @Override
    public void readFully(byte[] dst, int off, int len) throws IOException {
        need(len);
        System.arraycopy(b, pos, dst, off, len);
        pos += len;
    }

    @Override
    public int skipBytes(int n) {
        int k = Math.max(0, Math.min(n, end - pos));
        pos += k;
        return k;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        need(1);
        return b[pos++];
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xff;
    }

    @Override
    public short readShort() throws IOException {
        need(2);
        short v = (short) (((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff));
        pos += 2;
        return v;
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xffff;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readShort();
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        int v = ((b[pos] & 0xff) << 24) | ((b[pos + 1] & 0xff) << 16) | ((b[pos + 2] & 0xff) << 8) | (b[pos + 3] & 0xff);
        pos += 4;
        return v;
    }

    @Override
    public long readLong() throws IOException {
        return ((long) readInt() << 32) | (readInt() & 0xffffffffL);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    @Override
    public String readLine() {
        throw new UnsupportedOperationException("readLine");
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
