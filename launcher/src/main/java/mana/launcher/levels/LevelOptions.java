package mana.launcher.levels;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import mana.launcher.UsageError;

/**
 * Checkpoint levels of {@code mana run}/{@code restart}: {@code --ckpt-local DIR} (node-local
 * folder, {@code %h} = the node's host name), {@code --ckpt-partner} (a copy of each rank file on
 * a rank of the next node), {@code --ckpt-flush-every K} (every K-th checkpoint, and the one of
 * {@code --exit}, also to the shared {@code --ckpt-dir}). Saved in {@code job.properties} so that
 * a restart keeps them; handed to the ranks as system properties.
 *
 * @param local      the local folder pattern, or null: no levels (every checkpoint to the shared root)
 * @param flushEvery K, or 0: only the checkpoint of {@code --exit} is flushed
 */
public record LevelOptions(String local, boolean partner, int flushEvery) {
    public static final LevelOptions NONE = new LevelOptions(null, false, 0);
    /** Without --ckpt-flush-every: every 10th checkpoint goes to the shared root. */
    public static final int DEFAULT_FLUSH_EVERY = 10;

    public static final String HELP = """
              --ckpt-local DIR       checkpoint levels: each rank writes its file into DIR on its
                                     node (node-local disk; %h is replaced by the node's host
                                     name); the manifest in --ckpt-dir stays the commit point
              --ckpt-partner         with --ckpt-local: also copy each rank's file over MPI to the
                                     rank of the same local index on the next node (survives
                                     the loss of any one node)
              --ckpt-flush-every K   with --ckpt-local: every K-th checkpoint and the one of
                                     --exit also go to the shared --ckpt-dir (default 10;
                                     0: only --exit)
            """;

    public boolean enabled() {
        return local != null;
    }

    /** Checks the options as given on the command line ({@code flushEvery} null: not given). */
    public static LevelOptions of(String command, String local, boolean partner, Integer flushEvery) throws UsageError {
        if (local == null) {
            if (partner) {
                throw new UsageError(command, "--ckpt-partner needs --ckpt-local DIR (the partner copies are kept there)");
            }
            if (flushEvery != null) {
                throw new UsageError(command, "--ckpt-flush-every needs --ckpt-local DIR (without it every checkpoint goes to --ckpt-dir)");
            }
            return NONE;
        }
        if (local.isBlank() || !Path.of(local.replace("%h", "h")).isAbsolute()) {
            throw new UsageError(command, "--ckpt-local expects an absolute folder (every node resolves it alone), not '" + local + "'");
        }
        return new LevelOptions(local, partner, flushEvery == null ? DEFAULT_FLUSH_EVERY : flushEvery);
    }

    /** Options given to restart win; with none given, the job's saved ones. */
    public LevelOptions orElse(LevelOptions saved) {
        return enabled() ? this : saved;
    }

    /** JVM options of every rank. */
    public List<String> rankJvmOptions() {
        List<String> out = new ArrayList<>();
        if (enabled()) {
            out.add("-Dmana.ckpt.local=" + local);
            out.add("-Dmana.ckpt.partner=" + partner);
            out.add("-Dmana.ckpt.flushEvery=" + flushEvery);
        }
        return out;
    }

    public void save(Properties p) {
        if (enabled()) {
            p.setProperty("ckpt.local", local);
            p.setProperty("ckpt.partner", Boolean.toString(partner));
            p.setProperty("ckpt.flushEvery", Integer.toString(flushEvery));
        }
    }

    /** The options saved in a checkpoint root's launch description (NONE when it has none or cannot be read). */
    public static LevelOptions load(Path launchFile) {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(launchFile)) {
            p.load(in);
            String local = p.getProperty("ckpt.local");
            if (local == null) {
                return NONE;
            }
            return new LevelOptions(local, Boolean.parseBoolean(p.getProperty("ckpt.partner")),
                    Integer.parseInt(p.getProperty("ckpt.flushEvery", Integer.toString(DEFAULT_FLUSH_EVERY))));
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    /** ", level partner: each rank takes its own local file, else its partner's copy" for a checkpoint with levels, else "". */
    public static String levelNote(mana.ckpt.store.Manifest m) {
        String level = m.properties().get("level");
        if (level == null) {
            return "";
        }
        return ", level " + level + ": each rank takes its own local file"
                + (m.properties().containsKey("rank.0.partner") ? ", else its partner's copy" : "")
                + ("shared".equals(level) ? ", else the shared root" : "");
    }

    /** For the launcher's messages. */
    public String describe() {
        if (!enabled()) {
            return "every checkpoint in the shared root";
        }
        return "node-local " + local + (partner ? " + partner copies" : "") + "; to the shared root: "
                + (flushEvery > 0 ? "checkpoints " + flushEvery + ", " + 2 * flushEvery + ", ... and " : "") + "the one of --exit";
    }
}
