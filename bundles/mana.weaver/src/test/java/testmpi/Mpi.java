package testmpi;

import java.util.ArrayList;
import java.util.List;

/** A stand-in for the MPI API in tests: every call is a cut point and is logged, so a test sees each made exactly once. */
public final class Mpi {
    public static final List<String> LOG = new ArrayList<>();

    private Mpi() {
    }

    public static void barrier() {
        LOG.add("barrier");
    }

    public static int allreduce(int v) {
        LOG.add("allreduce " + v);
        return v * 3;
    }

    public static double send(double v) {
        LOG.add("send " + v);
        return v + 0.5;
    }

    public static long rank() {
        LOG.add("rank");
        return 7L;
    }
}
