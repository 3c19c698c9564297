package mana.ckpt.heap.internal;

import java.io.FileDescriptor;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * An open file of the application at the cut, as a restart reopens it: its path (absolute, as
 * opened), how it was opened (the open flags: read, write, append, sync), its position, its
 * length, and a CRC-32C of its first {@code checkedBytes} bytes (the whole file up to
 * {@link #CHECK_LIMIT}). A restart checks that the file still holds what it held at the cut, then
 * reopens it without truncating, seeks to the position, and (once the whole heap is read) cuts a
 * written file back to its length at the cut: what the first run wrote after the cut, the resumed
 * run writes again.
 *
 * <p>Linux only: the position and flags come from {@code /proc/self/fdinfo}, the identity of the
 * open file from {@code /proc/self/fd}.
 */
public record OpenFile(String path, int flags, long position, long length, long checkedBytes, int crc) {

    /** The prefix a checkpoint checksums: all of it up to this many bytes (-Dmana.files.checkBytes). */
    static final long CHECK_LIMIT = Long.getLong("mana.files.checkBytes", 64L << 20);

    static final int O_ACCMODE = 3;
    static final int O_WRONLY = 1;
    static final int O_RDWR = 2;
    static final int O_APPEND = 02000;
    static final int O_DSYNC = 010000;
    static final int O_SYNC = 04000000 | O_DSYNC;

    /** The file cannot be saved or reopened: the reason, worded for the user. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String message) {
            super(message);
        }
    }

    /** Opened for writing (or reading and writing): a restart truncates it back to {@link #length}. */
    public boolean written() {
        return (flags & O_ACCMODE) != 0;
    }

    public boolean append() {
        return (flags & O_APPEND) != 0;
    }

    /** The mode a {@link RandomAccessFile} reopens it with ("r", "rw", "rws", "rwd"). */
    public String rafMode() {
        if (!written()) {
            return "r";
        }
        return (flags & O_SYNC) == O_SYNC ? "rws" : (flags & O_DSYNC) != 0 ? "rwd" : "rw";
    }

    /** The options a {@link FileChannel} reopens it with: never CREATE nor TRUNCATE_EXISTING. */
    public OpenOption[] channelOptions() {
        List<OpenOption> o = new ArrayList<>();
        int acc = flags & O_ACCMODE;
        if (acc != O_WRONLY) {
            o.add(StandardOpenOption.READ);
        }
        if (acc != 0) {
            o.add(append() ? StandardOpenOption.APPEND : StandardOpenOption.WRITE);
        }
        if ((flags & O_SYNC) == O_SYNC) {
            o.add(StandardOpenOption.SYNC);
        } else if ((flags & O_DSYNC) != 0) {
            o.add(StandardOpenOption.DSYNC);
        }
        return o.toArray(OpenOption[]::new);
    }

    /**
     * The state of open file descriptor {@code fd}, opened as {@code path}; a written file is
     * synced first, so that what the checkpoint describes is on disk.
     */
    public static OpenFile at(FileDescriptor fd, int fdNumber, String path) throws Refused {
        if (path == null) {
            throw new Refused("an unnamed file (descriptor " + fdNumber + ", made from a FileDescriptor: a pipe or an inherited"
                    + " descriptor?): it cannot be reopened by name");
        }
        Path abs = Path.of(path).toAbsolutePath();
        if (abs.startsWith("/proc") || abs.startsWith("/sys")) {
            throw new Refused("file " + abs + " is the kernel's (/proc, /sys): its content and position are not saved");
        }
        Path link = Path.of("/proc/self/fd/" + fdNumber);
        String target;
        BasicFileAttributes open;
        try {
            target = Files.readSymbolicLink(link).toString();
            open = Files.readAttributes(link, BasicFileAttributes.class);
        } catch (IOException | UnsupportedOperationException e) {
            throw new Refused("file " + abs + ": cannot read /proc/self/fd/" + fdNumber + " (open files are saved on Linux only): " + e);
        }
        if (target.endsWith(" (deleted)")) {
            throw new Refused("file " + abs + " was deleted while open: it cannot be reopened by name");
        }
        if (!open.isRegularFile()) {
            throw new Refused("file " + abs + " is not a regular file (" + target + ": a pipe, device or socket): it cannot be reopened");
        }
        try {
            BasicFileAttributes named = Files.readAttributes(abs, BasicFileAttributes.class);
            if (!named.fileKey().equals(open.fileKey())) {
                throw new Refused("file " + abs + " no longer names the open file (renamed or replaced; the open one is " + target + ")");
            }
        } catch (IOException e) {
            throw new Refused("file " + abs + " no longer names the open file (" + e.getMessage() + ")");
        }
        long[] info = fdinfo(fdNumber);
        int flags = (int) info[1];
        long length = open.size();
        if ((flags & O_ACCMODE) != 0) {
            try {
                fd.sync();
            } catch (IOException e) {
                throw new Refused("file " + abs + ": cannot sync it for the checkpoint: " + e.getMessage());
            }
        }
        long checked = Math.min(length, CHECK_LIMIT);
        int crc;
        try {
            crc = crc(abs, checked);
        } catch (IOException e) {
            throw new Refused("file " + abs + ": cannot read it to checksum it: " + e.getMessage());
        }
        return new OpenFile(abs.toString(), flags, info[0], length, checked, crc);
    }

    /** The position and open flags of {@code fd}, from /proc/self/fdinfo. */
    static long[] fdinfo(int fd) throws Refused {
        long pos = -1;
        long flags = -1;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
                if (l.startsWith("pos:")) {
                    pos = Long.parseLong(l.substring(4).trim());
                } else if (l.startsWith("flags:")) {
                    flags = Long.parseLong(l.substring(6).trim(), 8);
                }
            }
        } catch (IOException | NumberFormatException e) {
            throw new Refused("cannot read /proc/self/fdinfo/" + fd + " (open files are saved on Linux only): " + e);
        }
        if (pos < 0 || flags < 0) {
            throw new Refused("/proc/self/fdinfo/" + fd + " has no position or flags");
        }
        return new long[] {pos, flags};
    }

    /**
     * Before reopening at a restart: the file is there and regular, holds at least the bytes it
     * had at the cut (a read-only file exactly as many), and their checksummed prefix is the same.
     */
    public void check() throws Refused {
        Path p = Path.of(path);
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new Refused("file " + path + " of the checkpoint is missing (" + e.getMessage() + ")");
        }
        if (!a.isRegularFile()) {
            throw new Refused("file " + path + " of the checkpoint is no longer a regular file");
        }
        if (a.size() < length || !written() && a.size() != length) {
            throw new Refused("file " + path + " changed since the checkpoint: " + a.size() + " bytes, " + length + " at the cut"
                    + (written() ? " (content written before the cut is gone)" : " (an input file must not change)"));
        }
        try {
            if (crc(p, checkedBytes) != crc) {
                throw new Refused("file " + path + " changed since the checkpoint: its first " + checkedBytes
                        + " bytes differ from those at the cut (CRC-32C)");
            }
        } catch (IOException e) {
            throw new Refused("file " + path + ": cannot read it to check it: " + e.getMessage());
        }
    }

    /** After the whole heap is read: a written file cut back to its length at the cut. */
    public void truncate() throws Refused {
        if (!written()) {
            return;
        }
        try (FileChannel c = FileChannel.open(Path.of(path), StandardOpenOption.WRITE)) {
            if (c.size() > length) {
                c.truncate(length);
            }
        } catch (IOException e) {
            throw new Refused("file " + path + ": cannot cut it back to its length at the checkpoint (" + length + " bytes): "
                    + e.getMessage());
        }
    }

    static int crc(Path p, long bytes) throws IOException {
        CRC32C c = new CRC32C();
        if (bytes == 0) {
            return (int) c.getValue();
        }
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 16);
            long left = bytes;
            long at = 0;
            while (left > 0) {
                b.clear().limit((int) Math.min(b.capacity(), left));
                int n = ch.read(b, at);
                if (n < 0) {
                    break; // shorter than it was: the CRC will differ
                }
                b.flip();
                c.update(b);
                at += n;
                left -= n;
            }
        }
        return (int) c.getValue();
    }
}
