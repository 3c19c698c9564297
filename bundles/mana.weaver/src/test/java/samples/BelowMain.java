package samples;

import testmpi.Mpi;

/** Prints, around its cut points, the frame below its main (what test suites read as "the program"). */
public class BelowMain {
    public static void main(String[] args) {
        for (int i = 0; i < 3; i++) {
            System.out.println(i + " below main: " + belowMain());
            Mpi.barrier();
        }
        System.out.println("end below main: " + belowMain());
    }

    static String belowMain() {
        StackTraceElement[] st = Thread.currentThread().getStackTrace();
        for (int i = 0; i < st.length - 1; i++) {
            if (st[i].getClassName().equals("samples.BelowMain") && st[i].getMethodName().equals("main")) {
                return st[i + 1].getClassName() + "." + st[i + 1].getMethodName();
            }
        }
        return "nothing";
    }
}
