package mana.shelltest;

import mpi.CartComm;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * The common pattern of issue 22, with no agreement of its own: every iteration tries
 * {@code createCart} (a collective) and, when it is unsupported, does the same work by hand with
 * an {@code allGather}. Each iteration adds the left and right neighbours' values of a ring, so
 * the answer does not depend on which way each iteration went. It loops at least as many
 * iterations as its first argument asks (default 0), and then until the Cartesian path has served
 * {@code CART_USES} iterations (a hot-added mana.wrappers.cart) or, when a second argument K is
 * given, until K iterations fell back again after the Cartesian path had served (the bundle was
 * taken away, at any moment); it gives up after {@code MAX_ITERATIONS}.
 *
 * <p>Output per rank: {@code rank R: fallback} (once, when the first iteration fell back),
 * {@code rank R: cart from iteration I}, {@code rank R: fallback again from iteration I} (once),
 * {@code rank R: result S after N iterations}.
 */
public final class CartOrAllGather {
    static final int CART_USES = 20;
    static final int MAX_ITERATIONS = 6000; // 20 ms apart: 2 minutes

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        long result = 0;
        int cartUses = 0;
        int firstCart = -1;
        int minIterations = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        int fallbacksAfterCart = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        int fellBackAgain = 0;
        int i = 0;
        for (; i < MAX_ITERATIONS && !done(i, minIterations, cartUses, fellBackAgain, fallbacksAfterCart); i++) {
            int mine = value(rank, i);
            int left;
            int right;
            CartComm ring = null;
            try {
                ring = MPI.COMM_WORLD.createCart(new int[] {size}, new boolean[] {true}, false);
            } catch (MPIException e) {
                if (i == 0) {
                    say(rank, "fallback: " + e.getMessage());
                } else if (firstCart >= 0 && fellBackAgain == 0) {
                    say(rank, "fallback again from iteration " + i + ": " + e.getMessage());
                }
            }
            if (ring != null) {
                if (firstCart < 0) {
                    firstCart = i;
                    say(rank, "cart from iteration " + i);
                }
                ShiftParms s = ring.shift(0, 1);
                int[] fromLeft = new int[1];
                int[] fromRight = new int[1];
                ring.sendRecv(new int[] {mine}, 1, MPI.INT, s.getRankDest(), 1, fromLeft, 1, MPI.INT, s.getRankSource(), 1);
                ring.sendRecv(new int[] {mine}, 1, MPI.INT, s.getRankSource(), 2, fromRight, 1, MPI.INT, s.getRankDest(), 2);
                left = fromLeft[0];
                right = fromRight[0];
                ring.free();
                cartUses++;
            } else {
                if (firstCart >= 0) {
                    fellBackAgain++;
                }
                int[] all = new int[size];
                MPI.COMM_WORLD.allGather(new int[] {mine}, 1, MPI.INT, all, 1, MPI.INT);
                left = all[(rank + size - 1) % size];
                right = all[(rank + 1) % size];
            }
            result += left + right;
            Thread.sleep(20);
        }
        say(rank, "result " + result + " after " + i + " iterations");
        MPI.Finalize();
    }

    /**
     * Done after the minimum of iterations and, when waiting for the bundle to go away again
     * ({@code fallbacksAfterCart} > 0), that many fallbacks after it served; else after it served
     * {@code CART_USES} iterations.
     */
    static boolean done(int i, int minIterations, int cartUses, int fellBackAgain, int fallbacksAfterCart) {
        if (i < minIterations) {
            return false;
        }
        return fallbacksAfterCart > 0 ? fellBackAgain >= fallbacksAfterCart : cartUses >= CART_USES;
    }

    /** Rank r's value at iteration i. */
    static int value(int rank, int i) {
        return 1000 * rank + i % 97;
    }

    /** The answer every rank must print after {@code n} iterations of a ring of {@code size}. */
    static long expected(int rank, int size, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += value((rank + size - 1) % size, i) + value((rank + 1) % size, i);
        }
        return sum;
    }

    private static void say(int rank, String line) {
        System.out.println("rank " + rank + ": " + line);
        System.out.flush();
    }
}
