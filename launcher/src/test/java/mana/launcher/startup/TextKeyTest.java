package mana.launcher.startup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TextKeyTest {

    @Test
    void aKeyIs32HexDigitsAndTheSameForTheSameText() {
        String k = TextKey.of("jvm /usr/lib/jvm/x 17\nlib/a.jar 10 1000\n");
        assertTrue(k.matches("[0-9a-f]{32}"), k);
        assertEquals(k, TextKey.of("jvm /usr/lib/jvm/x 17\nlib/a.jar 10 1000\n"));
        assertEquals("00000000000000010000000000000000", TextKey.of(""), "CRC-32 0, Adler-32 1, hash 0, length 0");
    }

    @Test
    void aChangedSizeOrTimeGivesAnotherKey() {
        String a = TextKey.of("lib/a.jar 10 1000\n");
        assertNotEquals(a, TextKey.of("lib/a.jar 11 1000\n"));
        assertNotEquals(a, TextKey.of("lib/a.jar 10 1001\n"));
        assertNotEquals(a, TextKey.of("lib/b.jar 10 1000\n"));
    }
}
