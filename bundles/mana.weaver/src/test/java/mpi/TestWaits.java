package mpi;

import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in in package {@code mpi} (so its waits pass their arguments to the policy, as Open
 * MPI's {@code Request} waits do): static array waits and an instance wait, each logged.
 */
public final class TestWaits {
    public static final List<String> LOG = new ArrayList<>();

    private final String name;

    public TestWaits(String name) {
        this.name = name;
    }

    public static void waitAll(TestWaits[] requests) {
        LOG.add("waitAll " + requests.length);
    }

    public static int waitAny(TestWaits[] requests) {
        LOG.add("waitAny " + requests.length);
        return requests.length - 1;
    }

    public void waitFor() {
        LOG.add("waitFor " + name);
    }

    @Override
    public String toString() {
        return name;
    }
}
