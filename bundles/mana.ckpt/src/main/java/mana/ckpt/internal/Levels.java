package mana.ckpt.internal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import mana.ckpt.store.CheckpointException;
import mana.ckpt.store.CheckpointFormat;
import mana.ckpt.store.RankFileInfo;
import mana.ckpt.store.RankFileReader;

/**
 * Checkpoint levels (node-local file, partner copy on another node, shared root): the decisions
 * that need no MPI, so that a unit test can check them. The launcher hands the options to every
 * rank as system properties; the manifest in the shared root records where each copy is.
 */
final class Levels {
    static final String LOCAL_PROPERTY = "mana.ckpt.local";
    static final String PARTNER_PROPERTY = "mana.ckpt.partner";
    static final String FLUSH_PROPERTY = "mana.ckpt.flushEvery";
    /** Manifest properties (besides {@code level}): the local folder pattern and the job's key under it. */
    static final String LOCAL_DIR = "localDir";
    static final String JOB_KEY = "jobKey";

    enum Level {
        LOCAL, PARTNER, SHARED;

        String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Level of(String key) {
            return key == null ? null : valueOf(key.toUpperCase(Locale.ROOT));
        }
    }

    /** Where a rank's file came from at a restart. */
    enum Copy {
        OWN("own local file"), PARTNER("partner copy"), SHARED("shared root"), NONE("no sound copy");

        final String words;

        Copy(String words) {
            this.words = words;
        }
    }

    /**
     * The options of this job. {@code flushEvery} 0: only the checkpoint of {@code --exit} goes
     * to the shared root.
     */
    record Config(String localPattern, boolean partner, int flushEvery) {
        /** The options the launcher set on this rank, or null without {@code --ckpt-local}. */
        static Config fromSystem() {
            String local = System.getProperty(LOCAL_PROPERTY);
            if (local == null || local.isBlank()) {
                return null;
            }
            return new Config(local, Boolean.getBoolean(PARTNER_PROPERTY), Integer.getInteger(FLUSH_PROPERTY, 10));
        }

        /** The level of checkpoint {@code seq}: every K-th and the one of {@code --exit} go to the shared root. */
        Level levelOf(long seq, boolean exit) {
            if (exit || (flushEvery > 0 && seq % flushEvery == 0)) {
                return Level.SHARED;
            }
            return baseLevel();
        }

        /** The level of a checkpoint that is not flushed (before its background flush completes). */
        Level baseLevel() {
            return partner ? Level.PARTNER : Level.LOCAL;
        }
    }

    private Levels() {
    }

    /** This node's host name as the kernel has it (a simulated node's UTS namespace included). */
    static String host() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            if (!h.isEmpty()) {
                return h;
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux: ask the JDK
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    /** A short key of the checkpoint root, so that two jobs' files never mix in one local folder. */
    static String jobKey(Path root) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(root.toAbsolutePath().normalize().toString()
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The local folder of checkpoint {@code seq} on host {@code host}: {@code PATTERN(%h=host)/jobKey/ckpt-N}. */
    static Path localDir(String pattern, String host, String jobKey, long seq) {
        return Path.of(pattern.replace("%h", host)).resolve(jobKey).resolve(CheckpointFormat.checkpointDirName(seq));
    }

    static String partnerFileName(int rank) {
        return "partner-" + rank + ".mana";
    }

    /**
     * Each rank's partner: the rank with the same local index on the next node (nodes in the
     * order of their first rank; an index past the next node's count wraps), so a partner is
     * never on the same node. Null when all ranks are on one node.
     */
    static int[] partners(String[] hosts) {
        Map<String, List<Integer>> nodes = new LinkedHashMap<>();
        for (int r = 0; r < hosts.length; r++) {
            nodes.computeIfAbsent(hosts[r], h -> new ArrayList<>()).add(r);
        }
        if (nodes.size() < 2) {
            return null;
        }
        List<List<Integer>> order = new ArrayList<>(nodes.values());
        int[] out = new int[hosts.length];
        for (int n = 0; n < order.size(); n++) {
            List<Integer> mine = order.get(n);
            List<Integer> next = order.get((n + 1) % order.size());
            for (int i = 0; i < mine.size(); i++) {
                out[mine.get(i)] = next.get(i % next.size());
            }
        }
        return out;
    }

    /**
     * The copy each rank restarts from, fastest first: its own local file, else the partner copy
     * some rank holds ({@code holder[q]} is that rank, -1 if none), else the shared root (when the
     * checkpoint reached it), else none.
     */
    static Copy[] choose(boolean[] ownSound, int[] holder, boolean shared) {
        Copy[] out = new Copy[ownSound.length];
        for (int q = 0; q < out.length; q++) {
            out[q] = ownSound[q] ? Copy.OWN : holder[q] >= 0 ? Copy.PARTNER : shared ? Copy.SHARED : Copy.NONE;
        }
        return out;
    }

    /** Null when {@code file} is rank {@code rank}'s file of checkpoint {@code seq} as the manifest describes it, else why not. */
    static String unsound(Path file, RankFileInfo expected, int rank, int worldSize, long seq) {
        if (!Files.isRegularFile(file)) {
            return "gone";
        }
        try (RankFileReader r = RankFileReader.open(file)) {
            if (r.rank() != rank || r.worldSize() != worldSize || r.seq() != seq) {
                return "of another rank or checkpoint";
            }
            if (r.size() != expected.size()) {
                return r.size() + " bytes, the manifest says " + expected.size();
            }
            RankFileInfo actual = r.verify();
            if (actual.crc32c() != expected.crc32c()) {
                return "crc32c " + CheckpointFormat.hex(actual.crc32c()) + ", the manifest says " + CheckpointFormat.hex(expected.crc32c());
            }
            return null;
        } catch (CheckpointException e) {
            return "damaged (" + e.getMessage() + ")";
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }
}
