package samples;

import testmpi.Mpi;

/** Locals of every type kept across cut points in a loop, values on the operand stack under calls, nested calls. */
public class Loops {
    public static void main(String[] args) {
        boolean flag = false;
        byte b = 1;
        char c = 'a';
        short s = 100;
        int n = Integer.parseInt(args[0]);
        long acc = 1L << 40;
        float f = 1.5f;
        double d = 2.25;
        String text = "x";
        int[] hist = new int[4];
        Object o = null;
        for (int i = 0; i < n; i++) {
            Mpi.barrier();
            acc = acc + Mpi.allreduce(i) + twice(i);          // acc below the call on the stack
            d = d * 1.5 + step(i, d, text) + Mpi.send(d);      // a double below two calls
            flag = !flag;
            b += 3;
            c++;
            s -= 7;
            f *= 1.25f;
            text = text + c;
            hist[i % 4] += (int) acc % 11;
            if (flag) {
                o = text.length();
            }
            System.out.println(i + " " + flag + " " + b + " " + c + " " + s + " " + acc + " " + f + " " + d + " " + text
                    + " " + hist[0] + "," + hist[1] + "," + hist[2] + "," + hist[3] + " " + o);
        }
        System.out.println("end " + Mpi.rank());
    }

    static double step(int i, double d, String t) {
        double local = d / 3;
        long big = i * 1_000_000_007L;
        return local + inner(big, t) + big % 5;
    }

    static int inner(long big, String t) {
        int r = Mpi.allreduce((int) (big % 13)) + t.length();
        return r;
    }

    /** Never reaches a cut point: not woven. */
    static int twice(int x) {
        return x * 2;
    }
}
