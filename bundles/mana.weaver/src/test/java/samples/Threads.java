package samples;

import testmpi.Mpi;

/** A cut point on a thread the program started: never captured. */
public class Threads {
    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(Threads::work, "worker");
        t.start();
        t.join();
        Mpi.barrier();
        System.out.println("after");
    }

    static void work() {
        Mpi.barrier();
    }
}
