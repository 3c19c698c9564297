package mana.ckpt.store;

import java.io.IOException;

/**
 * A checkpoint (or one of its files) cannot be written, committed or used. {@link #problem()}
 * says what kind of problem it is, the message says where and why in words a user can act on.
 */
public class CheckpointException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Kinds of problems, so callers (the restart CLI, the coordinator) can react without parsing text. */
    public enum Problem {
        /** A rank file or the manifest is missing. */
        MISSING_FILE,
        /** The checkpoint was written by a job with a different number of ranks. */
        WORLD_SIZE_MISMATCH,
        /** A CRC32C does not match (section payload, file header, whole file, manifest). */
        CHECKSUM,
        /** A file ends before its structure says it should. */
        TRUNCATED,
        /** Not a MANA checkpoint file, or a format version this code does not read. */
        FORMAT,
        /** The structure is inconsistent (bad tag, negative length, fields contradicting the manifest...). */
        CORRUPT,
        /** The store is being used wrongly (sequence already committed, rank not written, ...). */
        STATE,
        /** No complete checkpoint could be used. */
        NONE_USABLE,
        /** An I/O error from the file system. */
        IO
    }

    private final Problem problem;

    public CheckpointException(Problem problem, String message) {
        super(message);
        this.problem = problem;
    }

    public CheckpointException(Problem problem, String message, Throwable cause) {
        super(message, cause);
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }

    /**
     * True when the files themselves are damaged (missing, truncated, checksum, structure): no
     * later attempt can use this checkpoint. A rank count or format version that does not match,
     * or an I/O error, says nothing about the files.
     */
    public boolean isDamage() {
        return problem == Problem.MISSING_FILE || problem == Problem.CHECKSUM || problem == Problem.TRUNCATED
                || problem == Problem.CORRUPT;
    }
}
