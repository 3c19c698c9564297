package mana.core.desc;

/**
 * Where the elements of a datatype lie, in bytes from the start of the buffer: what MPI reads
 * or writes for {@code count} elements placed {@code displacement} bytes in. Wrappers check
 * direct buffers against it, since MPI is handed their address and nothing else.
 *
 * @param trueLb     the first byte one element touches (MPI_Type_get_true_extent)
 * @param trueExtent the bytes from there to the last byte it touches
 * @param extent     the stride between consecutive elements (MPI_Type_get_extent)
 */
public record TypeBounds(long trueLb, long trueExtent, long extent) {
    /** The lowest byte {@code count > 0} elements touch (negative: before the buffer). */
    public long lowest(long displacement, int count) {
        return displacement + trueLb + Math.min(0, (count - 1L) * extent);
    }

    /** One past the highest byte {@code count > 0} elements touch. */
    public long end(long displacement, int count) {
        return displacement + trueLb + trueExtent + Math.max(0, (count - 1L) * extent);
    }
}
