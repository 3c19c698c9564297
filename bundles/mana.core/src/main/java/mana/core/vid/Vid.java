package mana.core.vid;

/**
 * The 32-bit virtual handle format: bits 28-31 kind, bits 24-27 generation, bits 0-23 slot.
 * Generation 0 marks a predefined handle (MPI.COMM_WORLD, MPI.INT, ...), whose slot indexes
 * the constants table; table handles cycle through generations 1 to 15.
 */
public final class Vid {
    public static final int NULL = 0;
    public static final int SLOT_BITS = 24;
    public static final int MAX_SLOT = (1 << SLOT_BITS) - 1;
    public static final int GENERATIONS = 16;
    public static final int PREDEFINED_GENERATION = 0;

    public static int make(int kind, int generation, int slot) {
        if (kind <= 0 || kind >= Kind.LIMIT || generation < 0 || generation >= GENERATIONS
                || slot < 0 || slot > MAX_SLOT) {
            throw new IllegalArgumentException("no virtual handle for kind " + kind + ", generation "
                    + generation + ", slot " + slot);
        }
        return (kind << 28) | (generation << SLOT_BITS) | slot;
    }

    public static int predefined(int kind, int index) {
        return make(kind, PREDEFINED_GENERATION, index);
    }

    public static int kind(int vid) {
        return vid >>> 28;
    }

    public static int generation(int vid) {
        return (vid >>> SLOT_BITS) & 0xF;
    }

    public static int slot(int vid) {
        return vid & MAX_SLOT;
    }

    public static boolean isPredefined(int vid) {
        return vid != NULL && generation(vid) == PREDEFINED_GENERATION;
    }

    /** Next generation for a reused slot, skipping the predefined marker. */
    public static int nextGeneration(int generation) {
        return generation >= GENERATIONS - 1 ? 1 : generation + 1;
    }

    public static String toString(int vid) {
        return String.format("0x%08x(%s gen=%d slot=%d)", vid, Kind.name(kind(vid)), generation(vid), slot(vid));
    }

    private Vid() {
    }
}
