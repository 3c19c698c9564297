package mana.core.gate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Whether the application may call MPI from several threads at the same time, which only
 * {@code MPI_THREAD_MULTIPLE} allows. Below that level MPI calls never overlap (SINGLE and
 * FUNNELED: one thread; SERIALIZED: the application orders them, and that order is a
 * happens-before edge), so the counters every call updates (function calls, messages per
 * peer, the collective clock) can be plain increments instead of atomic ones: an atomic
 * add is a full fence, and the hot path would pay several per call. With MULTIPLE they are
 * atomic. Readers use {@link #get}; the checkpoint engine reads with the gate closed, which
 * orders every counted call before its read.
 */
public final class CallerThreads {
    /** {@code MPI_THREAD_MULTIPLE} in the MPI standard and in Open MPI's Java binding. */
    public static final int THREAD_MULTIPLE = 3;

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    /**
     * Not volatile: it is set once, at {@code MPI.Init}, before any other MPI call, and threads
     * that call MPI later are ordered after Init by the application (Thread.start, a lock, ...).
     * A plain read lets the JIT keep it in a register across a loop of MPI calls.
     */
    private static boolean concurrent;

    /** The level the application passed to {@code MPI.InitThread}, or -1 after {@code MPI.Init} (a restart makes the same call). */
    private static int initThreadRequired = -1;

    /** Records the thread level the application asked for at {@code MPI.Init}/{@code InitThread}. */
    public static void requested(int level) {
        concurrent = level >= THREAD_MULTIPLE;
    }

    /** Records that the application called {@code MPI.InitThread(args, required)} (after {@link #requested}). */
    public static void initThread(int required) {
        initThreadRequired = required;
    }

    /** What the application passed to {@code MPI.InitThread}, or -1 if it called {@code MPI.Init}. */
    public static int initThreadRequired() {
        return initThreadRequired;
    }

    /** True when MPI calls may overlap (the application asked for MPI_THREAD_MULTIPLE). */
    public static boolean concurrent() {
        return concurrent;
    }

    /** Adds one to {@code counts[i]}: atomic only when calls may overlap. No allocation. */
    public static long increment(long[] counts, int i) {
        if (concurrent) {
            return (long) LONGS.getAndAdd(counts, i, 1L) + 1;
        }
        return ++counts[i];
    }

    /** Adds {@code delta} to {@code counts[i]}, like {@link #increment}. */
    public static void add(long[] counts, int i, long delta) {
        if (concurrent) {
            LONGS.getAndAdd(counts, i, delta);
        } else {
            counts[i] += delta;
        }
    }

    /** Reads {@code counts[i]} (from any thread; exact once the counting calls are ordered before it). */
    public static long get(long[] counts, int i) {
        return (long) LONGS.getVolatile(counts, i);
    }

    /** Sets {@code counts[i]} (restoring saved counters). */
    public static void set(long[] counts, int i, long value) {
        LONGS.setVolatile(counts, i, value);
    }

    private CallerThreads() {
    }
}
