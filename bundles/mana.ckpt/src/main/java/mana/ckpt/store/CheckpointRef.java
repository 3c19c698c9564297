package mana.ckpt.store;

import java.nio.file.Path;

/** A committed checkpoint directory ({@code ckpt-<seq>}) under a store's root. */
public record CheckpointRef(long seq, Path dir) {
    public Path manifestFile() {
        return dir.resolve(CheckpointFormat.MANIFEST_FILE);
    }

    public Path rankFile(int rank) {
        return dir.resolve(CheckpointFormat.rankFileName(rank));
    }

    @Override
    public String toString() {
        return dir.getFileName() + " (seq " + seq + ")";
    }
}
