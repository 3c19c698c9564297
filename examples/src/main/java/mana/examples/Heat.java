package mana.examples;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.DoubleBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import mana.api.Mana;
import mpi.CartComm;
import mpi.Datatype;
import mpi.File;
import mpi.FileView;
import mpi.MPI;
import mpi.MPIException;
import mpi.ShiftParms;

/**
 * 2-D heat diffusion (explicit finite differences) on a non-periodic Cartesian communicator.
 * Each rank owns a block of the global grid plus a one-cell halo; every step it exchanges the
 * halo with its four neighbours ({@code shift} + {@code sendRecv}; at the borders the neighbour
 * is PROC_NULL and the halo keeps its fixed value 0), then updates its block. At the end every
 * rank writes its block into one file with collective MPI-IO: the file view is the block's place
 * in the global row-major array (a vector filetype: one run of columns per row of the block),
 * and {@code writeAll} writes it. Rank 0 reads the file back with MPI-IO and compares it with a
 * serial computation of the same steps: they must be equal bit for bit. Output is deterministic.
 *
 * <p>Checkpointable with MANA: the state (step, field, the Cartesian communicator and an open
 * log file) is offered at a safe point at the top of every step and taken back after
 * {@code MPI.Init} on a restart. The log ({@code file.log}) gets every rank's heat after every
 * step through the individual file pointer of an interleaving view (rank r's values at
 * r, r + size, ...), so a file is mid-write at any checkpoint. The printed checksum covers the
 * field file and the log; it is the same with or without checkpoints, kills and restarts.
 *
 * <pre>mana run -np 4 --class mana.examples.Heat examples/target/mana-examples.jar [file] [steps] [ms per step]</pre>
 */
public final class Heat {
    static final int NX = 24;
    static final int NY = 24;
    static final double ALPHA = 0.1;
    static final int TAG = 11;

    /** Everything the computation needs to go on: the rank's block with its halo, and the step. */
    static final class State implements Serializable {
        private static final long serialVersionUID = 1L;
        final double[] field;
        /** Restored with its topology by MANA: the neighbours are asked again after a restart. */
        final CartComm grid;
        /** Open across steps; MANA reopens it with its view and individual pointer. */
        final File log;
        int step;

        State(double[] field, CartComm grid, File log) {
            this.field = field;
            this.grid = grid;
            this.log = log;
        }
    }

    private Heat() {
    }

    public static void main(String[] args) throws MPIException, InterruptedException {
        MPI.Init(args);
        String path = args.length > 0 ? args[0] : "heat.dat";
        int steps = args.length > 1 ? Integer.parseInt(args[1]) : 50;
        int ms = args.length > 2 ? Integer.parseInt(args[2]) : 0;
        int size = MPI.COMM_WORLD.getSize();

        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        if (NX % dims[0] != 0 || NY % dims[1] != 0) {
            if (MPI.COMM_WORLD.getRank() == 0) {
                System.out.println("heat: " + NX + " x " + NY + " does not split over " + dims[0] + " x " + dims[1]);
            }
            MPI.Finalize();
            System.exit(2);
        }
        int lx = NX / dims[0];
        int ly = NY / dims[1];
        State state = Mana.restoredState(State.class).orElse(null);
        if (state == null) {
            state = start(path, dims, lx, ly);
        } else {
            System.out.println("heat: rank " + state.grid.getRank() + " resumes at step " + state.step);
            FileView v = state.log.getView();
            if (v.getDisp() != 8L * state.grid.getRank() || v.getEType() != MPI.DOUBLE || !"native".equals(v.getDataRep())) {
                System.out.println("FAIL heat: the log's view came back as disp " + v.getDisp() + ", " + v.getDataRep());
                System.exit(1);
            }
        }
        CartComm grid = state.grid;
        int rank = grid.getRank();
        int[] coords = grid.getCoords(rank);
        int x0 = coords[0] * lx;
        int y0 = coords[1] * ly;
        ShiftParms down = grid.shift(0, 1);
        ShiftParms right = grid.shift(1, 1);
        double[] next = new double[state.field.length];
        double[] heat = new double[1];

        // The main loop: the safe point at the top of each step offers the state; the
        // neighbours and the buffers above are remade from it after a restart.
        while (state.step < steps) {
            Mana.safePoint(state);
            exchange(grid, state.field, lx, ly, down, right);
            update(state.field, next, lx, ly);
            System.arraycopy(next, 0, state.field, 0, next.length);
            heat[0] = blockSum(state.field, lx, ly);
            state.log.write(heat, 1, MPI.DOUBLE);
            state.step++;
            if (ms > 0) {
                Thread.sleep(ms);
            }
        }
        state.log.close();

        double[] block = new double[lx * ly];
        for (int i = 0; i < lx; i++) {
            System.arraycopy(state.field, (i + 1) * (ly + 2) + 1, block, i * ly, ly);
        }
        write(grid, path, block, lx, ly, x0, y0);
        grid.barrier();
        int status = 0;
        if (rank == 0) {
            status = check(path, steps, dims);
            System.out.println("heat checksum: " + checksum(path) + " (" + steps + " steps, " + size + " ranks)");
        }
        int[] st = {status};
        grid.bcast(st, 1, MPI.INT, 0);
        grid.free();
        MPI.Finalize();
        if (st[0] != 0) {
            System.exit(st[0]);
        }
    }

    /** A fresh start: the grid, the initial block, and the log opened empty with an interleaving view. */
    static State start(String path, int[] dims, int lx, int ly) throws MPIException {
        CartComm grid = MPI.COMM_WORLD.createCart(dims, new boolean[] {false, false}, true);
        int rank = grid.getRank();
        int[] coords = grid.getCoords(rank);
        File log = new File(grid, path + ".log", MPI.MODE_CREATE | MPI.MODE_WRONLY);
        log.setSize(0);
        Datatype every = Datatype.createResized(MPI.DOUBLE, 0, 8 * grid.getSize());
        every.commit();
        log.setView(8L * rank, MPI.DOUBLE, every, "native");
        every.free(); // the view keeps it; MANA must rebuild the view without the handle
        State state = new State(new double[(lx + 2) * (ly + 2)], grid, log);
        for (int i = 0; i < lx; i++) {
            for (int j = 0; j < ly; j++) {
                state.field[(i + 1) * (ly + 2) + j + 1] = initial(coords[0] * lx + i, coords[1] * ly + j);
            }
        }
        return state;
    }

    static double blockSum(double[] u, int lx, int ly) {
        double sum = 0;
        for (int i = 1; i <= lx; i++) {
            for (int j = 1; j <= ly; j++) {
                sum += u[i * (ly + 2) + j];
            }
        }
        return sum;
    }

    /** CRC-32 of the field file and the log, so runs can be compared in one line. */
    static String checksum(String path) {
        CRC32 crc = new CRC32();
        try {
            crc.update(Files.readAllBytes(Path.of(path)));
            crc.update(Files.readAllBytes(Path.of(path + ".log")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return String.format("%08x", crc.getValue());
    }

    /** A hot square in the middle of a cold plate. */
    static double initial(int x, int y) {
        return x >= NX / 3 && x < 2 * NX / 3 && y >= NY / 3 && y < 2 * NY / 3 ? 100.0 : 0.0;
    }

    /**
     * Halo exchange with the four neighbours; PROC_NULL at the borders leaves the halo at 0.
     * Edges (rows, and columns with stride ly + 2) go through small contiguous buffers.
     */
    static void exchange(CartComm grid, double[] u, int lx, int ly, ShiftParms down, ShiftParms right)
            throws MPIException {
        int w = ly + 2;
        double[] out = new double[Math.max(lx, ly)];
        double[] in = new double[Math.max(lx, ly)];
        // rows: my last row goes down and my top halo comes from above, then the other way round
        swap(grid, u, lx * w + 1, 1, ly, down.getRankDest(), 1, 1, down.getRankSource(), out, in);
        swap(grid, u, w + 1, 1, ly, down.getRankSource(), (lx + 1) * w + 1, 1, down.getRankDest(), out, in);
        // columns: stride w
        swap(grid, u, w + ly, w, lx, right.getRankDest(), w, w, right.getRankSource(), out, in);
        swap(grid, u, w + 1, w, lx, right.getRankSource(), w + ly + 1, w, right.getRankDest(), out, in);
    }

    /** Sends n values of u (from, stride) to dest and receives n values from source into u (to, stride). */
    static void swap(CartComm grid, double[] u, int from, int stride, int n, int dest, int to, int toStride,
                     int source, double[] out, double[] in) throws MPIException {
        for (int k = 0; k < n; k++) {
            out[k] = u[from + k * stride];
        }
        grid.sendRecv(out, n, MPI.DOUBLE, dest, TAG, in, n, MPI.DOUBLE, source, TAG);
        if (source != MPI.PROC_NULL) {
            for (int k = 0; k < n; k++) {
                u[to + k * toStride] = in[k];
            }
        }
    }

    static void update(double[] u, double[] next, int lx, int ly) {
        int w = ly + 2;
        for (int i = 1; i <= lx; i++) {
            for (int j = 1; j <= ly; j++) {
                int k = i * w + j;
                next[k] = u[k] + ALPHA * (u[k - w] + u[k + w] + u[k - 1] + u[k + 1] - 4 * u[k]);
            }
        }
    }

    /** Collective write: the view puts my block at its place in the global row-major array. */
    static void write(CartComm grid, String path, double[] block, int lx, int ly, int x0, int y0)
            throws MPIException {
        Datatype filetype = Datatype.createVector(lx, ly, NY, MPI.DOUBLE);
        filetype.commit();
        File f = new File(grid, path, MPI.MODE_CREATE | MPI.MODE_WRONLY);
        f.setSize(0);
        f.setView((long) (x0 * NY + y0) * 8, MPI.DOUBLE, filetype, "native");
        f.writeAll(block, lx * ly, MPI.DOUBLE);
        f.close();
        filetype.free();
    }

    /** Rank 0: the file against a serial computation of the same steps. */
    static int check(String path, int steps, int[] dims) throws MPIException {
        double[] u = new double[(NX + 2) * (NY + 2)];
        for (int x = 0; x < NX; x++) {
            for (int y = 0; y < NY; y++) {
                u[(x + 1) * (NY + 2) + y + 1] = initial(x, y);
            }
        }
        double[] next = new double[u.length];
        for (int s = 0; s < steps; s++) {
            update(u, next, NX, NY);
            System.arraycopy(next, 0, u, 0, u.length);
        }
        DoubleBuffer got = MPI.newDoubleBuffer(NX * NY);
        File f = new File(MPI.COMM_SELF, path, MPI.MODE_RDONLY);
        long bytes = f.getSize();
        f.readAt(0, got, NX * NY, MPI.DOUBLE);
        f.close();
        double maxDiff = 0;
        double sum = 0;
        for (int x = 0; x < NX; x++) {
            for (int y = 0; y < NY; y++) {
                double serial = u[(x + 1) * (NY + 2) + y + 1];
                maxDiff = Math.max(maxDiff, Math.abs(got.get(x * NY + y) - serial));
                sum += serial;
            }
        }
        System.out.printf("heat: %d x %d grid on %d x %d ranks, %d steps, file %d bytes, heat %.6f, max |file - serial| = %s%n",
                NX, NY, dims[0], dims[1], steps, bytes, sum, maxDiff);
        boolean ok = maxDiff == 0.0 && bytes == 8L * NX * NY;
        System.out.println(ok ? "OK heat: the file equals the serial computation" : "FAIL heat: the file differs");
        return ok ? 0 : 1;
    }
}
