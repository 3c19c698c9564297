package mana.ckpt.store;

import java.util.List;

/**
 * Result of {@link CheckpointStore#newestUsable}: the checkpoint chosen (verified), its manifest,
 * and the newer checkpoints that were skipped with the reason for each.
 */
public record Selection(CheckpointRef chosen, Manifest manifest, List<Skipped> skipped) {
    public Selection {
        skipped = List.copyOf(skipped);
    }

    /** A checkpoint that was examined and refused. */
    public record Skipped(CheckpointRef ref, CheckpointException reason) {
        @Override
        public String toString() {
            return ref + ": " + reason.problem() + ": " + reason.getMessage();
        }
    }

    /** One line per skipped checkpoint, then the chosen one; for the restart CLI. */
    public String describe() {
        StringBuilder sb = new StringBuilder();
        for (Skipped s : skipped) sb.append("skipped ").append(s).append('\n');
        sb.append("using ").append(chosen).append(", job ").append(manifest.jobId())
          .append(", ").append(manifest.worldSize()).append(" ranks, created ").append(manifest.created());
        return sb.toString();
    }
}
