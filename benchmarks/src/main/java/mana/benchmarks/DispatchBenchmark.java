package mana.benchmarks;

import java.util.concurrent.TimeUnit;
import mana.core.error.ManaException;
import mana.core.fn.CommProvider;
import mana.core.fn.FunctionTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the function table adds to a call: {@code FunctionTable.comm().rank(c)} (one volatile
 * load, then an interface call) against a direct call on the same provider object.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DispatchBenchmark {

    /** A trivial provider: constant answers, no MPI. */
    static final class ConstantComm implements CommProvider {
        @Override
        public int rank(int comm) {
            return 3;
        }

        @Override
        public int size(int comm) {
            return 8;
        }
    }

    private CommProvider direct;
    /** Read from a field so the JIT cannot treat the argument as a constant. */
    public int comm = 0x1100_0001;

    @Setup(Level.Trial)
    public void install() {
        direct = new ConstantComm();
        FunctionTable.install(CommProvider.class, direct);
        if (!FunctionTable.isProvided(CommProvider.class)) {
            throw new IllegalStateException("provider not installed");
        }
    }

    @TearDown(Level.Trial)
    public void uninstall() {
        FunctionTable.install(CommProvider.class, null);
    }

    @Benchmark
    public int throughFunctionTable() throws ManaException {
        return FunctionTable.comm().rank(comm);
    }

    @Benchmark
    public int direct() throws ManaException {
        return direct.rank(comm);
    }
}
