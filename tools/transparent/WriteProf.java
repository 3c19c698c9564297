import java.nio.ByteBuffer;
import java.nio.file.*;
import java.util.*;
import java.util.zip.CRC32C;
import mana.ckpt.store.*;

/**
 * Times the write phase of a transparent checkpoint alone (issue 18, session 16): MIB of 4 MiB direct
 * chunks (a heap image as ChunkedBytes makes it) written as one section through RankFileWriter, as
 * Cut.write does (CRC-32C on the same buffer, FileChannel.write from direct memory, then fsync),
 * twice; prints wall and process CPU of each phase. Compare with dd in the same minute:
 *   java -cp bundles/mana.ckpt/target/mana.ckpt-*.jar tools/transparent/WriteProf.java 1024 /tmp
 *   dd if=/dev/zero of=/tmp/dd bs=1M count=1024 conv=fsync
 * Not a test (no assertion), run by hand.
 */
public class WriteProf {
    public static void main(String[] a) throws Exception {
        int mib = Integer.parseInt(a[0]);
        Path dir = Path.of(a[1]);
        List<ByteBuffer> chunks = new ArrayList<>();
        for (int i = 0; i < mib / 4; i++) {
            ByteBuffer b = ByteBuffer.allocateDirect(4 << 20);
            for (int k = 0; k < b.capacity(); k += 4096) b.put(k, (byte) (i + k));
            chunks.add(b);
        }
        var bean = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (int run = 0; run < 2; run++) {
            long c0 = System.nanoTime(), p0 = bean.getProcessCpuTime();
            CRC32C crc = new CRC32C();
            for (ByteBuffer b : chunks) crc.update(b.duplicate());
            long c1 = System.nanoTime(), p1 = bean.getProcessCpuTime();
            Path f = dir.resolve("r" + run + ".mana");
            Files.deleteIfExists(f);
            long w0 = System.nanoTime();
            RankFileWriter w = RankFileWriter.create(f, 0, 1, 1);
            long[] wrote = new long[1];
            w.writeSection("heap", out -> { for (ByteBuffer b : chunks) ((SectionOutputStream) out).write(b.duplicate()); wrote[0] = System.nanoTime(); });
            long p2 = bean.getProcessCpuTime();
            w.finish();
            long w1 = System.nanoTime(), p3 = bean.getProcessCpuTime();
            System.out.printf("run %d: %d MiB: CRC alone %.2f s (cpu %.2f); writer: crc+write %.2f s, finish(fsync) %.2f s, total %.2f s, cpu %.2f s%n",
                run, mib, (c1 - c0) / 1e9, (p1 - p0) / 1e9, (wrote[0] - w0) / 1e9, (w1 - wrote[0]) / 1e9, (w1 - w0) / 1e9, (p3 - p1) / 1e9);
            Files.delete(f);
        }
    }
}
