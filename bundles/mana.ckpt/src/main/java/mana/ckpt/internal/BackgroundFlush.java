package mana.ckpt.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.RankFileInfo;

/**
 * The flush of a committed checkpoint (level local or partner) to the shared root, off the
 * application's thread: each rank copies its node-local file into the committed
 * {@code ROOT/ckpt-N/} (by way of {@code .part}, forced, renamed); rank 0 then waits for every
 * rank's copy, checks each against the manifest's size and CRC32C and rewrites the manifest with
 * {@code level=shared} (temp + force + rename, so a crash leaves the old manifest, which still
 * points at the node-local copies). No MPI here: the ranks meet only through the shared file
 * system, so the thread never races the application's MPI calls.
 */
final class BackgroundFlush {
    /** How long rank 0 waits for the other ranks' copies before it leaves the checkpoint at its level. */
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(Long.getLong("mana.ckpt.flushWaitSeconds", 600));
    private static final String FAILED_SUFFIX = ".flush-failed";

    private static BackgroundFlush current;

    private final Thread thread;
    private volatile String outcome;

    private BackgroundFlush(Runnable work, long seq) {
        this.thread = new Thread(work, "mana-flush-" + CheckpointFormat.checkpointDirName(seq));
        this.thread.setDaemon(false);
    }

    /** Starts the flush of this rank's {@code ownFile} into the committed {@code committedDir}; rank 0 also rewrites the manifest. */
    static synchronized void start(int rank, int worldSize, Path ownFile, Path committedDir, long seq) {
        BackgroundFlush[] self = new BackgroundFlush[1];
        Runnable work = () -> self[0].outcome = flush(rank, worldSize, ownFile, committedDir, seq);
        self[0] = new BackgroundFlush(work, seq);
        current = self[0];
        self[0].thread.start();
    }

    /**
     * Waits for the pending flush, if any (before the next cut and at MPI_Finalize). Returns its
     * outcome for rank 0 to print, or null.
     */
    static String awaitPending() {
        BackgroundFlush f;
        synchronized (BackgroundFlush.class) {
            f = current;
            current = null;
        }
        if (f == null) {
            return null;
        }
        boolean interrupted = false;
        while (true) {
            try {
                f.thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true; // the flush is bounded by WAIT_NS: finish waiting, then say so
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return f.outcome;
    }

    private static String flush(int rank, int worldSize, Path ownFile, Path dir, long seq) {
        Path mine = dir.resolve(CheckpointFormat.rankFileName(rank));
        try {
            LevelCut.copyForced(ownFile, mine);
        } catch (IOException | RuntimeException e) {
            try {
                Files.writeString(dir.resolve(CheckpointFormat.rankFileName(rank) + FAILED_SUFFIX), e.toString());
            } catch (IOException | RuntimeException ignored) {
                // rank 0 then waits until WAIT_NS and leaves the level as it is
            }
            return "[mana] rank " + rank + ": flush of " + CheckpointFormat.checkpointDirName(seq) + " failed: " + e;
        }
        return rank == 0 ? promote(worldSize, dir, seq) : null;
    }

    /** Rank 0: waits for every rank's copy, checks them, rewrites the manifest as level shared. The line to print. */
    static String promote(int worldSize, Path dir, long seq) {
        String name = CheckpointFormat.checkpointDirName(seq);
        long deadline = System.nanoTime() + WAIT_NS;
        long pauseMs = 5;
        for (int r = 0; r < worldSize; r++) {
            Path f = dir.resolve(CheckpointFormat.rankFileName(r));
            while (!Files.isRegularFile(f)) {
                if (Files.exists(dir.resolve(CheckpointFormat.rankFileName(r) + FAILED_SUFFIX))) {
                    return "[mana] flush of " + name + " to the shared root failed on rank " + r + "; it stays at its level";
                }
                if (!Files.isDirectory(dir) || System.nanoTime() > deadline) {
                    return "[mana] flush of " + name + ": rank " + r + "'s copy did not arrive; it stays at its level";
                }
                try {
                    Thread.sleep(pauseMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return "[mana] flush of " + name + " interrupted; it stays at its level";
                }
                pauseMs = Math.min(200, pauseMs * 2);
            }
        }
        try {
            Path mf = dir.resolve(CheckpointFormat.MANIFEST_FILE);
            Manifest m = Manifest.read(mf);
            for (int r = 0; r < worldSize; r++) {
                RankFileInfo info = m.ranks().get(r);
                String why = Levels.unsound(dir.resolve(info.fileName()), info, r, worldSize, seq);
                if (why != null) {
                    return "[mana] flush of " + name + ": rank " + r + "'s copy in the shared root is " + why
                            + "; it stays at its level";
                }
            }
            Map<String, String> props = new HashMap<>(m.properties());
            props.put(CheckpointStore.LEVEL, Levels.Level.SHARED.key());
            Manifest shared = new Manifest(m.formatVersion(), m.jobId(), m.seq(), m.worldSize(), m.created(), m.ranks(), props);
            replaceAtomically(mf, shared.toBytes());
            return null;
        } catch (IOException | RuntimeException e) {
            return "[mana] flush of " + name + ": cannot rewrite its manifest (" + e.getMessage() + "); it stays at its level";
        }
    }

    /** Writes {@code target.tmp}, forces it, renames it over {@code target} and forces the folder. */
    static void replaceAtomically(Path target, byte[] bytes) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                ch.write(b);
            }
            ch.force(true);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel d = FileChannel.open(target.getParent(), StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException ignored) {
            // some file systems cannot force a folder; the rename is atomic all the same
        }
    }
}
