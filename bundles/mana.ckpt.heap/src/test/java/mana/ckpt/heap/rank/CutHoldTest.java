package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The hold before the K-th cut point (mana.transparent.holdAt), used to checkpoint a program at a chosen moment. */
class CutHoldTest {

    @Test
    void noCutBeforeTheKthCutPointWhichWaitsUntilACheckpointIsRequested() {
        AtomicInteger asked = new AtomicInteger();
        // the request "arrives" on the third look while held
        CutHold h = new CutHold(3, 60_000, () -> asked.incrementAndGet() >= 3);
        assertTrue(h.early(), "cut point 1 is before the K-th: no cut there");
        assertTrue(h.early());
        assertEquals(0, asked.get(), "no waiting before the K-th cut point");
        assertFalse(h.early(), "the K-th is a cut point");
        assertEquals(3, asked.get(), "held until the request came");
        assertFalse(h.early(), "every later one is a cut point, without waiting");
        assertFalse(h.early());
        assertEquals(3, asked.get());
        assertEquals(5, h.seen());
    }

    @Test
    void goesOnWhenNoCheckpointIsRequestedWithinTheHoldTime() {
        CutHold h = new CutHold(1, 5, () -> false);
        assertFalse(h.early()); // returns (after the hold time) although nothing was requested
        assertFalse(h.early());
        assertEquals(2, h.seen());
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
                assertTrue(h.early());
            }
            assertFalse(h.early());
        } finally {
            System.clearProperty("mana.transparent.holdAt");
        }
    }
}
