package mana.benchmarks;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import mana.core.desc.RequestDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Kind;
import mana.core.vid.VidTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What MANA adds per non-blocking request besides the lower half's own work: a virtual handle
 * with a log entry ({@link RequestDescriptor}: what a restart needs to post a receive again)
 * logged when the request is posted ({@link RequestDescriptor#log}, which reuses the entry the
 * slot's last request left), then the handle freed through the entry the wait looked up (which
 * retires the entry). {@code bareHandle} is the table part alone (no log entry), so the
 * difference is the log's cost. Run with {@code -prof gc} to see the bytes allocated per request.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RequestLogBenchmark {
    private static final int COMM_WORLD = 0x10000001;
    private static final int BYTE_TYPE = 0x30000001;

    private final VidTable table = new VidTable();
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(8);
    private final Object lowerRequest = new Object();

    @Benchmark
    public Object loggedRequest() throws ManaException {
        int vid = RequestDescriptor.log(table, lowerRequest, RequestDescriptor.Op.IRECV, COMM_WORLD, buffer, 8, BYTE_TYPE,
                1, 7, null, null);
        VidTable.Entry e = table.entry(vid, Kind.REQUEST);
        Object d = e.descriptor();
        table.free(e, vid, Kind.REQUEST);
        return d;
    }

    @Benchmark
    public int bareHandle() throws ManaException {
        int vid = table.create(Kind.REQUEST, lowerRequest, null);
        VidTable.Entry e = table.entry(vid, Kind.REQUEST);
        table.free(e, vid, Kind.REQUEST);
        return vid;
    }
}
