package mpi;

/** Pair type of the MINLOC/MAXLOC operations. Its Struct layout comes with mana.wrappers.types. */
public final class DoubleInt extends Struct {
    private final int valueOffset;
    private final int intSize;

    protected DoubleInt(int intOff, int intSize) {
        this.valueOffset = intOff;
        this.intSize = intSize;
    }
}
