package mana.examples;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The baseline of {@code tools/ckpt-levels-bench}: what the three checkpoint levels cost without
 * MANA, for the same bytes in the same places. Every rank writes MiB bytes and forces them
 * (1) into its node-local folder, (2) after sending them in 4 MiB chunks to the rank of the same
 * local index on the next node, into that rank's local folder (what a partner copy does), and
 * (3) into the shared folder. Prints, per step, the slowest rank's time:
 * {@code plain local: 12.3 ms}. Run it raw: {@code mpirun java -cp mpi.jar:mana-examples.jar}.
 *
 * <pre>mpirun ... java -cp ... mana.examples.PlainWrite MiB LOCAL-PATTERN(%h = host) SHARED-DIR</pre>
 */
public final class PlainWrite {
    static final int CHUNK = 4 << 20;

    private PlainWrite() {
    }

    public static void main(String[] args) throws MPIException, IOException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int mib = Integer.parseInt(args[0]);
        String host = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        Path local = Path.of(args[1].replace("%h", host), "plain");
        Path shared = Path.of(args[2]);
        Files.createDirectories(local);
        Files.createDirectories(shared);
        byte[] data = new byte[mib << 20];
        new java.util.Random(rank).nextBytes(data);
        int[] partners = partners(hosts(host, size));

        time("local", () -> write(local.resolve("rank-" + rank), data, data.length));
        time("partner", () -> {
            // sends to the partner, receives from every rank whose partner this one is
            List<Integer> sources = new ArrayList<>();
            for (int q = 0; q < size; q++) {
                if (partners != null && partners[q] == rank) {
                    sources.add(q);
                }
            }
            ByteBuffer send = MPI.newByteBuffer(CHUNK);
            byte[] in = new byte[CHUNK];
            List<FileChannel> outs = new ArrayList<>();
            for (int q : sources) {
                outs.add(FileChannel.open(local.resolve("partner-" + q), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING));
            }
            for (int off = 0; off < data.length; off += CHUNK) {
                int n = Math.min(CHUNK, data.length - off);
                Request r = null;
                if (partners != null) {
                    send.clear();
                    send.put(data, off, n);
                    r = MPI.COMM_WORLD.iSend(send, n, MPI.BYTE, partners[rank], 9);
                }
                for (int i = 0; i < sources.size(); i++) {
                    MPI.COMM_WORLD.recv(in, n, MPI.BYTE, sources.get(i), 9);
                    ByteBuffer b = ByteBuffer.wrap(in, 0, n);
                    while (b.hasRemaining()) {
                        outs.get(i).write(b);
                    }
                }
                if (r != null) {
                    r.waitFor();
                    r.free();
                }
            }
            for (FileChannel c : outs) {
                c.force(true);
                c.close();
            }
        });
        time("shared", () -> write(shared.resolve("rank-" + rank), data, data.length));
        MPI.Finalize();
    }

    interface Step {
        void run() throws IOException, MPIException;
    }

    /** Runs a step on every rank between barriers; rank 0 prints the slowest rank's time. */
    static void time(String what, Step step) throws MPIException, IOException {
        MPI.COMM_WORLD.barrier();
        long t0 = System.nanoTime();
        step.run();
        double[] ms = {(System.nanoTime() - t0) / 1e6};
        double[] max = new double[1];
        MPI.COMM_WORLD.reduce(ms, max, 1, MPI.DOUBLE, MPI.MAX, 0);
        if (MPI.COMM_WORLD.getRank() == 0) {
            System.out.printf("plain %s: %.1f ms%n", what, max[0]);
        }
    }

    static void write(Path f, byte[] data, int n) throws IOException {
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(data, 0, n);
            while (b.hasRemaining()) {
                c.write(b);
            }
            c.force(true);
        }
    }

    static String[] hosts(String mine, int size) throws MPIException {
        byte[] b = new byte[64];
        byte[] m = mine.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(m, 0, b, 0, Math.min(m.length, 64));
        byte[] all = new byte[64 * size];
        MPI.COMM_WORLD.allGather(b, 64, MPI.BYTE, all, 64, MPI.BYTE);
        String[] out = new String[size];
        for (int r = 0; r < size; r++) {
            out[r] = new String(all, 64 * r, 64, StandardCharsets.UTF_8).trim().replace("\0", "");
        }
        return out;
    }

    /** As MANA picks them: the same local index on the next node (null on one node). */
    static int[] partners(String[] hosts) {
        Map<String, List<Integer>> nodes = new LinkedHashMap<>();
        for (int r = 0; r < hosts.length; r++) {
            nodes.computeIfAbsent(hosts[r], h -> new ArrayList<>()).add(r);
        }
        if (nodes.size() < 2) {
            return null;
        }
        List<List<Integer>> order = new ArrayList<>(nodes.values());
        int[] out = new int[hosts.length];
        for (int n = 0; n < order.size(); n++) {
            List<Integer> next = order.get((n + 1) % order.size());
            for (int i = 0; i < order.get(n).size(); i++) {
                out[order.get(n).get(i)] = next.get(i % next.size());
            }
        }
        return out;
    }
}
