package mana.benchmarks.weaveprog;

import benchmpi.Mpi;

/**
 * A compute loop as an application writes it: each iteration calls a method of its own that does
 * some arithmetic through a leaf helper and, every 64 iterations, an "MPI" call. Woven, the loop's
 * call to {@link #step} and step's MPI call are instrumented; {@link #leaf} is not.
 */
public final class Kernel {
    private Kernel() {
    }

    public static double run(int n) {
        double acc = 0;
        long mix = 17;
        for (int i = 0; i < n; i++) {
            acc += step(i, acc, mix);
            mix = mix * 31 + i;
        }
        return acc + mix;
    }

    static double step(int i, double acc, long mix) {
        double v = leaf(i, mix) * 0.5 + acc * 1e-9;
        if ((i & 63) == 0) {
            v += Mpi.op(i);
        }
        return v;
    }

    static double leaf(int i, long mix) {
        return (i * 0.25) + (mix & 1023);
    }
}
