package mana.ckpt.internal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import mana.core.vid.Handles;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Collective exchanges of the checkpoint engine over the platform's private duplicate of
 * MPI_COMM_WORLD (so they never match the application's messages or collectives).
 */
final class WorldExchange {
    final Intracomm world;
    final int rank;
    final int size;

    WorldExchange() throws MPIException {
        Object w = Handles.internalWorld();
        if (!(w instanceof Intracomm ic)) {
            throw new IllegalStateException("MANA: the platform's duplicate of MPI_COMM_WORLD is missing (MPI not initialized?)");
        }
        this.world = ic;
        this.rank = ic.getRank();
        this.size = ic.getSize();
    }

    /** Every rank's array, by rank (arrays may differ in length). */
    long[][] allGather(long[] mine) throws MPIException {
        int[] counts = new int[size];
        world.allGather(new int[] {mine.length}, 1, MPI.INT, counts, 1, MPI.INT);
        int[] displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            displs[r] = total;
            total += counts[r];
        }
        long[] all = new long[Math.max(total, 1)];
        world.allGatherv(mine.length == 0 ? new long[1] : mine, mine.length, MPI.LONG, all, counts, displs, MPI.LONG);
        long[][] out = new long[size][];
        for (int r = 0; r < size; r++) {
            out[r] = new long[counts[r]];
            System.arraycopy(all, displs[r], out[r], 0, counts[r]);
        }
        return out;
    }

    /** The outcome of {@link #agreeAndGather}: the agreed problem (null if none) and every rank's values. */
    record Gathered(String problem, long[][] values) {
    }

    /**
     * {@link #agree} and an all-gather of {@code n} values per rank in one collective when no rank
     * has a problem (two otherwise): the step after the rank files are written, where every
     * collective costs on a loaded machine.
     */
    Gathered agreeAndGather(String problem, long[] mine) throws MPIException {
        int n = mine.length;
        byte[] bytes = problem == null ? new byte[0] : problem.getBytes(StandardCharsets.UTF_8);
        long[] send = new long[n + 1];
        send[0] = bytes.length;
        System.arraycopy(mine, 0, send, 1, n);
        long[] all = new long[(n + 1) * size];
        world.allGather(send, n + 1, MPI.LONG, all, n + 1, MPI.LONG);
        long[][] values = new long[size][n];
        int[] counts = new int[size];
        boolean any = false;
        for (int r = 0; r < size; r++) {
            counts[r] = (int) all[r * (n + 1)];
            any |= counts[r] > 0;
            System.arraycopy(all, r * (n + 1) + 1, values[r], 0, n);
        }
        return new Gathered(any ? problems(bytes, counts) : null, values);
    }

    /** Every rank's problem text, given their lengths; "rank r: problem" joined by "; ". */
    private String problems(byte[] mine, int[] counts) throws MPIException {
        int[] displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            displs[r] = total;
            total += counts[r];
        }
        byte[] all = new byte[total];
        world.allGatherv(mine.length == 0 ? new byte[1] : mine, mine.length, MPI.BYTE, all, counts, displs, MPI.BYTE);
        List<String> parts = new ArrayList<>();
        for (int r = 0; r < size; r++) {
            if (counts[r] > 0) {
                parts.add((size > 1 ? "rank " + r + ": " : "") + new String(all, displs[r], counts[r], StandardCharsets.UTF_8));
            }
        }
        return String.join("; ", parts);
    }

    /** Every rank's string, by rank. */
    String[] allGatherStrings(String mine) throws MPIException {
        byte[] b = mine.getBytes(StandardCharsets.UTF_8);
        int[] counts = new int[size];
        world.allGather(new int[] {b.length}, 1, MPI.INT, counts, 1, MPI.INT);
        int[] displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            displs[r] = total;
            total += counts[r];
        }
        byte[] all = new byte[Math.max(total, 1)];
        world.allGatherv(b.length == 0 ? new byte[1] : b, b.length, MPI.BYTE, all, counts, displs, MPI.BYTE);
        String[] out = new String[size];
        for (int r = 0; r < size; r++) {
            out[r] = new String(all, displs[r], counts[r], StandardCharsets.UTF_8);
        }
        return out;
    }

    /** Sends {@code toEach[r]} to rank r; returns what each rank sent to this one. */
    long[][] allToAll(long[][] toEach) throws MPIException {
        int[] sendCounts = new int[size];
        int[] sdispls = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) {
            sendCounts[r] = toEach[r].length;
            sdispls[r] = total;
            total += sendCounts[r];
        }
        long[] send = new long[Math.max(total, 1)];
        for (int r = 0; r < size; r++) {
            System.arraycopy(toEach[r], 0, send, sdispls[r], sendCounts[r]);
        }
        int[] recvCounts = new int[size];
        world.allToAll(sendCounts, 1, MPI.INT, recvCounts, 1, MPI.INT);
        int[] rdispls = new int[size];
        int rtotal = 0;
        for (int r = 0; r < size; r++) {
            rdispls[r] = rtotal;
            rtotal += recvCounts[r];
        }
        long[] recv = new long[Math.max(rtotal, 1)];
        world.allToAllv(send, sendCounts, sdispls, MPI.LONG, recv, recvCounts, rdispls, MPI.LONG);
        long[][] out = new long[size][];
        for (int r = 0; r < size; r++) {
            out[r] = new long[recvCounts[r]];
            System.arraycopy(recv, rdispls[r], out[r], 0, recvCounts[r]);
        }
        return out;
    }

    /**
     * Agreement on a problem: every rank passes its own (null if none) and every rank gets the
     * same answer, null when no rank had one, else "rank r: problem" joined by "; ".
     */
    String agree(String problem) throws MPIException {
        byte[] mine = problem == null ? new byte[0] : problem.getBytes(StandardCharsets.UTF_8);
        int[] counts = new int[size];
        world.allGather(new int[] {mine.length}, 1, MPI.INT, counts, 1, MPI.INT);
        for (int c : counts) {
            if (c > 0) {
                return problems(mine, counts);
            }
        }
        return null;
    }

    /** Rank 0's string on every rank (null stays null). */
    String fromRankZero(String s) throws MPIException {
        byte[] b = s == null ? new byte[0] : s.getBytes(StandardCharsets.UTF_8);
        int[] n = {s == null ? -1 : b.length};
        world.bcast(n, 1, MPI.INT, 0);
        if (n[0] < 0) {
            return null;
        }
        byte[] buf = rank == 0 ? b : new byte[n[0]];
        if (n[0] > 0) {
            world.bcast(buf, n[0], MPI.BYTE, 0);
        }
        return new String(buf, StandardCharsets.UTF_8);
    }

    void barrier() throws MPIException {
        world.barrier();
    }
}
