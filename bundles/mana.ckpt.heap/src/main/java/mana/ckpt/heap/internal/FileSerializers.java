package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.Closeable;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Open files in the heap, saved by path, open flags and position ({@link OpenFile}) and reopened
 * at a restart: {@code FileOutputStream}, {@code FileInputStream}, {@code RandomAccessFile} and
 * {@code FileChannel} (its own, or one a stream made: then as that stream's channel). The
 * wrappers over them (buffered writers, print streams, readers) are ordinary heap objects, saved
 * by fields with their pending bytes and chars. A standard stream's descriptor goes as itself, a
 * closed file as a closed object of the same class.
 */
final class FileSerializers {

    private static final byte STANDARD = 0;
    private static final byte CLOSED = 1;
    private static final byte OPEN = 2;
    private static final byte OF_PARENT = 3;
    private static final String NOWHERE = "/dev/null";

    private FileSerializers() {
    }

    /** The serializer for {@code type} if it is a file stream, channel or descriptor; else null. */
    static Serializer<?> forType(Class<?> type) {
        if (type == FileOutputStream.class || type == FileInputStream.class || type == RandomAccessFile.class) {
            return new FileStream();
        }
        if (type == FileDescriptor.class) {
            return new Descriptor();
        }
        if (type.getName().equals("sun.nio.ch.FileChannelImpl")) {
            return new Channel();
        }
        if (FileOutputStream.class.isAssignableFrom(type) || FileInputStream.class.isAssignableFrom(type)
                || RandomAccessFile.class.isAssignableFrom(type) || FileChannel.class.isAssignableFrom(type)) {
            return new HeapKryo.Refusing("an open file of class " + type.getName() + " (a subclass of a JDK file stream or channel):"
                    + " only the JDK's own are reopened");
        }
        return null;
    }

    /** FileOutputStream, FileInputStream, RandomAccessFile. */
    static final class FileStream extends Serializer<Closeable> {
        @Override
        public void write(Kryo kryo, Output out, Closeable s) {
            FileDescriptor fd = descriptor(s);
            int std = standard(fd);
            if (std >= 0) {
                out.writeByte(STANDARD);
                out.writeByte(std);
                return;
            }
            String path = (String) JdkFields.get(s, s.getClass(), "path");
            writeFile(out, s.getClass(), fd, path);
        }

        @Override
        public Closeable read(Kryo kryo, Input in, Class<? extends Closeable> type) {
            byte how = in.readByte();
            try {
                if (how == STANDARD) {
                    FileDescriptor fd = standard(in.readByte());
                    return type == FileOutputStream.class ? new FileOutputStream(fd) : new FileInputStream(fd);
                }
                if (how == CLOSED) {
                    String path = in.readString();
                    Closeable c = open(type, NOWHERE, null);
                    c.close();
                    if (path != null) {
                        JdkFields.set(c, type, "path", path);
                    }
                    return c;
                }
                OpenFile f = readChecked(kryo, in);
                return open(type, f.path(), f);
            } catch (IOException e) {
                throw new KryoException(HeapKryo.REFUSED + "cannot reopen a " + type.getName() + ": " + e.getMessage());
            }
        }

        /** A stream of {@code type} on {@code path}, at {@code f}'s position (f null: anyhow, to be closed). */
        private static Closeable open(Class<?> type, String path, OpenFile f) throws IOException {
            if (type == FileInputStream.class) {
                FileInputStream s = new FileInputStream(path);
                if (f != null) {
                    s.getChannel().position(f.position());
                }
                return s;
            }
            if (type == RandomAccessFile.class) {
                RandomAccessFile r = new RandomAccessFile(path, f == null ? "r" : f.rafMode());
                if (f != null) {
                    r.seek(f.position());
                }
                return r;
            }
            if (f == null || f.append()) {
                return new FileOutputStream(path, true); // O_APPEND: never truncates
            }
            // FileOutputStream(path, false) would truncate the file: open it through a RandomAccessFile
            // (read-write, never truncating) and make the stream over that descriptor, named as before
            RandomAccessFile r = new RandomAccessFile(path, f.rafMode());
            r.seek(f.position());
            FileOutputStream s = new FileOutputStream(r.getFD());
            JdkFields.set(s, FileOutputStream.class, "path", path);
            return s;
        }
    }

    /** A FileChannel: a stream's own (as that stream's getChannel()), or one FileChannel.open made. */
    static final class Channel extends Serializer<FileChannel> {
        @Override
        public void write(Kryo kryo, Output out, FileChannel c) {
            Object parent = JdkFields.get(c, c.getClass(), "parent");
            if (parent != null) {
                out.writeByte(OF_PARENT);
                kryo.writeClassAndObject(out, parent);
                return;
            }
            FileDescriptor fd = (FileDescriptor) JdkFields.get(c, c.getClass(), "fd");
            String path = (String) JdkFields.get(c, c.getClass(), "path");
            writeFile(out, c.getClass(), c.isOpen() ? fd : new FileDescriptor(), path);
        }

        @Override
        public FileChannel read(Kryo kryo, Input in, Class<? extends FileChannel> type) {
            byte how = in.readByte();
            try {
                if (how == OF_PARENT) {
                    Object p = kryo.readClassAndObject(in);
                    if (p instanceof FileOutputStream s) {
                        return s.getChannel();
                    } else if (p instanceof FileInputStream s) {
                        return s.getChannel();
                    } else if (p instanceof RandomAccessFile s) {
                        return s.getChannel();
                    }
                    throw new KryoException("a file channel of an unknown stream in the image: " + p);
                }
                if (how == CLOSED) {
                    in.readString();
                    FileChannel c = FileChannel.open(Path.of(NOWHERE), StandardOpenOption.READ);
                    c.close();
                    return c;
                }
                OpenFile f = readChecked(kryo, in);
                FileChannel c = FileChannel.open(Path.of(f.path()), f.channelOptions());
                c.position(f.position());
                return c;
            } catch (IOException e) {
                throw new KryoException(HeapKryo.REFUSED + "cannot reopen a file channel: " + e.getMessage());
            }
        }
    }

    /** A bare FileDescriptor: only the standard ones (a stream of System.out made from FileDescriptor.out). */
    static final class Descriptor extends Serializer<FileDescriptor> {
        @Override
        public void write(Kryo kryo, Output out, FileDescriptor fd) {
            int std = standard(fd);
            if (std < 0) {
                throw new KryoException(HeapKryo.REFUSED + "a file descriptor (java.io.FileDescriptor) other than in, out, err:"
                        + " only the streams and channels over a named file are reopened");
            }
            out.writeByte(std);
        }

        @Override
        public FileDescriptor read(Kryo kryo, Input in, Class<? extends FileDescriptor> type) {
            return standard(in.readByte());
        }
    }

    private static void writeFile(Output out, Class<?> type, FileDescriptor fd, String path) {
        if (!fd.valid()) {
            out.writeByte(CLOSED);
            out.writeString(path);
            return;
        }
        OpenFile f;
        try {
            f = OpenFile.at(fd, JdkFields.fdNumber(fd), path);
        } catch (OpenFile.Refused e) {
            throw new KryoException(HeapKryo.REFUSED + "an open file (" + type.getName() + "): " + e.getMessage());
        }
        out.writeByte(OPEN);
        out.writeString(f.path());
        out.writeVarInt(f.flags(), true);
        out.writeVarLong(f.position(), true);
        out.writeVarLong(f.length(), true);
        out.writeVarLong(f.checkedBytes(), true);
        out.writeInt(f.crc());
    }

    /** The saved file, checked against the file as it is now; noted for the truncation after the whole read. */
    private static OpenFile readChecked(Kryo kryo, Input in) {
        OpenFile f = new OpenFile(in.readString(), in.readVarInt(true), in.readVarLong(true), in.readVarLong(true),
                in.readVarLong(true), in.readInt());
        try {
            f.check();
        } catch (OpenFile.Refused e) {
            throw new KryoException(HeapKryo.REFUSED + e.getMessage());
        }
        ((HeapKryo) kryo).reopened(f);
        return f;
    }

    private static FileDescriptor descriptor(Closeable s) {
        try {
            if (s instanceof FileOutputStream o) {
                return o.getFD();
            } else if (s instanceof FileInputStream i) {
                return i.getFD();
            }
            return ((RandomAccessFile) s).getFD();
        } catch (IOException e) {
            throw new KryoException(HeapKryo.REFUSED + "an open file (" + s.getClass().getName() + ") without a descriptor: " + e);
        }
    }

    private static int standard(FileDescriptor fd) {
        return fd == FileDescriptor.in ? 0 : fd == FileDescriptor.out ? 1 : fd == FileDescriptor.err ? 2 : -1;
    }

    private static FileDescriptor standard(int which) {
        return switch (which) {
            case 0 -> FileDescriptor.in;
            case 1 -> FileDescriptor.out;
            case 2 -> FileDescriptor.err;
            default -> throw new KryoException("bad standard file descriptor in the image");
        };
    }
}
