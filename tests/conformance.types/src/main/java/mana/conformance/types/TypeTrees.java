package mana.conformance.types;

import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * A deep datatype tree whose parents are freed as soon as each child exists (contiguous,
 * vector, hvector, indexed, dup, resized, struct: seven levels), used by send/recv, bcast and
 * an iBcast during which the datatype itself is freed. Each transfer is checked against the
 * layout computed here (data ints moved, holes untouched). Every datatype is freed at the end,
 * so MANA must hold no datatype handle or descriptor afterwards (checked by the test with
 * mana:handles and mana:kinds). Prints "OK name" on rank 0; a mismatch prints FAIL and exits 1.
 */
public final class TypeTrees {
    static int rank;

    /** Where a datatype's ints lie, in ints: the offsets of one element and its extent. */
    record Shape(int[] at, int extent) {
        static final Shape INT = new Shape(new int[] {0}, 1);

        Shape repeat(int count, int strideInts, int blockLength, int blockStride) {
            int[] out = new int[count * blockLength * at.length];
            int n = 0;
            for (int b = 0; b < count; b++) {
                for (int k = 0; k < blockLength; k++) {
                    for (int a : at) {
                        out[n++] = b * strideInts + k * blockStride + a;
                    }
                }
            }
            int maxEnd = (count - 1) * strideInts + blockLength * blockStride;
            return new Shape(out, maxEnd);
        }

        int[] positions(int count) {
            int[] out = new int[count * at.length];
            for (int e = 0; e < count; e++) {
                for (int i = 0; i < at.length; i++) {
                    out[e * at.length + i] = e * extent + at[i];
                }
            }
            return out;
        }
    }

    static void check(String name, boolean ok, String details) {
        if (!ok) {
            System.out.println("FAIL " + name + " (rank " + rank + "): " + details);
            System.out.flush();
            System.exit(1);
        }
        if (rank == 0) {
            System.out.println("OK " + name);
        }
    }

    /** The data ints hold 1000 + their position; holes hold -1. */
    static int[] data(Shape s, int count) {
        int[] buf = new int[count * s.extent()];
        Arrays.fill(buf, -1);
        for (int p : s.positions(count)) {
            buf[p] = 1000 + p;
        }
        return buf;
    }

    static int[] holes(Shape s, int count) {
        int[] buf = new int[count * s.extent()];
        Arrays.fill(buf, -1);
        return buf;
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        int peer = 1 - rank;

        Datatype t = Datatype.createContiguous(2, MPI.INT);
        Shape s = Shape.INT.repeat(1, 2, 2, 1);
        Datatype next = Datatype.createVector(2, 1, 2, t);          // blocks of t, stride 2 t
        s = s.repeat(2, 2 * s.extent(), 1, s.extent());
        t.free();
        t = next;
        next = Datatype.createHVector(2, 1, 32, t);                 // stride 32 bytes
        s = s.repeat(2, 8, 1, s.extent());
        t.free();
        t = next;
        next = Datatype.createIndexed(new int[] {1, 1}, new int[] {0, 2}, t); // displacements in t's extent
        s = new Shape(concat(s.positions(1), shift(s.positions(1), 2 * s.extent())), 3 * s.extent());
        t.free();
        t = next;
        next = t.dup();
        t.free();
        t = next;
        next = Datatype.createResized(t, 0, 4 * (s.extent() + 2));   // bytes
        s = new Shape(s.at(), s.extent() + 2);
        t.free();
        t = next;
        next = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4 * (s.extent() - 1)}, new Datatype[] {t, MPI.INT});
        s = new Shape(concat(s.at(), new int[] {s.extent() - 1}), s.extent());
        t.free();
        t = next;
        t.commit();
        check("seven-level tree built, every parent freed", t.getExtent() == 4 * s.extent(),
                "extent " + t.getExtent() + " want " + 4 * s.extent());
        check("size of the tree", t.getSize() == 4 * s.at().length, "size " + t.getSize());

        int count = 2;
        if (rank == 0) {
            MPI.COMM_WORLD.send(data(s, count), count, t, peer, 1);
        } else {
            int[] got = holes(s, count);
            MPI.COMM_WORLD.recv(got, count, t, peer, 1);
            check("send/recv through the tree", Arrays.equals(data(s, count), got), Arrays.toString(got));
        }
        if (rank == 0) {
            System.out.println("OK send/recv through the tree");
        }

        IntBuffer b = MPI.newIntBuffer(count * s.extent());
        b.put(rank == 1 ? data(s, count) : holes(s, count));
        MPI.COMM_WORLD.bcast(b, count, t, 1);
        int[] got = new int[count * s.extent()];
        b.get(0, got);
        check("bcast through the tree", Arrays.equals(data(s, count), got), Arrays.toString(got));

        // a non-blocking bcast with a dup of the tree; both types are freed while it is pending
        Datatype d = t.dup();
        d.commit();
        IntBuffer nb = MPI.newIntBuffer(count * s.extent());
        nb.put(rank == 0 ? data(s, count) : holes(s, count));
        Request r = MPI.COMM_WORLD.iBcast(nb, count, d, 0);
        d.free();
        t.free();
        r.waitFor();
        nb.get(0, got);
        check("iBcast with its datatype freed while pending", Arrays.equals(data(s, count), got), Arrays.toString(got));
        check("freed tree is null", t.isNull() && d.isNull(), "");

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static int[] shift(int[] a, int by) {
        int[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] += by;
        }
        return out;
    }
}
