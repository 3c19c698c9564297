package mana.core.desc;

import java.util.Arrays;

/**
 * A Cartesian topology: dimensions and periods as the lower half reports them, and the reorder
 * flag the application asked for (the rank order the lower half chose is the descriptor's world
 * ranks).
 */
public record CartTopology(int[] dims, boolean[] periods, boolean reorder) implements Topology {
    public CartTopology {
        dims = dims.clone();
        periods = periods.clone();
        if (dims.length != periods.length) {
            throw new IllegalArgumentException("dims and periods differ in length");
        }
    }

    /** Two per dimension, MPI_PROC_NULL ones at a non-periodic border included (MPI counts them). */
    @Override
    public int inDegree(int rank) {
        return 2 * dims.length;
    }

    @Override
    public int outDegree(int rank) {
        return 2 * dims.length;
    }

    @Override
    public int[] dims() {
        return dims.clone();
    }

    @Override
    public boolean[] periods() {
        return periods.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CartTopology t && reorder == t.reorder && Arrays.equals(dims, t.dims)
                && Arrays.equals(periods, t.periods);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(dims) * 31 + Arrays.hashCode(periods) + (reorder ? 1 : 0);
    }

    @Override
    public String toString() {
        return "cart dims=" + Arrays.toString(dims) + " periods=" + Arrays.toString(periods) + " reorder=" + reorder;
    }
}
