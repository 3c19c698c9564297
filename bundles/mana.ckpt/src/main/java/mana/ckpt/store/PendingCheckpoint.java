package mana.ckpt.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import mana.ckpt.store.CheckpointException.Problem;

/**
 * A checkpoint being written: the temporary directory {@code .ckpt-<seq>.tmp/} that ranks write
 * their rank files into, from this JVM (any threads, one writer per rank) or from other processes
 * sharing the file system ({@link CheckpointStore#attachCheckpoint}). {@link #commit} makes it a
 * complete checkpoint; until then no reader sees it.
 */
public final class PendingCheckpoint {
    /** File in the temporary directory recording the job id and world size for attached handles. */
    static final String PENDING_FILE = "pending.properties";

    /** How much {@link #commit} re-checks of the rank files. */
    public enum Verify {
        /**
         * Re-read every rank file: check its structure, every section's CRC32C and the whole-file
         * CRC32C against what its writer reported. The default.
         */
        FULL,
        /**
         * For ranks whose writer reported size and CRC32C (in this JVM or through
         * {@link #recordRank}): check size, header and framing only, trusting the reported CRC32C.
         * Ranks without a report are always read in full.
         */
        QUICK
    }

    private final CheckpointStore store;
    private final long seq;
    private final int worldSize;
    private final String jobId;
    private final Path dir;
    private final Map<Integer, RankFileInfo> reported = new ConcurrentHashMap<>();
    private final Map<String, String> properties = new ConcurrentHashMap<>();
    private final AtomicLong bytesWritten = new AtomicLong();
    private volatile boolean ended;

    PendingCheckpoint(CheckpointStore store, long seq, int worldSize, String jobId, Path dir) {
        this.store = store;
        this.seq = seq;
        this.worldSize = worldSize;
        this.jobId = jobId;
        this.dir = dir;
    }

    static PendingCheckpoint create(CheckpointStore store, long seq, int worldSize, String jobId, Path dir) throws IOException {
        Files.createDirectory(dir);
        Properties p = new Properties();
        p.setProperty("jobId", jobId);
        p.setProperty("worldSize", Integer.toString(worldSize));
        p.setProperty("seq", Long.toString(seq));
        Path f = dir.resolve(PENDING_FILE);
        try (OutputStream out = Files.newOutputStream(f, StandardOpenOption.CREATE_NEW)) {
            p.store(out, "MANA checkpoint being written; removed at commit");
        }
        // No fsync: a temporary directory is discarded after a crash, so nothing in it needs to
        // survive one; the commit forces the rank files, the manifest and the directory.
        return new PendingCheckpoint(store, seq, worldSize, jobId, dir);
    }

    static PendingCheckpoint attach(CheckpointStore store, long seq, Path dir) throws CheckpointException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(dir.resolve(PENDING_FILE))) {
            p.load(in);
        } catch (NoSuchFileException e) {
            throw new CheckpointException(Problem.STATE, "no checkpoint seq " + seq + " is being written in "
                    + store.root() + " (no " + dir.getFileName() + "/" + PENDING_FILE + ")");
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read " + dir.resolve(PENDING_FILE) + ": " + e, e);
        }
        try {
            return new PendingCheckpoint(store, seq, Integer.parseInt(p.getProperty("worldSize")),
                    Objects.requireNonNull(p.getProperty("jobId")), dir);
        } catch (RuntimeException e) {
            throw new CheckpointException(Problem.CORRUPT, "unreadable " + dir.resolve(PENDING_FILE) + ": " + e, e);
        }
    }

    public long seq() {
        return seq;
    }

    public int worldSize() {
        return worldSize;
    }

    public String jobId() {
        return jobId;
    }

    /** The temporary directory. */
    public Path directory() {
        return dir;
    }

    /** A writer for this rank's file; call {@link RankFileWriter#finish()} when all sections are written. */
    public RankFileWriter openRank(int rank) throws IOException {
        ensureOpen();
        if (rank < 0 || rank >= worldSize) {
            throw new IllegalArgumentException("rank " + rank + " outside 0.." + (worldSize - 1) + " of checkpoint seq " + seq);
        }
        return new RankFileWriter(dir.resolve(CheckpointFormat.rankFileName(rank)), rank, worldSize, seq,
                info -> reported.put(info.rank(), info), bytesWritten);
    }

    /** Writes this rank's whole file from the sections, in order. */
    public RankFileInfo writeRank(int rank, List<Section> sections) throws IOException {
        try (RankFileWriter w = openRank(rank)) {
            for (Section s : sections) w.writeSection(s);
            return w.finish();
        }
    }

    /** Writes this rank's whole file from a map of name to payload, in the map's iteration order. */
    public RankFileInfo writeRank(int rank, Map<String, byte[]> sections) throws IOException {
        try (RankFileWriter w = openRank(rank)) {
            w.writeSections(sections);
            return w.finish();
        }
    }

    /** Records what a rank writing in another process reported (so QUICK commits can trust it). */
    public void recordRank(RankFileInfo info) {
        if (info.rank() < 0 || info.rank() >= worldSize) throw new IllegalArgumentException("rank " + info.rank() + " outside the world");
        if (!info.fileName().equals(CheckpointFormat.rankFileName(info.rank()))) {
            throw new IllegalArgumentException("rank " + info.rank() + " file must be named " + CheckpointFormat.rankFileName(info.rank()));
        }
        reported.put(info.rank(), info);
    }

    /** A property stored in the manifest. */
    public void setProperty(String key, String value) {
        properties.put(Objects.requireNonNull(key), Objects.requireNonNull(value));
    }

    /** Ranks whose file is complete (visible from any process: a rank file gets its final name only when done). */
    public Set<Integer> ranksDone() {
        Set<Integer> done = new TreeSet<>();
        for (int r = 0; r < worldSize; r++) {
            if (Files.exists(dir.resolve(CheckpointFormat.rankFileName(r)))) done.add(r);
        }
        return done;
    }

    /** Bytes written so far by rank writers of this handle (this JVM only), for progress display. */
    public long bytesWritten() {
        return bytesWritten.get();
    }

    /** {@code commit(Verify.FULL)}. */
    public CheckpointRef commit() throws CheckpointException {
        return commit(Verify.FULL);
    }

    /**
     * Makes this a complete checkpoint: checks that every rank file is there and sound (see
     * {@link Verify}), writes and forces the manifest (last), renames the directory to
     * {@code ckpt-<seq>} atomically, forces the root directory, then prunes to the store's keep
     * count. On failure nothing is committed and the previous checkpoint stays the newest; the
     * temporary directory is kept (a rank may still finish) until {@link #abort()} or the next
     * {@code beginCheckpoint}.
     */
    public synchronized CheckpointRef commit(Verify verify) throws CheckpointException {
        ensureOpenChecked();
        List<RankFileInfo> infos = new ArrayList<>(worldSize);
        List<Integer> missing = new ArrayList<>();
        for (int r = 0; r < worldSize; r++) {
            if (!Files.exists(dir.resolve(CheckpointFormat.rankFileName(r)))) missing.add(r);
        }
        if (!missing.isEmpty()) {
            throw new CheckpointException(Problem.MISSING_FILE, "cannot commit checkpoint seq " + seq + ": rank(s) "
                    + missing + " of " + worldSize + " have not written their file into " + dir);
        }
        for (int r = 0; r < worldSize; r++) infos.add(checkRank(r, verify));
        return writeManifestAndRename(infos);
    }

    private CheckpointRef writeManifestAndRename(List<RankFileInfo> infos) throws CheckpointException {
        Map<String, String> props = new LinkedHashMap<>(properties);
        Manifest m = new Manifest(CheckpointFormat.FORMAT_VERSION, jobId, seq, worldSize, Instant.now(), infos, props);
        Path target = store.root().resolve(CheckpointFormat.checkpointDirName(seq));
        try {
            if (Files.exists(target)) {
                throw new CheckpointException(Problem.STATE, "checkpoint seq " + seq + " is already committed: " + target);
            }
            Path mf = dir.resolve(CheckpointFormat.MANIFEST_FILE);
            try (FileChannel ch = FileChannel.open(mf, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.wrap(m.toBytes());
                while (b.hasRemaining()) ch.write(b);
                ch.force(true);
            }
            Files.delete(dir.resolve(PENDING_FILE));
            try (var leftovers = Files.list(dir)) {
                for (Path p : (Iterable<Path>) leftovers::iterator) {
                    if (p.getFileName().toString().endsWith(".part")) Files.delete(p);
                }
            }
            CheckpointStore.forceDirectory(dir);
            Files.move(dir, target, StandardCopyOption.ATOMIC_MOVE);
            CheckpointStore.forceDirectory(store.root());
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot commit checkpoint seq " + seq + " in " + store.root() + ": " + e, e);
        }
        ended = true;
        CheckpointRef ref = new CheckpointRef(seq, target);
        store.prune();
        return ref;
    }

    /**
     * Commits a checkpoint whose rank files were written elsewhere (node-local checkpoint levels):
     * the manifest, recording what every rank's writer reported ({@link #recordRank}), is the
     * commit point, written and renamed exactly as in {@link #commit(Verify)}. The caller has
     * made sure every copy the level needs is written and forced.
     */
    public synchronized CheckpointRef commitElsewhere() throws CheckpointException {
        ensureOpenChecked();
        List<RankFileInfo> infos = new ArrayList<>(worldSize);
        for (int r = 0; r < worldSize; r++) {
            RankFileInfo i = reported.get(r);
            if (i == null) {
                throw new CheckpointException(Problem.MISSING_FILE, "cannot commit checkpoint seq " + seq + ": rank " + r
                        + " reported no file");
            }
            infos.add(i);
        }
        return writeManifestAndRename(infos);
    }

    private RankFileInfo checkRank(int r, Verify verify) throws CheckpointException {
        Path f = dir.resolve(CheckpointFormat.rankFileName(r));
        RankFileInfo rep = reported.get(r);
        try (RankFileReader rd = RankFileReader.open(f)) {
            if (rd.rank() != r || rd.worldSize() != worldSize || rd.seq() != seq) {
                throw new CheckpointCorruptException(Problem.CORRUPT, f, null, 0, "header says rank " + rd.rank() + " of "
                        + rd.worldSize() + ", seq " + rd.seq() + "; expected rank " + r + " of " + worldSize + ", seq " + seq);
            }
            if (rep != null && verify == Verify.QUICK) {
                if (rd.size() != rep.size()) {
                    throw new CheckpointCorruptException(Problem.CORRUPT, f, null, -1, "file is " + rd.size()
                            + " bytes, its writer reported " + rep.size());
                }
                return rep;
            }
            RankFileInfo actual = rd.verify();
            if (rep != null && (rep.size() != actual.size() || rep.crc32c() != actual.crc32c())) {
                throw new CheckpointCorruptException(Problem.CHECKSUM, f, null, -1, "file has " + actual.size()
                        + " bytes, crc32c " + CheckpointFormat.hex(actual.crc32c()) + "; its writer reported "
                        + rep.size() + " bytes, crc32c " + CheckpointFormat.hex(rep.crc32c()));
            }
            return actual;
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot check " + f + ": " + e, e);
        }
    }

    /** Gives up this checkpoint: deletes the temporary directory. The previous checkpoint stays the newest. */
    public synchronized void abort() throws IOException {
        if (ended) return;
        ended = true;
        CheckpointStore.deleteTree(dir);
    }

    private void ensureOpen() throws IOException {
        ensureOpenChecked();
    }

    private void ensureOpenChecked() throws CheckpointException {
        if (ended) throw new CheckpointException(Problem.STATE, "checkpoint seq " + seq + " is already committed or aborted");
        if (!Files.isDirectory(dir)) {
            throw new CheckpointException(Problem.STATE, "checkpoint seq " + seq + " is no longer being written (" + dir
                    + " is gone: committed, aborted or cleaned by a newer checkpoint)");
        }
    }
}
