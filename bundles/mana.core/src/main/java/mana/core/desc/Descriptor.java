package mana.core.desc;

/**
 * What a restart needs to make one MPI object again. Every descriptor knows its kind
 * ({@link mana.core.vid.Kind}) and its creation sequence number, which orders reconstruction.
 */
public interface Descriptor {
    int kind();

    /** Creation sequence number; the same on every rank for collectively created objects. */
    long sequence();

    /** A one-line human summary (for the shell). */
    String summary();
}
