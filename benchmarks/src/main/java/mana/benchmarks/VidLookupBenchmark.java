package mana.benchmarks;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import mana.core.error.ManaException;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of translating a virtual handle to its lower-half object ({@code VidTable.lower}),
 * with {@code liveHandles} handles in the table: {@code lower} walks a pseudo-random sequence of
 * all live handles (at 10^6 handles this measures memory latency, not the lookup), and
 * {@code lowerWorkingSet16} cycles through 16 handles spread over the table (the lookup itself).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class VidLookupBenchmark {
    /** Length of the lookup sequence: a power of two, so the cursor wraps with a mask. */
    private static final int SEQUENCE = 1 << 16;

    @Param({"10", "1000", "1000000"})
    public int liveHandles;

    private VidTable table;
    private int[] sequence;
    private int cursor;
    /** 16 handles spread over the table: what a program that holds many handles but works with a few sees. */
    private int[] workingSet;
    private int wsCursor;

    @Setup(Level.Trial)
    public void fill() {
        table = new VidTable();
        int[] vids = new int[liveHandles];
        for (int i = 0; i < liveHandles; i++) {
            vids[i] = table.create(Kind.COMM, Integer.valueOf(i), null);
        }
        SplittableRandom r = new SplittableRandom(42);
        sequence = new int[SEQUENCE];
        for (int i = 0; i < SEQUENCE; i++) {
            sequence[i] = vids[r.nextInt(liveHandles)];
        }
        cursor = 0;
        workingSet = new int[16];
        for (int i = 0; i < 16; i++) {
            workingSet[i] = vids[r.nextInt(liveHandles)];
        }
    }

    @Benchmark
    public Object lowerWorkingSet16() throws ManaException {
        int vid = workingSet[wsCursor];
        wsCursor = (wsCursor + 1) & 15;
        return table.lower(vid, Kind.COMM);
    }

    @Benchmark
    public Object lower() throws ManaException {
        int vid = sequence[cursor];
        cursor = (cursor + 1) & (SEQUENCE - 1);
        return table.lower(vid, Kind.COMM);
    }

    /** The sequence walk alone, to subtract from {@link #lower}. */
    @Benchmark
    public int baselineSequenceOnly() {
        int vid = sequence[cursor];
        cursor = (cursor + 1) & (SEQUENCE - 1);
        return vid;
    }
}
