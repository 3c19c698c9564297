package samples;

import testmpi.Mpi;

/** Cut points where the main thread cannot be captured, each selected by args[0]. */
public class Declines {
    private static final Object LOCK = new Object();

    public static void main(String[] args) {
        switch (args[0]) {
            case "syncMethod" -> syncMethod();
            case "syncBlock" -> {
                synchronized (LOCK) {
                    Mpi.barrier();
                }
            }
            case "constructor" -> new Declines();
            case "newArg" -> System.out.println(new StringBuilder(Mpi.allreduce(2)).capacity());
            default -> throw new IllegalArgumentException(args[0]);
        }
        Mpi.barrier();
        System.out.println("after");
    }

    Declines() {
        Mpi.barrier();
    }

    static synchronized void syncMethod() {
        Mpi.barrier();
    }
}
