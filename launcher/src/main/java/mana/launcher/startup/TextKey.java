package mana.launcher.startup;

import java.nio.charset.StandardCharsets;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * A cache key over a text (which names files with their sizes and times, a JVM, options): 32 hex
 * digits of its CRC-32, Adler-32, string hash and length. Not a cryptographic digest: a key
 * tells builds and inputs apart, nobody forges it, and {@code MessageDigest} would initialise the
 * JDK's security providers (10-20 ms of a JVM's start) in the CLI and the ranks, where nothing
 * else needs them.
 */
public final class TextKey {
    private TextKey() {
    }

    public static String of(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(b);
        Adler32 adler = new Adler32();
        adler.update(b);
        return hex8(crc.getValue()) + hex8(adler.getValue()) + hex8(text.hashCode()) + hex8(b.length);
    }

    /** Eight hex digits; not String.format (its Formatter loads more than this needs). */
    private static String hex8(long v) {
        String h = Long.toHexString(v & 0xffffffffL);
        return "00000000".substring(h.length()) + h;
    }
}
