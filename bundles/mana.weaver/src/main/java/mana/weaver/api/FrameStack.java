package mana.weaver.api;

import java.util.List;

/**
 * A captured main thread: its frames from the cut point (index 0) to {@code main} (last), and
 * the cut point's callee ({@code mpi/Comm.send}), whose call has not happened yet: a resume makes it.
 */
public final class FrameStack {
    private final FrameRecord[] frames;
    private final String cutOwner;
    private final String cutMethod;

    public FrameStack(List<FrameRecord> frames, String cutOwner, String cutMethod) {
        this.frames = frames.toArray(new FrameRecord[0]);
        this.cutOwner = cutOwner;
        this.cutMethod = cutMethod;
    }

    /** Innermost (the cut point's frame) first. */
    public List<FrameRecord> frames() {
        return List.of(frames);
    }

    public int depth() {
        return frames.length;
    }

    /** The call the cut stopped before, as {@code owner.method} with dots. */
    public String cutCall() {
        return cutOwner.replace('/', '.') + "." + cutMethod;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("at " + cutCall());
        for (FrameRecord f : frames) {
            b.append("\n  in ").append(f.where());
        }
        return b.toString();
    }
}
