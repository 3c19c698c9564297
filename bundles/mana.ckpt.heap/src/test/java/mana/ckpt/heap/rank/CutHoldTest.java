package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hold before the K-th cut point (mana.transparent.holdAt), used to checkpoint a program at a chosen moment. */
class CutHoldTest {

    @Test
    void holdsOnlyAtTheKthCutPointUntilACheckpointIsRequested(@TempDir Path dir) {
        AtomicInteger asked = new AtomicInteger();
        Path marker = dir.resolve("held.1");
        // the request "arrives" on the third look while held
        CutHold h = new CutHold(3, 60_000, () -> {
            assertTrue(Files.exists(marker), "the marker tells the asker that main is held");
            return asked.incrementAndGet() >= 3;
        }, marker);
        assertFalse(h.reached());
        assertFalse(h.reached());
        assertEquals(0, asked.get(), "no waiting before the K-th cut point");
        assertFalse(Files.exists(marker));
        assertTrue(h.reached());
        assertEquals(3, asked.get(), "held until the request came");
        assertFalse(h.reached(), "held once only");
        assertFalse(h.reached());
        assertEquals(3, asked.get());
        assertEquals(5, h.seen());
    }

    @Test
    void goesOnWhenNoCheckpointIsRequestedWithinTheHoldTime() {
        CutHold h = new CutHold(1, 5, () -> false, null);
        assertTrue(h.reached()); // returns (after the hold time) although nothing was requested
        assertFalse(h.reached());
    }

    @Test
    void offUnlessThePropertyIsSet() {
        System.clearProperty("mana.transparent.holdAt");
        assertNull(CutHold.fromProperties(() -> true));
        System.setProperty("mana.transparent.holdAt", "0");
        try {
            assertNull(CutHold.fromProperties(() -> true));
            System.setProperty("mana.transparent.holdAt", "4");
            CutHold h = CutHold.fromProperties(() -> true);
            for (int i = 0; i < 3; i++) {
                assertFalse(h.reached());
            }
            assertTrue(h.reached());
        } finally {
            System.clearProperty("mana.transparent.holdAt");
        }
    }
}
