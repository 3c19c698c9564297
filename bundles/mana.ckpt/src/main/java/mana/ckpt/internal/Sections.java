package mana.ckpt.internal;

/** Names of the sections the engine writes into a rank file (see FORMAT.md, "Engine sections"). */
final class Sections {
    static final int FORMAT = 2;
    static final String ENGINE = "engine";
    static final String TABLE = "table";
    static final String WORLD = "world";
    static final String REQUESTS = "requests";
    static final String DRAIN = "drain";
    static final String OBJECTS = "objects";
    /** The heap image of a transparent checkpoint (mana.ckpt.engine.HeapSection). */
    static final String HEAP = "heap";
    static final String DESCRIPTORS = "descriptors/";

    static String descriptors(String kindName) {
        return DESCRIPTORS + kindName;
    }

    private Sections() {
    }
}
