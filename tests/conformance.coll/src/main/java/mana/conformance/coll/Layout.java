package mana.conformance.coll;

import java.nio.IntBuffer;
import java.util.function.IntBinaryOperator;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;

/**
 * A datatype made of ints and where its ints lie: {@code extent} ints per element, of which
 * those at {@code offsets} are data and the rest are holes the type never touches. Buffers are
 * direct IntBuffers; holes hold {@link #HOLE}, so a check of the whole buffer also checks that
 * nothing was written outside the type.
 */
record Layout(String name, Datatype type, int extent, int[] offsets) {
    static final int HOLE = -1;

    /** int, vector (ints 0 and 2 of 3), struct (ints 0, 1 and 3 of 4), resized int (extent 2 ints). */
    static Layout[] all() throws MPIException {
        Datatype vector = Datatype.createVector(2, 1, 2, MPI.INT);
        vector.commit();
        Datatype struct = Datatype.createStruct(new int[] {2, 1}, new int[] {0, 12}, new Datatype[] {MPI.INT, MPI.INT});
        struct.commit();
        Datatype resized = Datatype.createResized(MPI.INT, 0, 8);
        resized.commit();
        return new Layout[] {
            new Layout("int", MPI.INT, 1, new int[] {0}),
            new Layout("vector", vector, 3, new int[] {0, 2}),
            new Layout("struct", struct, 4, new int[] {0, 1, 3}),
            new Layout("resized", resized, 2, new int[] {0}),
        };
    }

    /** Data ints per element. */
    int ints() {
        return offsets.length;
    }

    /**
     * {@code blocks} blocks of {@code count} elements; data int {@code j} of block {@code b} is
     * {@code v(b, j)}, or a hole when {@code v} gives {@link #HOLE}.
     */
    IntBuffer blocks(int blocks, int count, IntBinaryOperator v) {
        IntBuffer buf = MPI.newIntBuffer(Math.max(1, blocks * count * extent));
        for (int i = 0; i < buf.capacity(); i++) {
            buf.put(i, HOLE);
        }
        for (int b = 0; b < blocks; b++) {
            for (int k = 0; k < count; k++) {
                for (int p = 0; p < offsets.length; p++) {
                    buf.put((b * count + k) * extent + offsets[p], v.applyAsInt(b, k * offsets.length + p));
                }
            }
        }
        return buf;
    }

    IntBuffer holes(int elements) {
        return blocks(1, elements, (b, j) -> HOLE);
    }
}
