package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A saved count is checked against the bytes left before a descriptor allocates for it. */
class SavedInputTest {

    /** A bounded input over a byte array, as a restart gives {@code load}. */
    static final class Bytes extends DataInputStream implements SavedInput.Bounded {
        Bytes(byte[] b) {
            super(new ByteArrayInputStream(b));
        }

        @Override
        public int remaining() {
            try {
                return available();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
    }

    private static byte[] countThen(int count, int bytesAfter) {
        return ByteBuffer.allocate(4 + bytesAfter).putInt(count).array();
    }

    @Test
    void aCountThatFitsIsReturned() throws IOException {
        assertEquals(3, SavedInput.count(new Bytes(countThen(3, 12)), 4, "integer array"));
        assertEquals(0, SavedInput.count(new Bytes(countThen(0, 0)), 8, "address"));
    }

    @Test
    void aCountLargerThanWhatIsLeftIsRefused() {
        IOException e = assertThrows(IOException.class,
                () -> SavedInput.count(new Bytes(countThen(4, 12)), 4, "integer array"));
        assertEquals("saved integer array count 4 does not fit in the 12 bytes left", e.getMessage());
        e = assertThrows(IOException.class, () -> SavedInput.count(new Bytes(countThen(0x7fff_ffff, 8)), 8, "address"));
        assertTrue(e.getMessage().contains("count 2147483647"), e.getMessage());
    }

    @Test
    void aNegativeCountIsRefused() {
        IOException e = assertThrows(IOException.class, () -> SavedInput.count(new Bytes(countThen(-1, 0)), 1, "period"));
        assertTrue(e.getMessage().contains("count -1"), e.getMessage());
    }

    @Test
    void withoutABoundAHugeCountIsStillRefused() {
        DataInputStream plain = new DataInputStream(new ByteArrayInputStream(countThen(1 << 30, 0)));
        assertThrows(IOException.class, () -> SavedInput.count(plain, 4, "integer array"));
    }
}
