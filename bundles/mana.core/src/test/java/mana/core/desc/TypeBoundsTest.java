package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TypeBoundsTest {
    @Test
    void aPredefinedTypeSpansCountTimesItsSize() {
        TypeBounds intType = new TypeBounds(0, 4, 4);
        assertEquals(0, intType.lowest(0, 10));
        assertEquals(40, intType.end(0, 10));
        assertEquals(8 + 40, intType.end(8, 10));
    }

    @Test
    void aVectorWithGapsEndsAtItsLastBlockNotAtCountTimesItsExtent() {
        // vector(2 blocks of 1 int, stride 3): touches bytes [0,4) and [12,16); extent 16
        TypeBounds vector = new TypeBounds(0, 16, 16);
        assertEquals(16, vector.end(0, 1));
        assertEquals(48, vector.end(0, 3));
        // resized to extent 8 (elements overlap their gaps): 3 elements reach 2*8 + 16
        TypeBounds resized = new TypeBounds(0, 16, 8);
        assertEquals(32, resized.end(0, 3));
    }

    @Test
    void aTypeWithANegativeLowerBoundOrExtentReachesBeforeItsDisplacement() {
        TypeBounds shifted = new TypeBounds(-4, 8, 8);
        assertEquals(-4, shifted.lowest(0, 1));
        assertEquals(4, shifted.lowest(8, 1));
        TypeBounds backwards = new TypeBounds(0, 4, -4);
        assertEquals(-8, backwards.lowest(0, 3));
        assertEquals(4, backwards.end(0, 3));
    }
}
