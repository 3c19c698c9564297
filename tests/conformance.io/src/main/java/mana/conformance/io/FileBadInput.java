package mana.conformance.io;

import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.File;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * Bad file input (2 ranks, each on its own file; files default to ERRORS_RETURN).
 *
 * <p>{@code FileBadInput DIR}: through MANA only, the input the raw binding hands to native code
 * unchecked and that crashes or corrupts its JVM: null buffers, objects that are not buffers,
 * direct buffers shorter than the call (every {@code File} member that takes a buffer, and a
 * vector whose span exceeds the buffer though count * size would fit), arrays with a vector
 * type; also a closed file used again, an uncommitted filetype, a null data representation or
 * path. Each must give an MPIException of the expected class naming the problem, write nothing
 * and move no file pointer.
 *
 * <p>{@code FileBadInput DIR compare}: what is safe on the raw binding too, printed so that the
 * two runs can be compared line by line: exactly fitting direct buffers and arrays (blocking,
 * non-blocking, split collective, a vector) with the data they read, and the exceptions the
 * binding itself throws for short arrays and negative counts.
 */
public final class FileBadInput {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;

    static void expect(String name, int errorClass, String words, Call c) {
        try {
            c.run();
            System.out.println("FAIL " + name + ": no exception");
        } catch (MPIException e) {
            boolean ok = e.getErrorClass() == errorClass && e.getMessage().contains(words);
            if (rank == 0 || !ok) {
                System.out.println((ok ? "OK " : "FAIL ") + name + ": class " + e.getErrorClass() + ": " + e.getMessage());
            }
        } catch (RuntimeException e) {
            System.out.println("FAIL " + name + ": " + e);
        }
    }

    /** The binding's own exception (the same text through MANA and raw): its class and message. */
    static void thrown(String name, Class<? extends Exception> expected, Call c) {
        try {
            c.run();
            System.out.println("FAIL " + name + ": no exception");
        } catch (MPIException | RuntimeException e) {
            boolean ok = expected.isInstance(e);
            String what = e instanceof MPIException m ? "MPIException class " + m.getErrorClass()
                    : e.getClass().getName() + ": " + e.getMessage();
            if (rank == 0 || !ok) {
                System.out.println((ok ? "OK " : "FAIL ") + name + ": " + what);
            }
        }
    }

    static void same(String name, boolean ok) {
        if (rank == 0 || !ok) {
            System.out.println((ok ? "OK " : "FAIL ") + name);
        }
    }

    /** A check that also prints what was read (compared between MANA and raw). */
    static void data(String name, boolean ok, Object shown) {
        if (rank == 0 || !ok) {
            System.out.println((ok ? "OK " : "FAIL ") + name + ": " + shown);
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        if (args.length > 1 && args[1].equals("compare")) {
            compare(args[0]);
        } else {
            manaOnly(args[0]);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void manaOnly(String dir) throws MPIException {
        String path = dir + "/bad-" + rank + ".dat";
        new java.io.File(path).delete();
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_CREATE | MPI.MODE_RDWR);

        expect("null buffer", MPI.ERR_BUFFER, "buf is null", () -> f.writeAt(0, null, 1, MPI.INT));
        expect("not a buffer", MPI.ERR_BUFFER, "neither", () -> f.write("text", 1, MPI.INT));
        shortDirectBuffers(f);
        Datatype vec = Datatype.createVector(2, 1, 3, MPI.INT); // 2 ints 12 bytes apart: size 8, extent 16
        expect("an uncommitted filetype", MPI.ERR_TYPE, "not committed", () -> f.setView(0, MPI.INT, vec, "native"));
        vec.commit();
        vectorBeyondTheBuffer(f, vec);
        vec.free();
        expect("a null data representation", MPI.ERR_ARG, "null", () -> f.setView(0, MPI.INT, MPI.INT, null));
        same("nothing was written, no pointer moved", f.getSize() == 0 && f.getPosition() == 0
                && f.getPositionShared() == 0 && f.getView().getEType() == MPI.BYTE);
        f.writeAt(0, new int[] {42}, 1, MPI.INT);
        f.close();
        expect("a closed file used again", MPI.ERR_FILE, "closed by File.close", () -> f.getSize());
        expect("a closed file written", MPI.ERR_FILE, "closed by File.close", () -> f.writeAt(0, new int[] {1}, 1, MPI.INT));
        expect("a closed file closed again", MPI.ERR_FILE, "closed by File.close", f::close);
        expect("a null path", MPI.ERR_BAD_FILE, "null", () -> new File(MPI.COMM_SELF, null, MPI.MODE_RDONLY));
        File check = new File(MPI.COMM_SELF, path, MPI.MODE_RDONLY);
        int[] v = new int[2];
        check.readAt(0, v, 1, MPI.INT);
        same("the file holds only the good write", check.getSize() == 4 && v[0] == 42);
        check.close();
        File.delete(path);
    }

    /**
     * Every File member that takes a buffer, with a direct buffer of 2 ints and a count of 5:
     * the raw binding lets MPI read or write 12 bytes past its end.
     */
    static void shortDirectBuffers(File f) {
        String words = "buf is a direct IntBuffer of 8 bytes, the call moves 5 elements (20 bytes) through it";
        IntBuffer b = MPI.newIntBuffer(2);
        Datatype t = MPI.INT;
        expect("short direct buffer: readAt", MPI.ERR_BUFFER, words, () -> f.readAt(0, b, 5, t));
        expect("short direct buffer: readAtAll", MPI.ERR_BUFFER, words, () -> f.readAtAll(0, b, 5, t));
        expect("short direct buffer: writeAt", MPI.ERR_BUFFER, words, () -> f.writeAt(0, b, 5, t));
        expect("short direct buffer: writeAtAll", MPI.ERR_BUFFER, words, () -> f.writeAtAll(0, b, 5, t));
        expect("short direct buffer: iReadAt", MPI.ERR_BUFFER, words, () -> f.iReadAt(0, b, 5, t));
        expect("short direct buffer: iReadAtAll", MPI.ERR_BUFFER, words, () -> f.iReadAtAll(0, b, 5, t));
        expect("short direct buffer: iWriteAt", MPI.ERR_BUFFER, words, () -> f.iWriteAt(0, b, 5, t));
        expect("short direct buffer: iWriteAtAll", MPI.ERR_BUFFER, words, () -> f.iWriteAtAll(0, b, 5, t));
        expect("short direct buffer: read", MPI.ERR_BUFFER, words, () -> f.read(b, 5, t));
        expect("short direct buffer: readAll", MPI.ERR_BUFFER, words, () -> f.readAll(b, 5, t));
        expect("short direct buffer: write", MPI.ERR_BUFFER, words, () -> f.write(b, 5, t));
        expect("short direct buffer: writeAll", MPI.ERR_BUFFER, words, () -> f.writeAll(b, 5, t));
        expect("short direct buffer: iRead", MPI.ERR_BUFFER, words, () -> f.iRead(b, 5, t));
        expect("short direct buffer: iReadAll", MPI.ERR_BUFFER, words, () -> f.iReadAll(b, 5, t));
        expect("short direct buffer: iWrite", MPI.ERR_BUFFER, words, () -> f.iWrite(b, 5, t));
        expect("short direct buffer: iWriteAll", MPI.ERR_BUFFER, words, () -> f.iWriteAll(b, 5, t));
        expect("short direct buffer: readShared", MPI.ERR_BUFFER, words, () -> f.readShared(b, 5, t));
        expect("short direct buffer: writeShared", MPI.ERR_BUFFER, words, () -> f.writeShared(b, 5, t));
        expect("short direct buffer: iReadShared", MPI.ERR_BUFFER, words, () -> f.iReadShared(b, 5, t));
        expect("short direct buffer: iWriteShared", MPI.ERR_BUFFER, words, () -> f.iWriteShared(b, 5, t));
        expect("short direct buffer: readOrdered", MPI.ERR_BUFFER, words, () -> f.readOrdered(b, 5, t));
        expect("short direct buffer: writeOrdered", MPI.ERR_BUFFER, words, () -> f.writeOrdered(b, 5, t));
        expect("short direct buffer: readAtAllBegin", MPI.ERR_BUFFER, words, () -> f.readAtAllBegin(0, b, 5, t));
        expect("short direct buffer: writeAtAllBegin", MPI.ERR_BUFFER, words, () -> f.writeAtAllBegin(0, b, 5, t));
        expect("short direct buffer: readAllBegin", MPI.ERR_BUFFER, words, () -> f.readAllBegin(b, 5, t));
        expect("short direct buffer: writeAllBegin", MPI.ERR_BUFFER, words, () -> f.writeAllBegin(b, 5, t));
        expect("short direct buffer: readOrderedBegin", MPI.ERR_BUFFER, words, () -> f.readOrderedBegin(b, 5, t));
        expect("short direct buffer: writeOrderedBegin", MPI.ERR_BUFFER, words, () -> f.writeOrderedBegin(b, 5, t));
        // a ByteBuffer is measured in bytes whatever the datatype
        expect("short direct ByteBuffer", MPI.ERR_BUFFER, "buf is a direct ByteBuffer of 19 bytes",
                () -> f.readAt(0, MPI.newByteBuffer(19), 5, t));
    }

    /** Two vector elements span 32 bytes; count * size is only 16, and the buffers hold 24. */
    static void vectorBeyondTheBuffer(File f, Datatype vec) throws MPIException {
        String words = "buf is a direct IntBuffer of 24 bytes, the call needs bytes 0 to 32 of it (2 elements of its datatype)";
        expect("vector beyond a direct buffer: readAt", MPI.ERR_BUFFER, words, () -> f.readAt(0, MPI.newIntBuffer(6), 2, vec));
        expect("vector beyond a direct buffer: write", MPI.ERR_BUFFER, words, () -> f.write(MPI.newIntBuffer(6), 2, vec));
        expect("vector beyond a direct buffer: iReadAt", MPI.ERR_BUFFER, words,
                () -> f.iReadAt(0, MPI.newIntBuffer(6), 2, vec));
        expect("vector beyond a direct buffer: readAllBegin", MPI.ERR_BUFFER, words,
                () -> f.readAllBegin(MPI.newIntBuffer(6), 2, vec));
        // the raw binding copies an array with a vector type unchecked: a read overwrites the Java heap
        String array = "buf is an int[] of 24 bytes, the call's 2 elements of the datatype reach byte 32";
        expect("vector beyond an array: readAt", MPI.ERR_BUFFER, array, () -> f.readAt(0, new int[6], 2, vec));
        expect("vector beyond an array: writeAt", MPI.ERR_BUFFER, array, () -> f.writeAt(0, new int[6], 2, vec));
        expect("vector beyond an array: readAllBegin", MPI.ERR_BUFFER, array, () -> f.readAllBegin(new int[6], 2, vec));
        expect("vector beyond a heap buffer: read", MPI.ERR_BUFFER, "buf is a heap IntBuffer over " + array.substring(7),
                () -> f.read(IntBuffer.allocate(6), 2, vec));
        expect("vector with a negative count on an array", MPI.ERR_COUNT, "negative", () -> f.readAt(0, new int[8], -1, vec));
        // one int 4 bytes in (lb 4, extent 4): MPI reads past the binding's count * extent byte copy of the array
        Datatype skip = Datatype.createIndexed(new int[] {1}, new int[] {1}, MPI.INT);
        skip.commit();
        expect("an array with a type past the binding's copy", MPI.ERR_BUFFER,
                "buf is an array, which the binding hands MPI as a copy of count * extent = 8 bytes, but the"
                        + " datatype's elements reach byte 12", () -> f.readAt(0, new int[8], 2, skip));
        skip.free();
    }

    static int[] ints(IntBuffer b) {
        int[] a = new int[b.capacity()];
        for (int i = 0; i < a.length; i++) {
            a[i] = b.get(i);
        }
        return a;
    }

    static IntBuffer direct(int... values) {
        IntBuffer b = MPI.newIntBuffer(values.length);
        b.put(values).clear();
        return b;
    }

    static void compare(String dir) throws MPIException {
        String path = dir + "/fit-" + rank + ".dat";
        new java.io.File(path).delete();
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_CREATE | MPI.MODE_RDWR);
        int base = 100 * (rank + 1);
        int[] pattern = new int[16];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = base + i;
        }

        // exactly fitting direct buffers: blocking, non-blocking, split collective
        Status w = f.write(direct(Arrays.copyOf(pattern, 5)), 5, MPI.INT);
        data("write from a fitting direct buffer", w.getCount(MPI.INT) == 5 && f.getPosition() == 20, f.getPosition());
        IntBuffer rest = direct(Arrays.copyOfRange(pattern, 5, 16));
        f.writeAtAllBegin(20, rest, 11, MPI.INT);
        Status we = f.writeAtAllEnd(rest);
        data("writeAtAllBegin/End from a fitting direct buffer", f.getSize() == 64 && we.getCount(MPI.INT) == 11,
                f.getSize());
        IntBuffer r = MPI.newIntBuffer(5);
        Status rs = f.readAt(0, r, 5, MPI.INT);
        data("readAt into a fitting direct buffer", Arrays.equals(ints(r), Arrays.copyOf(pattern, 5))
                && rs.getCount(MPI.INT) == 5, Arrays.toString(ints(r)));
        IntBuffer nb = MPI.newIntBuffer(5);
        Request q = f.iReadAt(20, nb, 5, MPI.INT);
        q.waitFor();
        data("iReadAt into a fitting direct buffer", Arrays.equals(ints(nb), Arrays.copyOfRange(pattern, 5, 10)),
                Arrays.toString(ints(nb)));
        IntBuffer sc = MPI.newIntBuffer(5);
        f.seek(0, MPI.SEEK_SET);
        f.readAllBegin(sc, 5, MPI.INT);
        Status se = f.readAllEnd(sc);
        data("readAllBegin/End into a fitting direct buffer", Arrays.equals(ints(sc), Arrays.copyOf(pattern, 5))
                && se.getCount(MPI.INT) == 5 && f.getPosition() == 20, Arrays.toString(ints(sc)));
        ByteBuffer bytes = MPI.newByteBuffer(20).order(java.nio.ByteOrder.nativeOrder());
        f.readAt(0, bytes, 5, MPI.INT);
        data("readAt into a fitting direct ByteBuffer", bytes.getInt(16) == base + 4, bytes.getInt(16));

        // a vector (2 ints 12 bytes apart, extent 16): 2 elements span exactly 32 bytes
        Datatype vec = Datatype.createVector(2, 1, 3, MPI.INT);
        vec.commit();
        IntBuffer vb = MPI.newIntBuffer(8);
        f.readAt(0, vb, 2, vec);
        int[] want = {base, 0, 0, base + 1, base + 2, 0, 0, base + 3}; // consecutive file ints into the vector's places
        data("vector read into a fitting direct buffer", Arrays.equals(ints(vb), want), Arrays.toString(ints(vb)));
        int[] va = new int[8];
        f.readAt(0, va, 2, vec);
        data("vector read into a fitting array", Arrays.equals(va, want), Arrays.toString(va));
        Datatype skip = Datatype.createIndexed(new int[] {1}, new int[] {1}, MPI.INT); // one int, 4 bytes in
        skip.commit();
        IntBuffer sb = MPI.newIntBuffer(2);
        f.readAt(4, sb, 1, skip);
        data("a type starting 4 bytes in, read into a fitting direct buffer", sb.get(1) == base + 1,
                Arrays.toString(ints(sb)));
        skip.free();
        f.writeAt(64, direct(-1, -2, -3, -4, -5, -6, -7, -8), 2, vec);
        int[] back = new int[4];
        f.readAt(64, back, 4, MPI.INT);
        data("vector written from a fitting direct buffer", Arrays.equals(back, new int[] {-1, -4, -5, -8}),
                Arrays.toString(back));

        // what the binding itself throws: short arrays with a predefined or contiguous type, negative counts
        thrown("readAt into a short array", ArrayIndexOutOfBoundsException.class, () -> f.readAt(0, new int[2], 5, MPI.INT));
        thrown("read into a short heap buffer", ArrayIndexOutOfBoundsException.class,
                () -> f.read(IntBuffer.allocate(2), 5, MPI.INT));
        data("the binding read before it noticed the short buffer", f.getPosition() == 40, f.getPosition());
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        thrown("readAt into a short array with a contiguous type", ArrayIndexOutOfBoundsException.class,
                () -> f.readAt(0, new int[2], 3, pair));
        thrown("readAt with a negative count into an array", ArrayIndexOutOfBoundsException.class,
                () -> f.readAt(0, new int[2], -1, MPI.INT));
        thrown("readAt with a negative count into a direct buffer", MPIException.class,
                () -> f.readAt(0, MPI.newIntBuffer(2), -1, MPI.INT));
        data("reads changed nothing", f.getSize() == 80, f.getSize());
        pair.free();
        vec.free();
        f.close();
        File.delete(path);
    }
}
