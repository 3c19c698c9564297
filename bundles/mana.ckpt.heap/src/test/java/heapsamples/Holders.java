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
            case "deleted" -> {
                java.io.File f = java.io.File.createTempFile("mana-heap", ".tmp");
                h.thing = new java.io.PrintWriter(new FileOutputStream(f));
                f.delete();
            }
            case "proc" -> h.thing = new java.io.BufferedReader(new java.io.FileReader("/proc/self/status"));
            case "unnamed" -> {
                java.io.File f = java.io.File.createTempFile("mana-heap", ".tmp");
                f.deleteOnExit();
                h.thing = new java.io.FileInputStream(new java.io.RandomAccessFile(f, "r").getFD());
            }
            case "zip" -> h.thing = new java.util.zip.GZIPOutputStream(new java.io.ByteArrayOutputStream());
            case "lambda" -> h.thing = (Runnable) () -> { };
            default -> throw new IllegalArgumentException(args[0]);
        }
        Mpi.barrier();
        System.out.println("after " + (h.thing != null));
    }
}
