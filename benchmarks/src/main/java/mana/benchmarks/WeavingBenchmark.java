package mana.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import mana.weaver.internal.Weaver;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the continuation weaving costs a program when no capture is requested: the same compute
 * loop ({@code weaveprog.Kernel.run(n)}, 1000 iterations of a call with arithmetic, an "MPI"
 * call every 64) loaded twice, woven and as compiled; and the heat example's loop
 * ({@code weaveprog.HeatKernel.run(steps)}: 2000 cells, three "MPI" calls per step in the method
 * that holds the stencil loop). Cut points are calls into {@code benchmpi}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WeavingBenchmark {
    static final String KERNEL = "mana/benchmarks/weaveprog/Kernel";
    static final String HEAT = "mana/benchmarks/weaveprog/HeatKernel";

    @Param({"1000"})
    public int n;

    /** Steps of the heat kernel per call. */
    @Param({"50"})
    public int steps;

    private MethodHandle woven;
    private MethodHandle plain;
    private MethodHandle wovenHeat;
    private MethodHandle plainHeat;

    @Setup
    public void load() throws Throwable {
        woven = runOf(KERNEL, true);
        plain = runOf(KERNEL, false);
        wovenHeat = runOf(HEAT, true);
        plainHeat = runOf(HEAT, false);
        same((double) woven.invokeExact(n), (double) plain.invokeExact(n));
        same((double) wovenHeat.invokeExact(steps), (double) plainHeat.invokeExact(steps));
    }

    private static void same(double woven, double plain) {
        if (woven != plain) {
            throw new AssertionError("woven and plain kernels disagree: " + woven + " vs " + plain);
        }
    }

    @Benchmark
    public double wovenLoop() throws Throwable {
        return (double) woven.invokeExact(n);
    }

    @Benchmark
    public double plainLoop() throws Throwable {
        return (double) plain.invokeExact(n);
    }

    @Benchmark
    public double wovenHeat() throws Throwable {
        return (double) wovenHeat.invokeExact(steps);
    }

    @Benchmark
    public double plainHeat() throws Throwable {
        return (double) plainHeat.invokeExact(steps);
    }

    private static MethodHandle runOf(String kernel, boolean weave) throws Exception {
        byte[] bytes = bytes(kernel);
        Weaver w = Weaver.of(Map.of(kernel, bytes), n -> n.startsWith("benchmpi/"), Weaver.resources(WeavingBenchmark.class.getClassLoader()));
        byte[] out = weave ? w.weave(bytes) : null;
        if (weave && out == null) {
            throw new AssertionError(kernel + " was not woven");
        }
        byte[] def = out == null ? bytes : out;
        ClassLoader l = new ClassLoader(WeavingBenchmark.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(kernel.replace('/', '.'))) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> c = findLoadedClass(name);
                        return c != null ? c : defineClass(name, def, 0, def.length);
                    }
                }
                return super.loadClass(name, resolve);
            }
        };
        Class<?> k = Class.forName(kernel.replace('/', '.'), true, l);
        return MethodHandles.publicLookup().findStatic(k, "run", MethodType.methodType(double.class, int.class));
    }

    private static byte[] bytes(String internal) {
        try (InputStream in = WeavingBenchmark.class.getClassLoader().getResourceAsStream(internal + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
