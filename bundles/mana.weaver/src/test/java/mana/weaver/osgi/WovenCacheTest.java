package mana.weaver.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WovenCacheTest {
    @TempDir
    Path dir;

    @Test
    void givesBackWhatWasWovenForTheSameInputOnly() {
        WovenCache c = WovenCache.at(dir.resolve("key"));
        byte[] in = {1, 2, 3};
        assertNull(c.get("a.B", in));
        c.put("a.B", in, new byte[] {9, 9});
        assertArrayEquals(new byte[] {9, 9}, c.get("a.B", in));
        assertNull(c.get("a.B", new byte[] {1, 2, 4}), "other input bytes of the same class: no entry");
        assertNull(c.get("a.C", in), "another class with the same bytes: no entry");
    }

    @Test
    void aClassLeftAsCompiledHasAnEmptyEntry() {
        WovenCache c = WovenCache.at(dir);
        byte[] in = {7};
        c.put("x.Y", in, null);
        assertEquals(0, c.get("x.Y", in).length);
    }

    @Test
    void anUnwritableFolderCostsOnlyTheTime() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        WovenCache c = WovenCache.at(file);
        c.put("a.B", new byte[] {1}, new byte[] {2});
        assertNull(c.get("a.B", new byte[] {1}));
    }

    @Test
    void leavesNoTemporaryFiles() throws IOException {
        WovenCache c = WovenCache.at(dir);
        c.put("a.B", new byte[] {1}, new byte[] {2});
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count());
        }
    }
}
