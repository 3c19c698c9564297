package mana.ckpt.store;

import java.util.Objects;

/** A named section to be written into a rank file: its payload comes from a {@link SectionWriter}. */
public record Section(String name, SectionWriter writer) {
    public Section {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(writer, "writer");
    }

    /** A section whose payload is the given bytes (not copied). */
    public static Section of(String name, byte[] payload) {
        Objects.requireNonNull(payload, "payload");
        return new Section(name, out -> out.write(payload));
    }

    /** A section whose payload is streamed by the callback. */
    public static Section streamed(String name, SectionWriter writer) {
        return new Section(name, writer);
    }
}
