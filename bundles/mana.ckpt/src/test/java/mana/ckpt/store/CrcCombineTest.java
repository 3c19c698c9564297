package mana.ckpt.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class CrcCombineTest {
    @Test
    void combineEqualsDirectCrcOfConcatenation() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int i = 0; i < 200; i++) {
            byte[] all = new byte[rnd.nextInt(0, 5000)];
            rnd.nextBytes(all);
            int cut = all.length == 0 ? 0 : rnd.nextInt(0, all.length + 1);
            int a = CheckpointFormat.crc32c(all, 0, cut);
            int b = CheckpointFormat.crc32c(all, cut, all.length - cut);
            assertEquals(CheckpointFormat.crc32c(all, 0, all.length), CheckpointFormat.combine(a, b, all.length - cut),
                    "length " + all.length + " cut " + cut);
        }
    }

    @Test
    void combineWithEmptyParts() {
        byte[] x = {1, 2, 3};
        int c = CheckpointFormat.crc32c(x, 0, 3);
        assertEquals(c, CheckpointFormat.combine(0, c, 3), "empty prefix");
        assertEquals(c, CheckpointFormat.combine(c, 0, 0), "empty suffix");
    }
}
