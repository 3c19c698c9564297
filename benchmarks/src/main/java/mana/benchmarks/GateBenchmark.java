package mana.benchmarks;

import java.util.concurrent.TimeUnit;
import mana.core.gate.CheckpointGate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/** The open-gate fast path every wrapper pays: {@code enter()} then {@code exit()}. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GateBenchmark {
    /** One gate shared by the benchmark's threads, never closed. */
    private final CheckpointGate gate = new CheckpointGate();

    @Benchmark
    @Threads(1)
    public void enterExit() {
        gate.doEnter();
        gate.doExit();
    }

    @Benchmark
    @Threads(2)
    public void enterExitTwoThreads() {
        gate.doEnter();
        gate.doExit();
    }

    /** Through the static entry points wrappers use (the shared {@code CheckpointGate.GATE}). */
    @Benchmark
    @Threads(1)
    public void staticEnterExit() {
        CheckpointGate.enter();
        CheckpointGate.exit();
    }

    /** The pass form: enter returns this thread's state, exit takes it (one thread-local lookup). */
    @Benchmark
    @Threads(1)
    public void enterExitPass() {
        gate.doExit(gate.doEnterPass());
    }
}
