package mana.ckpt.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32C;

/** Constants and names of the on-disk format (see FORMAT.md), and CRC32C helpers. */
public final class CheckpointFormat {
    private CheckpointFormat() {}

    /** Version of the rank file and manifest layout written by this code; the only one it reads. */
    public static final int FORMAT_VERSION = 2;

    /** First 8 bytes of a rank file. */
    public static final byte[] RANK_MAGIC = "MANACKPT".getBytes(StandardCharsets.US_ASCII);
    /** Last 8 bytes of a complete rank file. */
    public static final byte[] RANK_END_MAGIC = "MANA-END".getBytes(StandardCharsets.US_ASCII);
    /** First 8 bytes of a manifest. */
    public static final byte[] MANIFEST_MAGIC = "MANAMNFT".getBytes(StandardCharsets.US_ASCII);

    /** Rank file header length: magic 8, version 4, rank 4, world size 4, seq 8, header CRC32C 4. */
    public static final int RANK_HEADER_LENGTH = 32;
    /** Tag byte introducing a section. */
    public static final byte TAG_SECTION = 'S';
    /** Tag byte introducing the end marker. */
    public static final byte TAG_END = 'E';
    /** End marker length: tag 1, section count 4, end magic 8. */
    public static final int END_MARKER_LENGTH = 13;
    /** Longest section name, in UTF-8 bytes. */
    public static final int MAX_SECTION_NAME_BYTES = 1024;
    /** Largest manifest this code reads (guards against reading garbage into memory). */
    public static final int MAX_MANIFEST_BYTES = 64 << 20;

    public static final String MANIFEST_FILE = "manifest.mana";

    private static final Pattern CKPT_DIR = Pattern.compile("ckpt-(\\d{6,18})");
    private static final Pattern TMP_DIR = Pattern.compile("\\.ckpt-(\\d{6,18})\\.tmp");

    /** {@code ckpt-000042}: a committed checkpoint directory. */
    public static String checkpointDirName(long seq) {
        return String.format("ckpt-%06d", seq);
    }

    /** {@code .ckpt-000042.tmp}: a checkpoint being written. */
    public static String tmpDirName(long seq) {
        return String.format(".ckpt-%06d.tmp", seq);
    }

    /** {@code rank-3.mana}. */
    public static String rankFileName(int rank) {
        return "rank-" + rank + ".mana";
    }

    /** Sequence number of a committed checkpoint directory name, or -1. */
    public static long parseCheckpointDir(String name) {
        Matcher m = CKPT_DIR.matcher(name);
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    /** Sequence number of a temporary checkpoint directory name, or -1. */
    static long parseTmpDir(String name) {
        Matcher m = TMP_DIR.matcher(name);
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }

    /** CRC32C of the bytes, as the int stored on disk. */
    public static int crc32c(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }

    /** CRC32C of a whole file, read sequentially. */
    public static int crc32c(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buf = ByteBuffer.allocateDirect(1 << 20);
            CRC32C c = new CRC32C();
            while (ch.read(buf) >= 0) {
                buf.flip();
                c.update(buf);
                buf.clear();
            }
            return (int) c.getValue();
        }
    }

    /**
     * CRC32C of the concatenation A||B from crc(A), crc(B) and the length of B (zlib's
     * crc32_combine, with the Castagnoli polynomial). Lets the writer produce the whole-file
     * checksum in one pass although section lengths are patched in after their payload.
     */
    public static int combine(int crcA, int crcB, long lengthB) {
        if (lengthB <= 0) return crcA;
        int[] even = new int[32];
        int[] odd = new int[32];
        odd[0] = 0x82F63B78; // reflected Castagnoli polynomial
        int row = 1;
        for (int n = 1; n < 32; n++) {
            odd[n] = row;
            row <<= 1;
        }
        square(even, odd); // operator for two zero bits
        square(odd, even); // four zero bits
        int crc = crcA;
        long len = lengthB;
        do {
            square(even, odd);
            if ((len & 1) != 0) crc = times(even, crc);
            len >>>= 1;
            if (len == 0) break;
            square(odd, even);
            if ((len & 1) != 0) crc = times(odd, crc);
            len >>>= 1;
        } while (len != 0);
        return crc ^ crcB;
    }

    private static int times(int[] mat, int vec) {
        int sum = 0;
        for (int i = 0; vec != 0; i++, vec >>>= 1) {
            if ((vec & 1) != 0) sum ^= mat[i];
        }
        return sum;
    }

    private static void square(int[] sq, int[] mat) {
        for (int n = 0; n < 32; n++) sq[n] = times(mat, mat[n]);
    }

    public static String hex(int crc) {
        return String.format("0x%08x", crc);
    }

    /** Said after a refused version: what the user can do about it. */
    public static String versionHint(int found) {
        return found > 0 && found < FORMAT_VERSION ? " (written by an older MANA; restart it with that version)" : "";
    }
}
