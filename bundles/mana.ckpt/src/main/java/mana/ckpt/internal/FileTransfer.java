package mana.ckpt.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;
import mana.ckpt.store.CheckpointFormat;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * Rank files sent between ranks over the engine's private world duplicate, in 4 MiB chunks
 * (partner copies at a checkpoint, a lost file sent back from its partner copy at a restart).
 * The receiver writes {@code NAME.part}, forces it, checks size and CRC32C against what the
 * sender reported, and only then renames it. A rank that cannot read or write a file still sends
 * and receives every byte it owes, so no rank is left waiting; the caller agrees on the problems.
 */
final class FileTransfer {
    static final int CHUNK = 4 << 20;
    private static final int TAG = 0x4c56;

    /** A file this rank sends to {@code dest}. */
    record Out(int dest, Path file, long size) {
    }

    /** A file this rank receives from {@code source}: its size and CRC32C as the sender reported them. */
    record In(int source, Path target, long size, int crc32c) {
    }

    private FileTransfer() {
    }

    /** Chunks of the largest file any rank sends (every rank must pass the same value). */
    static long rounds(long largest) {
        return (largest + CHUNK - 1) / CHUNK;
    }

    /** Sends and receives the files; collective: every rank calls it with the same {@code rounds}. Returns this rank's problem or null. */
    static String run(WorldExchange x, List<Out> outs, List<In> ins, long rounds) throws MPIException {
        List<String> problems = new ArrayList<>();
        FileChannel[] readers = new FileChannel[outs.size()];
        ByteBuffer[] sendBuffers = new ByteBuffer[outs.size()];
        for (int i = 0; i < outs.size(); i++) {
            sendBuffers[i] = MPI.newByteBuffer((int) Math.min(CHUNK, Math.max(1, outs.get(i).size())));
            try {
                readers[i] = FileChannel.open(outs.get(i).file(), StandardOpenOption.READ);
            } catch (IOException e) {
                problems.add("cannot read " + outs.get(i).file() + ": " + e.getMessage());
            }
        }
        FileChannel[] writers = new FileChannel[ins.size()];
        CRC32C[] crcs = new CRC32C[ins.size()];
        for (int i = 0; i < ins.size(); i++) {
            crcs[i] = new CRC32C();
            try {
                Path part = part(ins.get(i).target());
                Files.createDirectories(part.getParent());
                Files.deleteIfExists(part);
                writers[i] = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            } catch (IOException e) {
                problems.add("cannot write " + ins.get(i).target() + ": " + e.getMessage());
            }
        }
        byte[] in = new byte[CHUNK];
        try {
            for (long c = 0; c < rounds; c++) {
                long offset = c * CHUNK;
                List<Request> sends = new ArrayList<>();
                for (int i = 0; i < outs.size(); i++) {
                    Out o = outs.get(i);
                    int n = chunk(o.size(), offset);
                    if (n == 0) {
                        continue;
                    }
                    ByteBuffer b = sendBuffers[i];
                    b.clear().limit(n);
                    if (readers[i] != null) {
                        try {
                            while (b.hasRemaining() && readers[i].read(b, offset + b.position()) >= 0) {
                                // read the whole chunk
                            }
                            if (b.hasRemaining()) {
                                throw new IOException("file ends before its reported size " + o.size());
                            }
                        } catch (IOException e) {
                            problems.add("cannot read " + o.file() + ": " + e.getMessage());
                            close(readers[i]);
                            readers[i] = null;
                        }
                    }
                    sends.add(x.world.iSend(b, n, MPI.BYTE, o.dest(), TAG));
                }
                for (int i = 0; i < ins.size(); i++) {
                    In t = ins.get(i);
                    int n = chunk(t.size(), offset);
                    if (n == 0) {
                        continue;
                    }
                    x.world.recv(in, n, MPI.BYTE, t.source(), TAG);
                    crcs[i].update(in, 0, n);
                    if (writers[i] != null) {
                        try {
                            ByteBuffer w = ByteBuffer.wrap(in, 0, n);
                            while (w.hasRemaining()) {
                                writers[i].write(w);
                            }
                        } catch (IOException e) {
                            problems.add("cannot write " + t.target() + ": " + e.getMessage());
                            close(writers[i]);
                            writers[i] = null;
                        }
                    }
                }
                for (Request r : sends) {
                    r.waitFor();
                    r.free();
                }
            }
        } finally {
            for (FileChannel r : readers) {
                close(r);
            }
        }
        for (int i = 0; i < ins.size(); i++) {
            In t = ins.get(i);
            if (writers[i] == null) {
                continue;
            }
            try (FileChannel w = writers[i]) {
                w.force(true);
            } catch (IOException e) {
                problems.add("cannot write " + t.target() + ": " + e.getMessage());
                continue;
            }
            int crc = (int) crcs[i].getValue();
            if (crc != t.crc32c()) {
                problems.add("the copy of rank " + t.source() + "'s file arrived with crc32c " + CheckpointFormat.hex(crc)
                        + ", sent with " + CheckpointFormat.hex(t.crc32c()));
                continue;
            }
            try {
                Files.move(part(t.target()), t.target(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                problems.add("cannot rename into " + t.target() + ": " + e.getMessage());
            }
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    private static Path part(Path target) {
        return target.resolveSibling(target.getFileName() + ".part");
    }

    private static int chunk(long size, long offset) {
        return (int) Math.max(0, Math.min(CHUNK, size - offset));
    }

    private static void close(FileChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // read side, or already reported
            }
        }
    }
}
