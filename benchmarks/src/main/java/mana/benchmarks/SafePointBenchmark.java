package mana.benchmarks;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import mana.api.Mana;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What an application's safe point costs when no checkpoint is pending ({@code mana.api.Mana}):
 * one volatile read and an increment, with a platform installed (as under MANA).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SafePointBenchmark {
    private final Object state = new Object();
    private final Supplier<Object> lazy = () -> state;

    @Setup
    public void installIdlePlatform() {
        PlatformHook.install(new ManaPlatform() {
            @Override
            public void atSafePoint(long index, Object s, Supplier<?> lazyState) {
                throw new AssertionError("no checkpoint is pending");
            }

            @Override
            public Optional<Object> restoredState(ClassLoader loader) {
                return Optional.empty();
            }

            @Override
            public boolean requestCheckpoint() {
                return false;
            }

            @Override
            public boolean isRestart() {
                return false;
            }
        });
        PlatformHook.lower();
    }

    @Benchmark
    public void safePoint() {
        Mana.safePoint(state);
    }

    @Benchmark
    public void safePointLazy() {
        Mana.safePoint(lazy);
    }

    @Benchmark
    public long safePointIndex() {
        return Mana.safePointIndex();
    }
}
