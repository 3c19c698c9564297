package mana.ckpt.store;

import java.nio.file.Path;
import java.util.List;

/** Thrown by {@link CheckpointStore#newestUsable}: no complete checkpoint may be used; lists why. */
public class NoUsableCheckpointException extends CheckpointException {
    private static final long serialVersionUID = 1L;

    private final transient List<Selection.Skipped> rejected;

    public NoUsableCheckpointException(Path root, List<Selection.Skipped> rejected, boolean strict) {
        super(Problem.NONE_USABLE, message(root, rejected, strict));
        this.rejected = List.copyOf(rejected);
    }

    private static String message(Path root, List<Selection.Skipped> rejected, boolean strict) {
        if (rejected.isEmpty()) return "no complete checkpoint in " + root;
        StringBuilder sb = new StringBuilder();
        if (strict) {
            sb.append("the newest complete checkpoint in ").append(root)
              .append(" cannot be used (strict: no fallback to an older one)");
        } else {
            sb.append("none of the ").append(rejected.size()).append(" complete checkpoint(s) in ")
              .append(root).append(" can be used");
        }
        for (Selection.Skipped s : rejected) sb.append("\n  ").append(s);
        return sb.toString();
    }

    /** The checkpoints that were examined and refused, newest first, each with its reason. */
    public List<Selection.Skipped> rejected() {
        return rejected;
    }
}
