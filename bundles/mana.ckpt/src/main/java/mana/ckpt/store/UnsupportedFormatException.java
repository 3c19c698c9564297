package mana.ckpt.store;

import java.nio.file.Path;

/** The file is not a MANA checkpoint file, or has a format version this code does not read. */
public class UnsupportedFormatException extends CheckpointException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int foundVersion;

    /** @param foundVersion the version read from the file, or -1 when the magic itself is wrong */
    public UnsupportedFormatException(Path file, int foundVersion, String message) {
        super(Problem.FORMAT, message);
        this.file = file;
        this.foundVersion = foundVersion;
    }

    public Path file() {
        return file;
    }

    public int foundVersion() {
        return foundVersion;
    }
}
