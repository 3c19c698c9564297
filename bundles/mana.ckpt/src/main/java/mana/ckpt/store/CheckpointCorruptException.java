package mana.ckpt.store;

import java.nio.file.Path;

/**
 * A checkpoint file's content is damaged: a checksum mismatch, a truncation or an inconsistent
 * structure. Names the file, the section (if the damage is inside one) and the byte offsets.
 */
public class CheckpointCorruptException extends CheckpointException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String section;
    private final long offset;

    /**
     * @param file    the damaged file
     * @param section the section's name, or null when the damage is outside any section
     * @param offset  the byte offset where the damaged structure starts (-1 if unknown)
     * @param detail  what is wrong, including further offsets and the expected and actual values
     */
    public CheckpointCorruptException(Problem problem, Path file, String section, long offset, String detail) {
        super(problem, message(file, section, offset, detail));
        this.file = file;
        this.section = section;
        this.offset = offset;
    }

    private static String message(Path file, String section, long offset, String detail) {
        StringBuilder sb = new StringBuilder("corrupt checkpoint file ").append(file);
        if (section != null) sb.append(", section '").append(section).append('\'');
        if (offset >= 0) sb.append(" at offset ").append(offset);
        return sb.append(": ").append(detail).toString();
    }

    public Path file() {
        return file;
    }

    /** The damaged section's name, or null. */
    public String section() {
        return section;
    }

    /** Offset of the damaged structure in the file, or -1. */
    public long offset() {
        return offset;
    }
}
