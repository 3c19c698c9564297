package mana.ckpt.internal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import mana.ckpt.engine.CutRequest;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.PendingCheckpoint;
import mana.ckpt.store.RankFileWriter;
import mpi.MPIException;

/**
 * One cut with checkpoint levels: this rank writes its file into its node-local folder; at level
 * partner (and shared, when {@code --ckpt-partner} is on) it sends a copy to its partner on the
 * next node and keeps the copies it receives; at level shared it also copies its file into the
 * shared checkpoint being written. Rank 0 then commits the manifest in the shared root, which
 * records the level and every rank's host, partner and partner host: the commit point whatever
 * the level. Every step up to the commit is synchronous; the flush of every K-th checkpoint to the
 * shared root runs after the commit, in the background ({@link BackgroundFlush}), and rewrites the
 * manifest as level shared when every copy is there. The checkpoint of {@code --exit} is flushed
 * before its commit (the job ends right after it).
 */
final class LevelCut {
    private final WorldExchange x;
    private final CutRequest request;
    private final Levels.Config config;
    private final Levels.Level level;
    /** Flushed to the shared root after the commit, in the background. */
    private final boolean flushAfter;
    private final String jobKey;
    private String[] hosts;
    private int[] partners;

    LevelCut(WorldExchange x, CutRequest request, Levels.Config config) {
        this.x = x;
        this.request = request;
        this.config = config;
        Levels.Level wanted = config.levelOf(request.seq(), request.exit());
        this.flushAfter = wanted == Levels.Level.SHARED && !request.exit();
        this.level = flushAfter ? config.baseLevel() : wanted;
        this.jobKey = Levels.jobKey(request.root());
    }

    Levels.Level level() {
        return level;
    }

    /** Collective: learns every rank's host and picks partners. The same reason on every rank when the level cannot be had. */
    String prepare() throws MPIException {
        String flushed = BackgroundFlush.awaitPending(); // one flush at a time; the next commit may prune
        if (flushed != null) {
            System.err.println(flushed);
        }
        hosts = x.allGatherStrings(Levels.host());
        if (config.partner()) {
            partners = Levels.partners(hosts);
            if (partners == null) {
                return "--ckpt-partner needs ranks on two nodes or more; every rank is on " + hosts[0];
            }
        }
        return null;
    }

    private Path localDir() {
        return Levels.localDir(config.localPattern(), hosts[x.rank], jobKey, request.seq());
    }

    private Path ownFile() {
        return localDir().resolve(CheckpointFormat.rankFileName(x.rank));
    }

    /** A writer of this rank's file in its node-local folder (a leftover of an abandoned attempt is replaced). */
    RankFileWriter openOwn() throws IOException {
        Path f = ownFile();
        Files.createDirectories(f.getParent());
        Files.deleteIfExists(f);
        return RankFileWriter.create(f, x.rank, x.size, request.seq());
    }

    /**
     * Collective, after every rank wrote its own file ({@code written[r]} = size, CRC32C): the
     * partner copies, then (level shared) the copy into the shared checkpoint. This rank's problem or null.
     */
    String afterWrite(PendingCheckpoint pending, long[][] written, Phases phases) throws MPIException {
        List<String> problems = new ArrayList<>();
        if (partners != null) {
            List<FileTransfer.Out> outs = List.of(new FileTransfer.Out(partners[x.rank], ownFile(), written[x.rank][0]));
            List<FileTransfer.In> ins = new ArrayList<>();
            long largest = 0;
            for (int q = 0; q < x.size; q++) {
                largest = Math.max(largest, written[q][0]);
                if (partners[q] == x.rank) {
                    ins.add(new FileTransfer.In(q, localDir().resolve(Levels.partnerFileName(q)), written[q][0], (int) written[q][1]));
                }
            }
            String p = FileTransfer.run(x, outs, ins, FileTransfer.rounds(largest));
            if (p != null) {
                problems.add(p);
            }
            phases.phase("level: partner copies");
        }
        if (level == Levels.Level.SHARED) {
            try {
                copyForced(ownFile(), pending.directory().resolve(CheckpointFormat.rankFileName(x.rank)));
            } catch (IOException e) {
                problems.add("cannot copy " + ownFile() + " to the shared root: " + e);
            }
            phases.phase("level: flush to the shared root");
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    /** This rank, its node-local folder of this job and the root of the last checkpoint it committed, for the clean-up at job end. */
    private record Committed(int rank, Path localJobDir, Path root) {
    }

    private static volatile Committed lastCommitted;

    /** After the commit: starts this rank's background flush when the checkpoint is a K-th one. */
    void flushInBackground() {
        lastCommitted = new Committed(x.rank, localDir().getParent(), request.root());
        if (flushAfter) {
            BackgroundFlush.start(x.rank, x.size, ownFile(), request.root().resolve(CheckpointFormat.checkpointDirName(request.seq())),
                    request.seq());
        }
    }

    /**
     * At job end (MPI_Finalize, after the pending flush): when the newest checkpoint in the root is
     * of level shared, a restart needs nothing from the nodes, so this node's folder of the job is
     * removed (every rank of the node tries; the first wins). Otherwise the folder is kept: the
     * newest checkpoint lives there. The line to print, or null.
     */
    static String cleanUpAtJobEnd() {
        Committed last = lastCommitted;
        return last == null ? null : cleanUp(last);
    }

    static String cleanUp(int rank, Path localJobDir, Path root) {
        return cleanUp(new Committed(rank, localJobDir, root));
    }

    private static String cleanUp(Committed last) {
        Path newest = null;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(last.root(), "ckpt-*")) {
            for (Path p : ds) {
                if (CheckpointFormat.parseCheckpointDir(p.getFileName().toString()) > 0
                        && (newest == null || p.getFileName().toString().compareTo(newest.getFileName().toString()) > 0)) {
                    newest = p;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        String level = null;
        try {
            level = newest == null ? null : mana.ckpt.store.Manifest.read(newest.resolve(CheckpointFormat.MANIFEST_FILE))
                    .properties().get(CheckpointStore.LEVEL);
        } catch (mana.ckpt.store.CheckpointException e) {
            level = null;
        }
        if (!Levels.Level.SHARED.key().equals(level)) {
            return last.rank() == 0 && newest != null ? "[mana] node-local checkpoint folders kept (the newest checkpoint, "
                    + newest.getFileName() + ", is of level " + level + ")" : null;
        }
        deleteTree(last.localJobDir());
        return null;
    }

    /** Rank 0, before the commit: what the manifest records about the levels. */
    void describe(PendingCheckpoint pending) {
        pending.setProperty(CheckpointStore.LEVEL, level.key());
        pending.setProperty(Levels.LOCAL_DIR, config.localPattern());
        pending.setProperty(Levels.JOB_KEY, jobKey);
        for (int r = 0; r < x.size; r++) {
            pending.setProperty("rank." + r + ".host", hosts[r]);
            if (partners != null) {
                pending.setProperty("rank." + r + ".partner", Integer.toString(partners[r]));
                pending.setProperty("rank." + r + ".partnerHost", hosts[partners[r]]);
            }
        }
    }

    /**
     * After a commit: removes this node's local folders of checkpoints the shared root no longer
     * has (pruned, or never committed). Ranks of one node may race here: a folder another rank
     * removed first is fine.
     */
    void pruneLocal() {
        Path jobDir = localDir().getParent();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(jobDir)) {
            for (Path p : ds) {
                long seq = CheckpointFormat.parseCheckpointDir(p.getFileName().toString());
                if (seq > 0 && seq < request.seq() && !Files.isDirectory(request.root().resolve(p.getFileName()))) {
                    deleteTree(p);
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // a later commit tries again
        }
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException ignored) {
            // another rank of this node removed it first
        }
    }

    /** Copies {@code from} to {@code to} by way of {@code to.part}, forced before the rename. */
    static void copyForced(Path from, Path to) throws IOException {
        Path part = to.resolveSibling(to.getFileName() + ".part");
        Files.copy(from, part, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel ch = FileChannel.open(part, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
        Files.move(part, to, StandardCopyOption.ATOMIC_MOVE);
    }
}
