package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a job across hosts needs from the launcher: absolute paths for remote ranks, no stale job folders. */
class MultiHostJobTest {
    @Test
    void aRelativePathForARemoteRankIsRefused() {
        String java = Dist.java().toString();
        assertDoesNotThrow(() -> MultiHostJob.checkAbsolute("run", List.of("mpirun", java, "-cp", "/d/l.jar", "@/j/rank-boot.args",
                "X", "rank", "--wrapped", "/j/app.jar", "--classpath", "/a:/b/c.jar", "--")));
        UsageError e = assertThrows(UsageError.class,
                () -> MultiHostJob.checkAbsolute("run", List.of("mpirun", java, "-cp", "/d/l.jar", "--classpath", "/a:lib/c.jar", "--")));
        assertTrue(e.getMessage().contains("lib/c.jar"), e.getMessage());
        assertThrows(UsageError.class, () -> MultiHostJob.checkAbsolute("run", List.of("mpirun", java, "@rank-boot.args")));
        assertThrows(UsageError.class, () -> MultiHostJob.checkAbsolute("run", List.of("mpirun", java, "-Dmana.restart.dir=ck/ckpt-000001")));
    }

    @Test
    void theHostfileIsRecordedAbsoluteForRestartsFromAnyDirectory() throws Exception {
        RunArgs ra = RunArgs.parse(List.of("--hostfile", "hosts", "-np", "2", "app.jar", "--hostfile", "x"));
        assertTrue(Path.of(ra.absoluteArgs().get(1)).isAbsolute(), ra.absoluteArgs().toString());
        assertTrue(ra.absoluteArgs().get(1).endsWith("/hosts"));
        assertTrue(ra.mpirunArgs().contains("hosts"), "mpirun gets it as given");
        assertTrue(ra.absoluteArgs().get(6).equals("x"), "the application's own arguments are left alone");
    }

    @Test
    void aJobFileOfAnotherNodeIsNotJudgedByItsPid() {
        long dead = Integer.MAX_VALUE;
        var here = new mana.launcher.coord.JobFile("a-1", dead, "10.0.0.1", 1, "t", "/r", 2, "app", "");
        assertTrue(here.gone(), "a dead pid on this host: the job is gone");
        var there = new mana.launcher.coord.JobFile("a-1", dead, "10.0.0.1", 1, "t", "/r", 2, "app", "", "another-node.invalid");
        assertFalse(there.gone(), "a pid of another node means nothing here (shared home directories)");
    }

    @Test
    void jobFoldersOfDeadRunsOnThisHostAreRemovedOthersKept(@TempDir Path root) throws Exception {
        long alive = ProcessHandle.current().pid();
        Path mine = Files.createDirectories(root.resolve(".job-h1-" + alive + "-1"));
        Path dead = Files.createDirectories(root.resolve(".job-h1-" + Integer.MAX_VALUE + "-2"));
        Files.writeString(dead.resolve("token"), "x");
        Path otherHost = Files.createDirectories(root.resolve(".job-h2-" + Integer.MAX_VALUE + "-3"));
        Path ckpt = Files.createDirectories(root.resolve("ckpt-000001"));
        MultiHostJob.removeStaleJobDirs(root, ".job-h1-");
        assertTrue(Files.isDirectory(mine));
        assertFalse(Files.exists(dead));
        assertTrue(Files.isDirectory(otherHost), "another host's pids mean nothing here");
        assertTrue(Files.isDirectory(ckpt));
    }
}
