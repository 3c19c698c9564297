package mana.ckpt.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Rough cost of the checkpoint format against the raw file system:
 * {@code java -cp mana.ckpt.jar mana.ckpt.store.StoreBench MIB [DIR] [ROUNDS]}.
 * Each round writes MIB MiB (a 1 MiB pseudo-random block repeated) as one section of one rank
 * file of a one-rank checkpoint, commits it (QUICK), and separately writes the same bytes with a
 * plain {@code FileChannel} write + {@code force(true)}; the order alternates between rounds.
 * Prints the median times and ratios, and the time to verify the rank file on read-back.
 */
public final class StoreBench {
    private StoreBench() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: StoreBench MIB [DIR (default /tmp)] [ROUNDS (default 5)]");
            System.exit(2);
        }
        int mib = Integer.parseInt(args[0]);
        Path base = Path.of(args.length > 1 ? args[1] : "/tmp");
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path work = Files.createTempDirectory(base, "mana-storebench-");
        byte[] block = new byte[1 << 20];
        new SplittableRandom(42).nextBytes(block);
        long[] tRank = new long[rounds];
        long[] tCommit = new long[rounds];
        long[] tPlain = new long[rounds];
        long[] tVerify = new long[rounds];
        try {
            warmUp(work, block);
            for (int i = 0; i < rounds; i++) {
                if (i % 2 == 0) {
                    tPlain[i] = plain(work, block, mib);
                    long[] t = store(work, block, mib, i + 1);
                    tRank[i] = t[0]; tCommit[i] = t[1]; tVerify[i] = t[2];
                } else {
                    long[] t = store(work, block, mib, i + 1);
                    tRank[i] = t[0]; tCommit[i] = t[1]; tVerify[i] = t[2];
                    tPlain[i] = plain(work, block, mib);
                }
            }
        } finally {
            CheckpointStore.deleteTree(work);
        }
        double rank = median(tRank), commit = median(tCommit), plain = median(tPlain), verify = median(tVerify);
        System.out.printf("StoreBench: %d MiB, %d rounds, in %s (medians)%n", mib, rounds, base);
        System.out.printf("  plain FileChannel write+force : %9.1f ms  (%.0f MiB/s)%n", plain, mib / (plain / 1000));
        System.out.printf("  rank file (1 section) write   : %9.1f ms  ratio %.3f%n", rank, rank / plain);
        System.out.printf("  + commit (QUICK)              : %9.1f ms  ratio %.3f (rank file + commit vs plain)%n",
                commit, (rank + commit) / plain);
        System.out.printf("  read-back verify (all CRCs)   : %9.1f ms%n", verify);
    }

    private static void warmUp(Path work, byte[] block) throws IOException {
        for (int i = 0; i < 3; i++) {
            plain(work, block, 8);
            store(work, block, 8, 1);
        }
    }

    private static long plain(Path work, byte[] block, int mib) throws IOException {
        Path f = work.resolve("plain.bin");
        Files.deleteIfExists(f);
        long t0 = System.nanoTime();
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            for (int i = 0; i < mib; i++) {
                ByteBuffer b = ByteBuffer.wrap(block);
                while (b.hasRemaining()) ch.write(b);
            }
            ch.force(true);
        }
        long t = System.nanoTime() - t0;
        Files.delete(f);
        return t;
    }

    /** @return {rank file write, commit, verify} in ns */
    private static long[] store(Path work, byte[] block, int mib, long seq) throws IOException {
        Path root = work.resolve("store");
        CheckpointStore.deleteTree(root);
        CheckpointStore store = new CheckpointStore(root, 1);
        PendingCheckpoint p = store.beginCheckpoint(seq, 1, "bench");
        long t0 = System.nanoTime();
        try (RankFileWriter w = p.openRank(0)) {
            w.writeSection("app-state", out -> {
                for (int i = 0; i < mib; i++) out.write(block);
            });
            w.finish();
        }
        long t1 = System.nanoTime();
        CheckpointRef ref = p.commit(PendingCheckpoint.Verify.QUICK);
        long t2 = System.nanoTime();
        try (RankFileReader r = store.openRank(ref, 0)) {
            r.verify();
        }
        long t3 = System.nanoTime();
        CheckpointStore.deleteTree(root);
        return new long[] {t1 - t0, t2 - t1, t3 - t2};
    }

    private static double median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        double m = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2.0;
        return m / 1e6;
    }
}
