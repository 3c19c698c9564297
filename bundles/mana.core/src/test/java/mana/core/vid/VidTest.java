package mana.core.vid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class VidTest {

    @Test
    void makeRoundTripsEveryKindGenerationAndBoundarySlot() {
        int[] slots = {0, 1, 4095, 4096, Vid.MAX_SLOT - 1, Vid.MAX_SLOT};
        for (int kind = 1; kind < Kind.LIMIT; kind++) {
            for (int gen = 0; gen < Vid.GENERATIONS; gen++) {
                for (int slot : slots) {
                    int vid = Vid.make(kind, gen, slot);
                    assertEquals(kind, Vid.kind(vid), () -> Vid.toString(vid));
                    assertEquals(gen, Vid.generation(vid), () -> Vid.toString(vid));
                    assertEquals(slot, Vid.slot(vid), () -> Vid.toString(vid));
                    assertNotEquals(Vid.NULL, vid);
                    assertEquals(gen == Vid.PREDEFINED_GENERATION, Vid.isPredefined(vid));
                }
            }
        }
    }

    @Test
    void highKindsGiveNegativeIntsThatStillDecode() {
        int vid = Vid.make(15, 15, Vid.MAX_SLOT);
        assertEquals(-1, vid);
        assertEquals(15, Vid.kind(vid));
        assertEquals(15, Vid.generation(vid));
        assertEquals(Vid.MAX_SLOT, Vid.slot(vid));
    }

    @Test
    void predefinedUsesGenerationZero() {
        int vid = Vid.predefined(Kind.COMM, 1);
        assertEquals(Kind.COMM, Vid.kind(vid));
        assertEquals(Vid.PREDEFINED_GENERATION, Vid.generation(vid));
        assertEquals(1, Vid.slot(vid));
        assertTrue(Vid.isPredefined(vid));
        assertFalse(Vid.isPredefined(Vid.NULL), "the null handle is not predefined");
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Vid.make(0, 1, 0), "kind 0 is never valid");
        assertThrows(IllegalArgumentException.class, () -> Vid.make(-1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Vid.make(Kind.LIMIT, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> Vid.make(Kind.COMM, -1, 0));
        assertThrows(IllegalArgumentException.class, () -> Vid.make(Kind.COMM, Vid.GENERATIONS, 0));
        assertThrows(IllegalArgumentException.class, () -> Vid.make(Kind.COMM, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> Vid.make(Kind.COMM, 1, Vid.MAX_SLOT + 1));
        assertThrows(IllegalArgumentException.class, () -> Vid.predefined(Kind.COMM, -1));
        assertThrows(IllegalArgumentException.class, () -> Vid.predefined(0, 0));
    }

    @Test
    void nextGenerationWrapsFifteenToOneAndNeverYieldsZero() {
        assertEquals(1, Vid.nextGeneration(15));
        for (int g = 1; g < 15; g++) {
            assertEquals(g + 1, Vid.nextGeneration(g));
        }
        int g = 1;
        for (int i = 0; i < 100; i++) {
            g = Vid.nextGeneration(g);
            assertNotEquals(Vid.PREDEFINED_GENERATION, g);
            assertTrue(g >= 1 && g < Vid.GENERATIONS, "generation " + g);
        }
    }

    @Test
    void toStringNamesKindGenerationAndSlot() {
        String s = Vid.toString(Vid.make(Kind.DATATYPE, 3, 42));
        assertTrue(s.contains("datatype"), s);
        assertTrue(s.contains("gen=3"), s);
        assertTrue(s.contains("slot=42"), s);
    }
}
