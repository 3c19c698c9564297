package waitsamples;

import mpi.TestWaits;

/** Waits on requests, with values live across them (a halo exchange's shape). */
public class Waits {
    public static void main(String[] args) {
        TestWaits a = new TestWaits("a");
        TestWaits[] both = {a, new TestWaits("b")};
        long sum = 3;
        for (int i = 0; i < 2; i++) {
            TestWaits.waitAll(both);
            sum = sum * 31 + TestWaits.waitAny(both);
            a.waitFor();
        }
        System.out.println("sum " + sum);
    }
}
