package mana.launcher.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import mana.launcher.CkptOptions;
import mana.launcher.UsageError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LevelOptionsTest {
    @Test
    void levelOptionsAreTakenOutBeforeTheJar() throws UsageError {
        CkptOptions o = CkptOptions.extract("run", List.of("--ckpt-local", "/l/%h", "--ckpt-partner", "-np", "4",
                "--ckpt-flush-every=5", "app.jar", "--ckpt-partner"), false);
        assertEquals(new LevelOptions("/l/%h", true, 5), o.levels());
        assertEquals(List.of("-np", "4", "app.jar", "--ckpt-partner"), o.rest());
        assertEquals(List.of("-Dmana.ckpt.local=/l/%h", "-Dmana.ckpt.partner=true", "-Dmana.ckpt.flushEvery=5"),
                o.levels().rankJvmOptions());
        assertEquals(LevelOptions.DEFAULT_FLUSH_EVERY, CkptOptions.extract("run", List.of("--ckpt-local", "/l", "a.jar"), false)
                .levels().flushEvery());
        assertFalse(CkptOptions.extract("run", List.of("a.jar"), false).levels().enabled());
    }

    @Test
    void badCombinationsAreOneLineErrors() {
        UsageError e = assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--ckpt-partner", "a.jar"), false));
        assertEquals("mana run: --ckpt-partner needs --ckpt-local DIR (the partner copies are kept there)", e.line());
        assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--ckpt-flush-every", "3", "a.jar"), false));
        e = assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--ckpt-local", "rel/%h", "a.jar"), false));
        assertEquals("mana run: --ckpt-local expects an absolute folder (every node resolves it alone), not 'rel/%h'", e.line());
        assertThrows(UsageError.class, () -> CkptOptions.extract("run", List.of("--ckpt-local", "/l", "--ckpt-flush-every", "x"), false));
    }

    @Test
    void savedWithTheJobAndKeptByARestartThatGivesNone(@TempDir Path dir) throws Exception {
        Properties p = new Properties();
        new LevelOptions("/l/%h", true, 4).save(p);
        Path f = dir.resolve("job.properties");
        try (OutputStream out = Files.newOutputStream(f)) {
            p.store(out, null);
        }
        LevelOptions saved = LevelOptions.load(f);
        assertEquals(new LevelOptions("/l/%h", true, 4), saved);
        assertEquals(saved, LevelOptions.NONE.orElse(saved));
        assertEquals(new LevelOptions("/m", false, 1), new LevelOptions("/m", false, 1).orElse(saved));
        assertEquals(LevelOptions.NONE, LevelOptions.load(dir.resolve("missing")));
    }
}
