package heapsamples;

import java.io.FileOutputStream;
import java.io.IOException;
import testmpi.Mpi;

/** State a checkpoint must refuse, selected by args[0]. */
public class Holders {
    static final class Holder {
        Object thing;
    }

    public static void main(String[] args) throws IOException {
        Holder h = new Holder();
        switch (args[0]) {
            case "thread" -> h.thing = Thread.currentThread();
            case "file" -> h.thing = new FileOutputStream(java.io.File.createTempFile("mana-heap", ".tmp"));
            case "lambda" -> h.thing = (Runnable) () -> { };
            default -> throw new IllegalArgumentException(args[0]);
        }
        Mpi.barrier();
        System.out.println("after " + (h.thing != null));
    }
}
