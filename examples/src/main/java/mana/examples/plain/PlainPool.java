package mana.examples.plain;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import mpi.MPI;

/**
 * A hybrid program: each rank smooths its part of a line with a fixed thread pool (four chunks
 * per step), doubles a figure on a single-thread executor, halves it on a ForkJoinPool and adds
 * the step number on a thread of its own that it starts and joins, and the ranks sum their
 * parts with an allReduce every step; no MANA import. At every MPI call the pools are idle and
 * the program holds them, the step's complete futures and its ended thread (and counts the steps
 * in a ThreadLocal of main's), so a transparent
 * checkpoint saves the pools as their configuration and a restart goes on with new ones.
 * Arguments: [steps] [ms to sleep per step].
 */
public class PlainPool {
    static final int N = 1 << 14;
    static final int CHUNKS = 4;
    /** Steps counted on the main thread, in a ThreadLocal (its value on main is saved with the heap). */
    static final ThreadLocal<long[]> STEPS = new ThreadLocal<>();

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int ms = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        STEPS.set(new long[1]);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        ExecutorService single = Executors.newSingleThreadExecutor();
        ForkJoinPool fj = new ForkJoinPool(2);
        double[] u = new double[N];
        for (int i = 0; i < N; i++) {
            u[i] = ((i * 7919L + rank * 104729L) % 1000) / 1000.0;
        }
        long checksum = 17;
        Future<Double> doubled = null;
        List<Future<Double>> parts = new ArrayList<>();
        Thread helper = null;
        for (int step = 0; step < steps; step++) {
            double[] before = u.clone();
            parts.clear();
            for (int c = 0; c < CHUNKS; c++) {
                int from = c * (N / CHUNKS);
                int to = from + N / CHUNKS;
                double[] line = u;
                parts.add(pool.submit(() -> smooth(before, line, from, to)));
            }
            double local = 0;
            for (Future<Double> f : parts) {
                local += f.get();
            }
            double mine = local;
            doubled = single.submit(() -> mine * 2);
            double viaFj = fj.submit(() -> mine / 2).get();
            double[] extra = new double[1];
            int now = step;
            helper = new Thread(() -> extra[0] = now * 0.001, "plain-pool-helper");
            helper.start();
            helper.join();
            double[] in = {doubled.get() + viaFj + extra[0]};
            double[] out = new double[1];
            MPI.COMM_WORLD.allReduce(in, out, 1, MPI.DOUBLE, MPI.SUM);
            checksum = checksum * 1_000_003L + Math.round(out[0] * 1e6);
            STEPS.get()[0]++;
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        System.out.println("plain pool rank " + rank + " checksum " + checksum + " last " + doubled.get() + " helper "
                + (helper == null ? "none" : helper.getName() + " " + helper.getState()) + " steps " + STEPS.get()[0]);
        pool.shutdown();
        single.shutdown();
        fj.shutdown();
        MPI.Finalize();
    }

    /** One chunk of a smoothing step (reads the step's snapshot, writes its own range); returns the chunk's sum. */
    static double smooth(double[] before, double[] u, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            double left = before[i == 0 ? 0 : i - 1];
            double right = before[i == before.length - 1 ? i : i + 1];
            u[i] = 0.5 * before[i] + 0.25 * (left + right);
            sum += u[i];
        }
        return sum;
    }
}
