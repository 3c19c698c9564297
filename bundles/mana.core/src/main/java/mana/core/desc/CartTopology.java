package mana.core.desc;

import java.util.Arrays;

/** A Cartesian topology as the application asked for it. */
public record CartTopology(int[] dims, boolean[] periods, boolean reorder) {
    public CartTopology {
        dims = dims.clone();
        periods = periods.clone();
    }

    @Override
    public String toString() {
        return "cart dims=" + Arrays.toString(dims) + " periods=" + Arrays.toString(periods) + " reorder=" + reorder;
    }
}
