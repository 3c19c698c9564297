package mana.benchmarks;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import mana.core.error.ManaException;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.wrappers.base.Lower;
import mana.wrappers.p2p.P2pWrappers;
import mana.wrappers.p2p.RequestWrappers;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;
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
 * What the p2p wrappers add to a message, in one process: a singleton MPI job (Open MPI's
 * binding, real MPI_Init) sends 8 bytes to itself and receives them, once through the lower
 * half directly ({@code raw*}) and once through the wrappers MANA's upper half calls
 * ({@code mana*}: {@link P2pWrappers} and {@link RequestWrappers} with MANA's handles, the
 * checkpoint gate, the call and message counters and the request log, exactly as in a rank).
 * Not included: the upper half's own front (the application's {@code mpi.Comm} object, the
 * function table's dispatch, the upper {@code Status}), whose {@code mpi} package has the
 * lower half's names and cannot share this flat class path ({@code DispatchBenchmark} measures
 * the dispatch). Run with {@code -prof gc} for {@code gc.alloc.rate.norm} (bytes per call).
 *
 * <p>A send to oneself is eager and buffered by Open MPI (the self transport), so a blocking
 * send followed by the matching receive completes on one thread.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseParallelGC"})
public class P2pCallBenchmark {
    private static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");
    private static final int BYTE = Predefined.handle(Kind.DATATYPE, "BYTE");
    private static final int TAG = 7;

    private final byte[] array = new byte[8];
    private final ByteBuffer sendBuf = ByteBuffer.allocateDirect(8);
    private final ByteBuffer recvBuf = ByteBuffer.allocateDirect(8);
    private final P2pWrappers p2p = new P2pWrappers();
    private final RequestWrappers requests = new RequestWrappers();
    private Comm world;

    @Setup(Level.Trial)
    public void init() throws MPIException {
        MPI.Init(new String[0]);
        Lower.fillConstants();
        Lower.describeWorld();
        world = MPI.COMM_WORLD;
    }

    @TearDown(Level.Trial)
    public void finish() throws MPIException {
        MPI.Finalize();
    }

    @Benchmark
    public Status rawSendRecv() throws MPIException {
        world.send(array, 8, MPI.BYTE, 0, TAG);
        return world.recv(array, 8, MPI.BYTE, 0, TAG);
    }

    @Benchmark
    public long[] manaSendRecv() throws ManaException {
        p2p.send(WORLD, array, 8, BYTE, 0, TAG);
        return p2p.recv(WORLD, array, 8, BYTE, 0, TAG);
    }

    @Benchmark
    public Request rawIsendIrecvWait() throws MPIException {
        Request r = world.iRecv(recvBuf, 8, MPI.BYTE, 0, TAG);
        Request s = world.iSend(sendBuf, 8, MPI.BYTE, 0, TAG);
        s.waitFor();
        r.waitFor();
        return r;
    }

    @Benchmark
    public int manaIsendIrecvWait() throws ManaException {
        int r = p2p.iRecv(WORLD, recvBuf, 8, BYTE, 0, TAG);
        int s = p2p.iSend(WORLD, sendBuf, 8, BYTE, 0, TAG);
        requests.waitFor(s, null);
        return requests.waitFor(r, null);
    }
}
