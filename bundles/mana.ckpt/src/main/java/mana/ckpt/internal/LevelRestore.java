package mana.ckpt.internal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import mana.ckpt.store.CheckpointException;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.CheckpointStore;
import mana.ckpt.store.Manifest;
import mana.ckpt.store.RankFileInfo;
import mpi.MPIException;

/**
 * At a restart from a checkpoint with levels, finds for every rank the fastest sound copy of its
 * file: its own file in its node-local folder, else the partner copy on the node of its partner
 * at the cut (sent back over MPI by a rank now on that node, and kept as the rank's local file
 * again), else the shared root when the checkpoint reached it. Every copy is checked against the
 * manifest's size and CRC32C. Collective; the same decision on every rank.
 */
final class LevelRestore {
    /** The file this rank restarts from, or the agreed reason why the restart is refused; {@code report} is one line for rank 0 to print. */
    record Result(Path file, String problem, String report) {
    }

    private LevelRestore() {
    }

    /** Null when the checkpoint has no levels, or its manifest is left to the usual checks (its rank files are in {@code dir}). */
    static Result run(WorldExchange x, Path dir) throws MPIException {
        // A manifest that cannot be read, or of another world size, is left to the usual checks
        // (Restart.decode refuses it with the reason, as without levels).
        Manifest m = null;
        try {
            m = Manifest.read(dir.resolve(CheckpointFormat.MANIFEST_FILE));
        } catch (CheckpointException e) {
            m = null;
        }
        long mode = m == null || m.worldSize() != x.size ? -1 : m.properties().get(CheckpointStore.LEVEL) == null ? 0 : 1;
        long[][] modes = x.allGather(new long[] {mode});
        boolean levels = true;
        for (long[] v : modes) {
            levels &= v[0] == 1;
        }
        if (!levels) {
            return null;
        }
        Levels.Level level = Levels.Level.of(m.properties().get(CheckpointStore.LEVEL));
        String pattern = m.properties().get(Levels.LOCAL_DIR);
        String jobKey = m.properties().get(Levels.JOB_KEY);
        String[] hosts = x.allGatherStrings(Levels.host());
        Path local = Levels.localDir(pattern, hosts[x.rank], jobKey, m.seq());
        Path own = local.resolve(CheckpointFormat.rankFileName(x.rank));
        String ownWhy = Levels.unsound(own, m.ranks().get(x.rank), x.rank, x.size, m.seq());
        // partner copies this rank can vouch for: of ranks whose partner's node is this rank's node now
        List<Long> mine = new ArrayList<>();
        mine.add(ownWhy == null ? 1L : 0L);
        for (int q = 0; q < x.size; q++) {
            if (holderCandidate(m, hosts, q) == x.rank
                    && Levels.unsound(local.resolve(Levels.partnerFileName(q)), m.ranks().get(q), q, x.size, m.seq()) == null) {
                mine.add((long) q);
            }
        }
        long[][] all = x.allGather(mine.stream().mapToLong(Long::longValue).toArray());
        boolean[] ownSound = new boolean[x.size];
        int[] holder = new int[x.size];
        java.util.Arrays.fill(holder, -1);
        for (int r = 0; r < x.size; r++) {
            ownSound[r] = all[r][0] == 1;
            for (int i = 1; i < all[r].length; i++) {
                holder[(int) all[r][i]] = r;
            }
        }
        Levels.Copy[] copies = Levels.choose(ownSound, holder, level == Levels.Level.SHARED);
        String head = "checkpoint " + CheckpointFormat.checkpointDirName(m.seq()) + " (level " + level.key() + ")";
        List<String> lost = new ArrayList<>();
        for (int q = 0; q < x.size; q++) {
            if (copies[q] == Levels.Copy.NONE) {
                String ph = m.properties().get("rank." + q + ".partnerHost");
                lost.add("rank " + q + "'s file on " + m.properties().get("rank." + q + ".host")
                        + (ph != null ? " and its partner copy on " + ph + " are" : " is") + " gone or damaged");
            }
        }
        if (!lost.isEmpty()) {
            return new Result(null, head + ": " + String.join("; ", lost), null);
        }
        // lost local files come back from their partner copies
        List<FileTransfer.Out> outs = new ArrayList<>();
        List<FileTransfer.In> ins = new ArrayList<>();
        long largest = 0;
        for (int q = 0; q < x.size; q++) {
            if (copies[q] != Levels.Copy.PARTNER) {
                continue;
            }
            RankFileInfo info = m.ranks().get(q);
            largest = Math.max(largest, info.size());
            if (holder[q] == x.rank) {
                outs.add(new FileTransfer.Out(q, local.resolve(Levels.partnerFileName(q)), info.size()));
            }
            if (q == x.rank) {
                ins.add(new FileTransfer.In(holder[q], own, info.size(), info.crc32c()));
            }
        }
        String moved = x.agree(largest == 0 ? null : FileTransfer.run(x, outs, ins, FileTransfer.rounds(largest)));
        if (moved != null) {
            return new Result(null, head + ": sending partner copies back failed: " + moved, null);
        }
        Path file = switch (copies[x.rank]) {
            case SHARED -> dir.resolve(CheckpointFormat.rankFileName(x.rank));
            default -> own;
        };
        return new Result(file, null, head + ": " + describe(copies, holder, hosts));
    }

    /** The lowest rank now on the node that held rank q's partner copy at the cut, or -1. */
    private static int holderCandidate(Manifest m, String[] hosts, int q) {
        String h = m.properties().get("rank." + q + ".partnerHost");
        if (h == null) {
            return -1;
        }
        for (int r = 0; r < hosts.length; r++) {
            if (hosts[r].equals(h)) {
                return r;
            }
        }
        return -1;
    }

    /** "rank 0: own local file (node0); rank 1: partner copy from node0; ..." */
    static String describe(Levels.Copy[] copies, int[] holder, String[] hosts) {
        List<String> parts = new ArrayList<>();
        for (int q = 0; q < copies.length; q++) {
            String where = switch (copies[q]) {
                case OWN -> " (" + hosts[q] + ")";
                case PARTNER -> " from " + hosts[holder[q]];
                default -> "";
            };
            parts.add("rank " + q + ": " + copies[q].words + where);
        }
        return String.join("; ", parts);
    }
}
