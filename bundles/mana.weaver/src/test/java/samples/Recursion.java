package samples;

import testmpi.Mpi;

/** Recursion with a cut point at every level, exceptions thrown and caught around cut points, finally blocks. */
public class Recursion {
    public static void main(String[] args) {
        Recursion r = new Recursion(3);
        System.out.println("fib " + r.fib(6));
        for (int i = 0; i < 4; i++) {
            try {
                r.risky(i);
                System.out.println("ok " + i);
            } catch (IllegalStateException e) {
                System.out.println("caught " + e.getMessage());
            } finally {
                System.out.println("finally " + i + " " + Mpi.allreduce(i));
            }
        }
        System.out.println("calls " + r.calls);
    }

    private final int scale;
    private int calls;

    Recursion(int scale) {
        this.scale = scale;
    }

    long fib(int n) {
        calls++;
        if (n < 2) {
            return Mpi.allreduce(n) / 3 * scale;
        }
        long a = fib(n - 1);
        Mpi.barrier();
        return a + fib(n - 2);
    }

    void risky(int i) {
        Mpi.barrier();
        if (i % 2 == 1) {
            throw new IllegalStateException("odd " + i + " " + Mpi.allreduce(i));
        }
    }
}
