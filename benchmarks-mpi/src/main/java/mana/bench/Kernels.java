package mana.bench;

import java.nio.ByteBuffer;
import mpi.MPI;
import mpi.MPIException;

/**
 * The measured loops. This class is loaded twice in one rank: once wired to MANA's upper half
 * and once to Open MPI's own binding; the code is identical, so the difference is MANA's cost.
 * Every method is collective over COMM_WORLD and returns seconds per operation on this rank.
 */
public final class Kernels {
    private static final int TAG = 77;

    /** Ping-pong between ranks 0 and 1 with byte arrays; returns the half round-trip time. */
    public static double pingPongArray(int bytes, int iterations) throws MPIException {
        byte[] buf = new byte[Math.max(bytes, 1)];
        return pingPong(buf, bytes, iterations);
    }

    /** The same with a direct ByteBuffer. */
    public static double pingPongDirect(int bytes, int iterations) throws MPIException {
        ByteBuffer buf = MPI.newByteBuffer(Math.max(bytes, 1));
        return pingPong(buf, bytes, iterations);
    }

    private static double pingPong(Object buf, int bytes, int iterations) throws MPIException {
        int rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 1, TAG);
                MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 1, TAG);
            } else if (rank == 1) {
                MPI.COMM_WORLD.recv(buf, bytes, MPI.BYTE, 0, TAG);
                MPI.COMM_WORLD.send(buf, bytes, MPI.BYTE, 0, TAG);
            }
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations / 2;
    }

    /**
     * Ping-pong with non-blocking calls on a direct buffer: iRecv posted first, then iSend, then
     * both waited for (two requests made and completed per message: the request path's cost).
     */
    public static double pingPongNonBlocking(int bytes, int iterations) throws MPIException {
        ByteBuffer buf = MPI.newByteBuffer(Math.max(bytes, 1));
        int rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            if (rank == 0) {
                MPI.COMM_WORLD.iSend(buf, bytes, MPI.BYTE, 1, TAG).waitFor();
                MPI.COMM_WORLD.iRecv(buf, bytes, MPI.BYTE, 1, TAG).waitFor();
            } else if (rank == 1) {
                MPI.COMM_WORLD.iRecv(buf, bytes, MPI.BYTE, 0, TAG).waitFor();
                MPI.COMM_WORLD.iSend(buf, bytes, MPI.BYTE, 0, TAG).waitFor();
            }
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations / 2;
    }

    /** 8-byte (one long) allreduce with SUM on all ranks. */
    public static double allReduce8(int iterations) throws MPIException {
        long[] in = {MPI.COMM_WORLD.getRank()};
        long[] out = new long[1];
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.allReduce(in, out, 1, MPI.LONG, MPI.SUM);
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations;
    }

    /**
     * send and recv of 8 bytes from an array to MPI.PROC_NULL: no transfer, so the time is the
     * cost of the call itself (binding, MANA's wrapper, MPI's PROC_NULL path); seconds of this
     * thread's CPU time per call (CPU time, so that other processes on the machine do not count).
     */
    public static double procNull(int iterations) throws MPIException {
        byte[] buf = new byte[8];
        int peer = MPI.PROC_NULL;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        MPI.COMM_WORLD.barrier();
        long t0 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.send(buf, 8, MPI.BYTE, peer, TAG);
            MPI.COMM_WORLD.recv(buf, 8, MPI.BYTE, peer, TAG);
        }
        long t1 = cpu.getCurrentThreadCpuTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations / 2;
    }

    /** iSend and iRecv to PROC_NULL, each waited for (a direct buffer): thread CPU time per call pair half. */
    public static double procNullNonBlocking(int iterations) throws MPIException {
        ByteBuffer buf = MPI.newByteBuffer(8);
        int peer = MPI.PROC_NULL;
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        MPI.COMM_WORLD.barrier();
        long t0 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.iSend(buf, 8, MPI.BYTE, peer, TAG).waitFor();
            MPI.COMM_WORLD.iRecv(buf, 8, MPI.BYTE, peer, TAG).waitFor();
        }
        long t1 = cpu.getCurrentThreadCpuTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations / 2;
    }

    /**
     * Heap bytes this thread allocates per call of {@link #procNull} ({@code nonBlocking}: of
     * {@link #procNullNonBlocking}), after the JIT has compiled the loop: the binding's own
     * objects (a {@code Status}, a {@code Request}) and whatever MANA adds.
     */
    public static double procNullAllocated(int iterations, boolean nonBlocking) throws Exception {
        // com.sun.management through the platform loader: a bundle (MANA's and the raw copy) imports no such package
        Object mx = java.lang.management.ManagementFactory.getThreadMXBean();
        java.lang.reflect.Method allocated = ClassLoader.getPlatformClassLoader().loadClass("com.sun.management.ThreadMXBean")
                .getMethod("getCurrentThreadAllocatedBytes");
        long b0 = (Long) allocated.invoke(mx);
        if (nonBlocking) {
            procNullNonBlocking(iterations);
        } else {
            procNull(iterations);
        }
        long b1 = (Long) allocated.invoke(mx);
        return (double) (b1 - b0) / iterations / 2;
    }

    /** allReduce of {@code bytes} bytes (longs, SUM) from arrays on all ranks; seconds per call. */
    public static double allReduce(int bytes, int iterations) throws MPIException {
        int n = Math.max(1, bytes / 8);
        long[] in = new long[n];
        long[] out = new long[n];
        in[0] = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.allReduce(in, out, n, MPI.LONG, MPI.SUM);
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations;
    }

    /** bcast of {@code bytes} bytes from a byte array, the root rotating; seconds per call. */
    public static double bcast(int bytes, int iterations) throws MPIException {
        byte[] buf = new byte[Math.max(1, bytes)];
        int size = MPI.COMM_WORLD.getSize();
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.bcast(buf, bytes, MPI.BYTE, i % size);
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations;
    }

    /** allToAll of {@code bytes} bytes to every rank from byte arrays; seconds per call. */
    public static double allToAll(int bytes, int iterations) throws MPIException {
        int size = MPI.COMM_WORLD.getSize();
        byte[] send = new byte[Math.max(1, bytes) * size];
        byte[] recv = new byte[Math.max(1, bytes) * size];
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iterations; i++) {
            MPI.COMM_WORLD.allToAll(send, bytes, MPI.BYTE, recv, bytes, MPI.BYTE);
        }
        long t1 = System.nanoTime();
        MPI.COMM_WORLD.barrier();
        return (t1 - t0) / 1e9 / iterations;
    }

    private Kernels() {
    }
}
