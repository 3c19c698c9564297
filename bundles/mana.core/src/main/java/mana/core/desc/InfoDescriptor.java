package mana.core.desc;

import java.util.LinkedHashMap;
import java.util.Map;
import mana.core.vid.Kind;

/**
 * An info object: its key/value pairs in insertion order, kept in step with the lower half's
 * object so a restart can make it again and pass the same hints again.
 */
public final class InfoDescriptor implements Descriptor {
    private final long sequence;
    private final LinkedHashMap<String, String> entries = new LinkedHashMap<>();

    public InfoDescriptor(Map<String, String> entries) {
        this(Sequence.next(), entries);
    }

    /** With an explicit creation sequence (a checkpoint loading a saved descriptor). */
    public InfoDescriptor(long sequence, Map<String, String> entries) {
        this.sequence = sequence;
        this.entries.putAll(entries);
    }

    @Override
    public int kind() {
        return Kind.INFO;
    }

    @Override
    public long sequence() {
        return sequence;
    }

    public synchronized void put(String key, String value) {
        entries.put(key, value);
    }

    public synchronized void remove(String key) {
        entries.remove(key);
    }

    /** A copy of the pairs, in insertion order. */
    public synchronized Map<String, String> entries() {
        return new LinkedHashMap<>(entries);
    }

    @Override
    public synchronized String summary() {
        return "info " + entries;
    }
}
