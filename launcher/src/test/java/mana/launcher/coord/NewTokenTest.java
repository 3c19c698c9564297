package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The job token, read from the kernel's random source without the JDK's security providers. */
class NewTokenTest {

    @Test
    void aTokenIs256RandomBitsInHex() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            String t = Coordinator.newToken();
            assertEquals(2 * Coordinator.TOKEN_BYTES, t.length(), t);
            assertTrue(t.matches("[0-9a-f]{64}"), t);
            assertTrue(seen.add(t), "a token came twice: " + t);
        }
        // every hex digit shows up across 50 tokens of 64 digits (a stuck source would not give that)
        String all = String.join("", seen);
        for (char c : "0123456789abcdef".toCharArray()) {
            assertTrue(all.indexOf(c) >= 0, "digit " + c + " never appears");
        }
    }

    @Test
    void anUnreadableOrShortSourceFallsBackToSecureRandom(@TempDir Path dir) throws Exception {
        byte[] a = Coordinator.randomBytes(dir.resolve("missing"), 32);
        Path shortFile = Files.write(dir.resolve("short"), new byte[] {1, 2, 3});
        byte[] b = Coordinator.randomBytes(shortFile, 32);
        assertEquals(32, a.length);
        assertEquals(32, b.length);
        assertNotEquals(java.util.HexFormat.of().formatHex(a), java.util.HexFormat.of().formatHex(b));
        assertNotEquals("010203", java.util.HexFormat.of().formatHex(b, 0, 3), "the short source's bytes are not used");
    }

    @Test
    void aFullSourceIsReadAsItIs(@TempDir Path dir) throws Exception {
        byte[] bytes = new byte[40];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Path f = Files.write(dir.resolve("r"), bytes);
        assertEquals(java.util.HexFormat.of().formatHex(bytes, 0, 32), java.util.HexFormat.of().formatHex(Coordinator.randomBytes(f, 32)));
    }
}
