package mana.conformance.rma;

import java.nio.IntBuffer;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Win;

/**
 * Bad one-sided input through MANA (2 ranks, windows and MPI_COMM_WORLD set to ERRORS_RETURN)
 * that the raw binding hands to MPI unchecked (a count beyond the origin buffer, a null or heap
 * result or compare buffer, a
 * null name) or answers only after binding a user op to a dying JNI reference. Each must give
 * an MPIException of the expected class naming the problem, change no window, and never crash
 * the JVM. Not run on the raw binding: it would read or write foreign memory there.
 */
public final class WinBadInput {
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

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int right = (rank + 1) % MPI.COMM_WORLD.getSize();
        IntBuffer wb = MPI.newIntBuffer(8);
        for (int i = 0; i < 8; i++) {
            wb.put(i, 40 + i);
        }
        Win w = new Win(wb, 8, 1, MPI.INFO_NULL, MPI.COMM_WORLD);
        w.setErrhandler(MPI.ERRORS_RETURN);
        IntBuffer two = MPI.newIntBuffer(2);
        IntBuffer one = MPI.newIntBuffer(1);
        w.fence(0);
        expect("count beyond the origin buffer", MPI.ERR_BUFFER, "span 20 bytes, the direct",
                () -> w.put(two, 5, MPI.INT, right, 0, 5, MPI.INT));
        expect("get into a too small buffer", MPI.ERR_BUFFER, "origin buffer too small",
                () -> w.get(one, 4, MPI.INT, right, 0, 4, MPI.INT));
        expect("rPut beyond the origin buffer", MPI.ERR_BUFFER, "MPI_Rput",
                () -> w.rPut(two, 3, MPI.INT, right, 0, 3, MPI.INT));
        expect("getAccumulate into a too small result", MPI.ERR_BUFFER, "result buffer too small",
                () -> w.getAccumulate(two, 2, MPI.INT, one, 2, MPI.INT, right, 0, 2, MPI.INT, MPI.SUM));
        expect("fetchAndOp with a null result", MPI.ERR_BUFFER, "result buffer is null",
                () -> w.fetchAndOp(one, null, MPI.INT, right, 0, MPI.SUM));
        expect("fetchAndOp with a heap result", MPI.ERR_BUFFER, "must be a direct buffer",
                () -> w.fetchAndOp(one, IntBuffer.allocate(1), MPI.INT, right, 0, MPI.SUM));
        expect("compareAndSwap with a heap compare buffer", MPI.ERR_BUFFER, "compare buffer must be a direct",
                () -> w.compareAndSwap(one, IntBuffer.allocate(1), MPI.newIntBuffer(1), MPI.INT, right, 0));
        Op mine = new Op(new mpi.UserFunction() {
        }, true);
        expect("accumulate with a user-defined op", MPI.ERR_OP, "predefined ops only",
                () -> w.accumulate(one, 1, MPI.INT, right, 0, 1, MPI.INT, mine));
        mine.free();
        w.fence(0);
        boolean same = true;
        for (int i = 0; i < 8; i++) {
            same &= wb.get(i) == 40 + i;
        }
        System.out.println((same ? "OK " : "FAIL ") + "rank " + rank + ": no window changed");
        expect("a null window name", MPI.ERR_ARG, "null", () -> w.setName(null));
        // Open MPI's flush reads past the window's group for these (SIGSEGV)
        expect("flush of a rank outside the window", MPI.ERR_RANK, "not a rank of the window's group", () -> w.flush(99));
        expect("flushLocal of a negative rank", MPI.ERR_RANK, "not a rank of the window's group", () -> w.flushLocal(-3));
        expect("attach beyond the buffer", MPI.ERR_BUFFER, "holds 2", () -> {
            Win d = new Win(MPI.INFO_NULL, MPI.COMM_WORLD);
            d.setErrhandler(MPI.ERRORS_RETURN);
            try {
                d.attach(two, 9);
            } finally {
                d.free();
            }
        });
        // the binding writes an 8-byte address into the base buffer: MANA never writes past a smaller one
        IntBuffer small = MPI.newIntBuffer(1);
        Win a = new Win(4, 1, MPI.INFO_NULL, MPI.COMM_WORLD, small, Win.FLAVOR_PRIVATE);
        a.fence(0);
        a.free();
        System.out.println((small.get(0) != 0 ? "OK " : "FAIL ") + "rank " + rank
                + ": allocate with a 4-byte base buffer works and gets the address's first bytes");
        w.free();
        expect("a freed window used again", MPI.ERR_WIN, "freed by Win.free", () -> w.fence(0));
        expect("a freed window's attribute", MPI.ERR_WIN, "freed by Win.free", () -> w.getAttr(MPI.WIN_SIZE));
        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
