package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import mana.launcher.coord.Coordinator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mana restart given a checkpoint directory instead of its root says which root to give. */
class RestartRootTest {
    @TempDir
    Path tmp;

    @Test
    void aCheckpointDirectoryIsNotARootAndTheMessageNamesTheRoot() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("job"));
        Files.writeString(root.resolve(Coordinator.LAUNCH_FILE), "np=2\n");
        Path ckpt = Files.createDirectories(root.resolve("ckpt-000006"));
        UsageError e = assertThrows(UsageError.class, () -> JobRunner.launchArgs(ckpt));
        assertEquals("mana restart: " + ckpt + " is one checkpoint, not a checkpoint root; give its root: mana restart "
                + root + " (restarts from the newest usable checkpoint there)", e.line());
    }

    @Test
    void aDirectoryWithoutLaunchDescriptionIsNotARoot() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("ckpt-000001"));
        UsageError e = assertThrows(UsageError.class, () -> JobRunner.launchArgs(dir));
        assertEquals("mana restart: " + dir + " is not a checkpoint root of a MANA job (no " + Coordinator.LAUNCH_FILE + ")",
                e.line());
    }
}
