package mana.ckpt.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import mana.ckpt.store.CheckpointException.Problem;

/**
 * The checkpoints of one job under a root directory ({@code --ckpt-dir}):
 * <pre>
 *   root/ckpt-000007/manifest.mana, rank-0.mana, rank-1.mana, ...   complete (committed)
 *   root/.ckpt-000008.tmp/...                                       being written, or left by a crash
 *   root/.ckpt-000005.trash/...                                     being pruned
 *   root/.ckpt-000006.refused/...                                   damaged, set aside by a restart
 * </pre>
 * A checkpoint becomes visible only through the atomic rename of its temporary directory, after
 * every rank file and the manifest are on disk; the previous complete checkpoint is not touched
 * before that. After each commit the newest {@code keep} complete checkpoints are kept.
 * Temporary and trash directories left by crashes are ignored by readers and deleted by the next
 * {@link #beginCheckpoint}. A damaged checkpoint a restart had to skip is {@link #setAside set
 * aside}: kept for inspection, but no longer one of the {@code keep} newest, so the next commit
 * prunes neither the checkpoint the restart used nor an older good one in its place. One process
 * at a time begins and commits checkpoints for a root.
 */
public final class CheckpointStore {
    public static final int DEFAULT_KEEP = 2;

    private static final Pattern TRASH_DIR = Pattern.compile("\\.ckpt-(\\d{6,18})\\.trash");
    private static final Pattern REFUSED_DIR = Pattern.compile("\\.ckpt-(\\d{6,18})\\.refused(-\\d+)?");

    private final Path root;
    private final int keep;

    public CheckpointStore(Path root) {
        this(root, DEFAULT_KEEP);
    }

    public CheckpointStore(Path root, int keep) {
        if (keep < 1) throw new IllegalArgumentException("keep must be at least 1: " + keep);
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        this.keep = keep;
    }

    public Path root() {
        return root;
    }

    public int keep() {
        return keep;
    }

    /**
     * Starts checkpoint {@code seq}: deletes leftovers of crashed writes, creates the temporary
     * directory. {@code seq} must be greater than every committed one (see {@link #nextSeq()}).
     */
    public synchronized PendingCheckpoint beginCheckpoint(long seq, int worldSize, String jobId) throws IOException {
        if (seq <= 0) throw new IllegalArgumentException("checkpoint seq must be positive: " + seq);
        if (worldSize <= 0) throw new IllegalArgumentException("world size must be positive: " + worldSize);
        Objects.requireNonNull(jobId, "jobId");
        Files.createDirectories(root);
        cleanLeftovers();
        List<CheckpointRef> complete = listComplete();
        if (!complete.isEmpty() && complete.get(0).seq() >= seq) {
            throw new CheckpointException(Problem.STATE, "checkpoint seq " + seq + " is not newer than the newest committed one, "
                    + complete.get(0) + " in " + root + "; use seq " + nextSeq());
        }
        // No fsync of the root: a lost temporary directory is as if the checkpoint never began.
        return PendingCheckpoint.create(this, seq, worldSize, jobId, root.resolve(CheckpointFormat.tmpDirName(seq)));
    }

    /**
     * A handle on checkpoint {@code seq} begun by another process (the coordinator), for a rank
     * process to write its rank file into.
     */
    public PendingCheckpoint attachCheckpoint(long seq) throws CheckpointException {
        return PendingCheckpoint.attach(this, seq, root.resolve(CheckpointFormat.tmpDirName(seq)));
    }

    /**
     * One more than the largest sequence number committed here (1 for an empty root), set-aside
     * checkpoints included, so that no two checkpoints of a root ever share a number.
     */
    public long nextSeq() throws IOException {
        List<CheckpointRef> c = listComplete();
        long newest = c.isEmpty() ? 0 : c.get(0).seq();
        for (CheckpointRef r : listSetAside()) {
            newest = Math.max(newest, r.seq());
        }
        return newest + 1;
    }

    /**
     * Sets a damaged committed checkpoint aside: renames {@code ckpt-N} to {@code .ckpt-N.refused}
     * (atomically; its files are not touched), so readers, {@link #nextSeq()} aside, and pruning no
     * longer see it. Returns the new path.
     */
    public synchronized Path setAside(CheckpointRef ref) throws IOException {
        String base = String.format(".ckpt-%06d.refused", ref.seq());
        Path target = root.resolve(base);
        for (int i = 2; Files.exists(target); i++) {
            target = root.resolve(base + "-" + i);
        }
        Files.move(ref.dir(), target, StandardCopyOption.ATOMIC_MOVE);
        forceDirectory(root);
        return target;
    }

    /** Checkpoints {@link #setAside set aside}, newest first (their directories, under the set-aside names). */
    public List<CheckpointRef> listSetAside() throws IOException {
        return entries(name -> {
            java.util.regex.Matcher m = REFUSED_DIR.matcher(name);
            return m.matches() ? Long.parseLong(m.group(1)) : 0;
        });
    }

    /**
     * Committed checkpoints, newest (largest seq) first. Not verified: see {@link #newestUsable}.
     * Anything else named like one (a file {@code ckpt-000009}) is listed too, so that its number
     * is never used again and {@link #verify} says what it is; pruning never deletes it.
     */
    public List<CheckpointRef> listComplete() throws IOException {
        return entries(CheckpointFormat::parseCheckpointDir);
    }

    /** The entries of the root whose name {@code seqOf} gives a positive seq, newest first. */
    private List<CheckpointRef> entries(java.util.function.ToLongFunction<String> seqOf) throws IOException {
        List<CheckpointRef> out = new ArrayList<>();
        if (!Files.isDirectory(root)) return out;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            for (Path p : ds) {
                long seq = seqOf.applyAsLong(p.getFileName().toString());
                if (seq > 0) out.add(new CheckpointRef(seq, p));
            }
        }
        out.sort(Comparator.comparingLong(CheckpointRef::seq).reversed());
        return out;
    }

    /** Manifest property: the checkpoint level ({@code local}, {@code partner} or {@code shared}); absent without levels. */
    public static final String LEVEL = "level";

    /**
     * Manifest property: the thread level the program passed to {@code MPI.InitThread} (absent:
     * it called {@code MPI.Init}). A transparent restart resumes main past that call, so the
     * platform makes the same one.
     */
    public static final String INIT_THREAD = "initThreadRequired";

    /** True when the manifest's rank files are only on the nodes (level local or partner), not in the shared root. */
    public static boolean isNodeLocal(Manifest m) {
        String level = m.properties().get(LEVEL);
        return "local".equals(level) || "partner".equals(level);
    }

    public Manifest readManifest(CheckpointRef ref) throws CheckpointException {
        return Manifest.read(ref.manifestFile());
    }

    /**
     * Checks a committed checkpoint completely for a restart with {@code worldSize} ranks:
     * manifest (checksum, format, seq), rank count, presence and size of every rank file, then
     * every rank file's header, sections and whole-file CRC32C against the manifest. A checkpoint
     * of level {@code local} or {@code partner} has only its manifest here: its rank files are
     * checked by the ranks at MPI_Init, on their nodes.
     *
     * @return the manifest
     * @throws CheckpointException describing the first problem found ({@link CheckpointException#problem()})
     */
    public Manifest verify(CheckpointRef ref, int worldSize) throws CheckpointException {
        if (!Files.isDirectory(ref.dir())) {
            throw new CheckpointException(Problem.CORRUPT, ref.dir() + " is not a directory, so not a checkpoint"
                    + " (MANA writes each checkpoint as a directory): something else has its name");
        }
        Manifest m = readManifest(ref);
        if (m.seq() != ref.seq()) {
            throw new CheckpointCorruptException(Problem.CORRUPT, ref.manifestFile(), null, -1,
                    "manifest is for seq " + m.seq() + " but lies in " + ref.dir().getFileName());
        }
        if (m.worldSize() != worldSize) {
            throw new CheckpointException(Problem.WORLD_SIZE_MISMATCH, "checkpoint " + ref + " was taken with "
                    + m.worldSize() + " ranks; this job has " + worldSize + " ranks");
        }
        if (isNodeLocal(m)) {
            // the rank files are on the nodes' local disks: the ranks find and check them at MPI_Init
            return m;
        }
        try {
            for (RankFileInfo info : m.ranks()) {
                if (!info.fileName().equals(CheckpointFormat.rankFileName(info.rank()))) {
                    throw new CheckpointCorruptException(Problem.CORRUPT, ref.manifestFile(), null, -1,
                            "manifest names file '" + info.fileName() + "' for rank " + info.rank());
                }
                Path f = ref.dir().resolve(info.fileName());
                long size;
                try {
                    size = Files.size(f);
                } catch (NoSuchFileException e) {
                    throw new CheckpointException(Problem.MISSING_FILE, "checkpoint " + ref + ": rank " + info.rank()
                            + " file missing: " + f);
                }
                if (size != info.size()) {
                    throw new CheckpointCorruptException(size < info.size() ? Problem.TRUNCATED : Problem.CORRUPT, f, null, -1,
                            "file is " + size + " bytes, the manifest says " + info.size()
                                    + (size < info.size() ? " (truncated)" : ""));
                }
            }
            for (RankFileInfo info : m.ranks()) {
                Path f = ref.dir().resolve(info.fileName());
                try (RankFileReader rd = RankFileReader.open(f)) {
                    if (rd.rank() != info.rank() || rd.worldSize() != m.worldSize() || rd.seq() != m.seq()) {
                        throw new CheckpointCorruptException(Problem.CORRUPT, f, null, 0, "header says rank " + rd.rank()
                                + " of " + rd.worldSize() + ", seq " + rd.seq() + "; the manifest expects rank " + info.rank()
                                + " of " + m.worldSize() + ", seq " + m.seq());
                    }
                    RankFileInfo actual = rd.verify();
                    if (actual.crc32c() != info.crc32c()) {
                        throw new CheckpointCorruptException(Problem.CHECKSUM, f, null, -1, "whole-file crc32c "
                                + CheckpointFormat.hex(actual.crc32c()) + " differs from the manifest's "
                                + CheckpointFormat.hex(info.crc32c()) + " (every section checksum matched: the damage is in the framing)");
                    }
                }
            }
        } catch (CheckpointException e) {
            throw e;
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "cannot read checkpoint " + ref + ": " + e, e);
        }
        return m;
    }

    /**
     * The newest committed checkpoint that passes {@link #verify} for {@code worldSize} ranks.
     * Unless {@code strict}, a refused checkpoint is skipped (with its reason in
     * {@link Selection#skipped()}) and the next older one is tried; with {@code strict} only the
     * newest is considered.
     *
     * @throws NoUsableCheckpointException no checkpoint at all, or none usable; lists each refusal
     */
    public Selection newestUsable(int worldSize, boolean strict) throws IOException {
        List<Selection.Skipped> skipped = new ArrayList<>();
        for (CheckpointRef ref : listComplete()) {
            try {
                Manifest m = verify(ref, worldSize);
                return new Selection(ref, m, skipped);
            } catch (CheckpointException e) {
                skipped.add(new Selection.Skipped(ref, e));
                if (strict) throw new NoUsableCheckpointException(root, skipped, true);
            }
        }
        throw new NoUsableCheckpointException(root, skipped, strict);
    }

    /** A reader for one rank's file of a committed checkpoint (header checked; see also {@link #verify}). */
    public RankFileReader openRank(CheckpointRef ref, int rank) throws CheckpointException {
        RankFileReader rd = RankFileReader.open(ref.rankFile(rank));
        if (rd.rank() != rank || rd.seq() != ref.seq()) {
            try {
                rd.close();
            } catch (IOException ignored) {
                // reporting the mismatch matters more
            }
            throw new CheckpointCorruptException(Problem.CORRUPT, ref.rankFile(rank), null, 0, "header says rank " + rd.rank()
                    + ", seq " + rd.seq() + "; expected rank " + rank + ", seq " + ref.seq());
        }
        return rd;
    }

    /** Deletes temporary directories of unfinished writes and trash of interrupted prunes. */
    public synchronized void cleanLeftovers() throws IOException {
        if (!Files.isDirectory(root)) return;
        List<Path> doomed = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (CheckpointFormat.parseTmpDir(n) > 0 || TRASH_DIR.matcher(n).matches()) doomed.add(p);
            }
        }
        for (Path p : doomed) deleteTree(p);
    }

    /** Keeps the newest {@code keep} committed checkpoints; older ones are renamed to trash, then deleted. */
    synchronized void prune() throws CheckpointException {
        try {
            // only directories: something else named like a checkpoint is not MANA's to delete
            List<CheckpointRef> all = listComplete().stream()
                    .filter(r -> Files.isDirectory(r.dir(), LinkOption.NOFOLLOW_LINKS)).toList();
            for (CheckpointRef old : all.subList(Math.min(keep, all.size()), all.size())) {
                Path trash = root.resolve(String.format(".ckpt-%06d.trash", old.seq()));
                deleteTree(trash);
                // No fsync between: after a crash either the old checkpoint is still complete (one
                // more than K is kept) or its trash is removed by the next beginCheckpoint.
                Files.move(old.dir(), trash, StandardCopyOption.ATOMIC_MOVE);
                deleteTree(trash);
            }
        } catch (IOException e) {
            throw new CheckpointException(Problem.IO, "checkpoint committed, but pruning old checkpoints in " + root
                    + " failed: " + e, e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            List<Path> paths = s.sorted(Comparator.reverseOrder()).toList();
            for (Path p : paths) Files.deleteIfExists(p);
        }
    }

    /** fsync of a directory where the platform allows it (Linux does; Windows does not). */
    static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not possible on this platform/file system: the rename is still atomic
        }
    }
}
