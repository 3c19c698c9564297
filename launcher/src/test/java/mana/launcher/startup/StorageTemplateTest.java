package mana.launcher.startup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Felix storage template as files: its key, a faithful copy, and refusing a damaged one. */
class StorageTemplateTest {
    @TempDir
    Path tmp;
    Path templates;
    Path storage;
    List<Path> jars;

    @BeforeEach
    void files() throws Exception {
        templates = tmp.resolve("startup");
        Path bundles = Files.createDirectories(tmp.resolve("bundles"));
        jars = List.of(Files.write(bundles.resolve("a.jar"), new byte[] {1}), Files.write(bundles.resolve("b.jar"), new byte[] {2, 2}));
        storage = Files.createDirectories(tmp.resolve("storage"));
        Files.createDirectories(storage.resolve("bundle1/version0.0"));
        Files.writeString(storage.resolve("bundle1/bundle.info"), "1\nreference:file:/a.jar\n32\n1\n");
        Files.writeString(storage.resolve("bundle1/version0.0/revision.location"), "reference:file:/a.jar");
        Files.writeString(storage.resolve("cache.lock"), "");
    }

    @Test
    void theKeyChangesWithAJarOrTheConfiguration() throws Exception {
        String k = StorageTemplate.of(templates, jars, "c").key();
        assertEquals(k, StorageTemplate.of(templates, jars, "c").key());
        assertNotEquals(k, StorageTemplate.of(templates, jars, "d").key(), "other framework configuration");
        assertNotEquals(k, StorageTemplate.of(templates, jars.subList(0, 1), "c").key(), "a bundle less");
        FileTime t = Files.getLastModifiedTime(jars.get(0));
        Files.setLastModifiedTime(jars.get(0), FileTime.fromMillis(t.toMillis() + 2000));
        assertNotEquals(k, StorageTemplate.of(templates, jars, "c").key(), "a bundle rebuilt");
        assertTrue(StorageTemplate.of(templates, jars, "c").dir().getFileName().toString().startsWith("felix-"));
    }

    @Test
    void aCopyHoldsTheStorageWithoutItsLock() throws Exception {
        StorageTemplate t = StorageTemplate.of(templates, jars, "c");
        assertFalse(t.exists());
        assertNull(t.createFrom(storage));
        assertTrue(t.exists());
        assertFalse(Files.exists(t.dir().resolve("cache.lock")));
        Path copy = Files.createDirectories(tmp.resolve("copy"));
        t.copyInto(copy);
        assertArrayEquals(Files.readAllBytes(storage.resolve("bundle1/bundle.info")), Files.readAllBytes(copy.resolve("bundle1/bundle.info")));
        assertEquals("reference:file:/a.jar", Files.readString(copy.resolve("bundle1/version0.0/revision.location")));
        assertFalse(Files.exists(copy.resolve("cache.lock")));
        assertNull(t.createFrom(storage), "a second rank making the same template is fine");
        try (var s = Files.list(templates)) {
            assertEquals(1, s.count(), "no temporary folder left");
        }
    }

    @Test
    void aNewKeyRemovesTheOldTemplate() throws Exception {
        StorageTemplate old = StorageTemplate.of(templates, jars, "c");
        assertNull(old.createFrom(storage));
        StorageTemplate now = StorageTemplate.of(templates, jars, "other");
        assertNull(now.createFrom(storage));
        assertTrue(now.exists());
        assertFalse(old.exists());
    }

    @Test
    void aDamagedOrPartialTemplateIsRefused() throws Exception {
        StorageTemplate t = StorageTemplate.of(templates, jars, "c");
        assertNull(t.createFrom(storage));
        Path info = t.dir().resolve("bundle1/bundle.info");
        byte[] good = Files.readAllBytes(info);
        Files.writeString(info, "1\nreference:file:/b.jar\n32\n1\n");
        IOException e = assertThrows(IOException.class, () -> t.copyInto(Files.createDirectories(tmp.resolve("c1"))));
        assertTrue(e.getMessage().contains("bundle.info"), e.getMessage());
        Files.write(info, good);
        t.copyInto(Files.createDirectories(tmp.resolve("c2")));
        Files.delete(t.dir().resolve("bundle1/version0.0/revision.location"));
        assertThrows(IOException.class, () -> t.copyInto(Files.createDirectories(tmp.resolve("c3"))), "a file missing");
        Files.delete(t.dir().resolve(StorageTemplate.MANIFEST));
        e = assertThrows(IOException.class, () -> t.copyInto(Files.createDirectories(tmp.resolve("c4"))));
        assertTrue(e.getMessage().contains("incomplete"), e.getMessage());
        // a manifest of another key (a template renamed by hand) is refused as well
        StorageTemplate other = StorageTemplate.of(templates, jars, "other");
        assertNull(other.createFrom(storage));
        Files.move(other.dir().resolve(StorageTemplate.MANIFEST), Files.createDirectories(t.dir()).resolve(StorageTemplate.MANIFEST));
        assertThrows(IOException.class, () -> t.copyInto(Files.createDirectories(tmp.resolve("c5"))));
        // a rank that found it damaged replaces it
        assertNull(t.createFrom(storage, rel -> true, true));
        t.copyInto(Files.createDirectories(tmp.resolve("c6")));
        assertEquals(Files.readString(storage.resolve("bundle1/bundle.info")), Files.readString(tmp.resolve("c6/bundle1/bundle.info")));
    }
}
