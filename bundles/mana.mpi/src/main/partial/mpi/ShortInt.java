package mpi;

/** Pair type of the MINLOC/MAXLOC operations. Its Struct layout comes with mana.wrappers.types. */
public final class ShortInt extends Struct {
    private final int valueSize;
    private final int intOffset;
    private final int intSize;

    protected ShortInt(int valueSize, int intOff, int intSize) {
        this.valueSize = valueSize;
        this.intOffset = intOff;
        this.intSize = intSize;
    }
}
