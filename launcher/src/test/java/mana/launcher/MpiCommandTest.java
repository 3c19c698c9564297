package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import mana.launcher.coord.Coordinator;
import mana.launcher.mpi.MpiImplementation;
import mana.launcher.mpi.RankRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mpirun command line of mana run --mpi, and the MPI a job records for mana restart. */
class MpiCommandTest {
    private static final RankRuntime MPICH = new RankRuntime(MpiImplementation.MPICH, Path.of("/jdk25/bin/java"),
            Path.of("/m/mpi-ffm.jar"), 25);

    @Test
    void mpichRanksRunUnderHydraOnTheFfmLowerHalf() throws UsageError {
        RunArgs a = RunArgs.parse(List.of("-np", "3", "--class", "p.M", "app.jar", "x"));
        List<String> cmd = RunCommand.command("/usr/bin/mpirun.mpich", a, List.of("/abs/app.jar"), Path.of("/job/b.jar"),
                Path.of("/d/mana-launcher.jar"), true, List.of("-x", "MANA_COORD", "-x", "MANA_JOB_TOKEN"), List.of(), List.of(), MPICH);
        int java = cmd.indexOf("/jdk25/bin/java");
        assertEquals(List.of("/usr/bin/mpirun.mpich", "-genvall", "-usize"), cmd.subList(0, 3));
        assertEquals(List.of("-n", "3"), cmd.subList(4, java));
        assertTrue(cmd.containsAll(List.of("--enable-native-access=ALL-UNNAMED", "-Dmana.ffm.mpi=mpich")), cmd.toString());
        int main = cmd.indexOf(RunCommand.RANK_MAIN);
        assertEquals(List.of("-cp", "/m/mpi-ffm.jar:/d/mana-rank.jar"), cmd.subList(main - 2, main),
                "the FFM jar ahead of the JNI binding");
        assertFalse(cmd.contains("-jar"), "java ignores -cp next to -jar");
        assertEquals(List.of("rank", "--class", "p.M", "--wrapped", "/job/b.jar", "/abs/app.jar", "x"), cmd.subList(main + 1, cmd.size()));
    }

    @Test
    void anOpenMpiOptionHydraCannotTakeIsOneLine() throws UsageError {
        RunArgs a = RunArgs.parse(List.of("-np", "2", "--report-bindings", "app.jar"));
        UsageError e = assertThrows(UsageError.class, () -> RunCommand.command("mpirun.mpich", a, List.of("/abs/app.jar"), null,
                Path.of("/d/l.jar"), false, List.of(), List.of(), List.of(), MPICH));
        assertTrue(e.line().startsWith("mana run: mpirun option --report-bindings has no MPICH"), e.line());
    }

    @Test
    void theJobRecordsItsMpiAndRestartReadsIt(@TempDir Path root) throws Exception {
        CkptOptions o = CkptOptions.extract("run", List.of("-np", "2", "app.jar"), false);
        Properties p = JobRunner.launchDescription(RunArgs.parse(o.rest()), o, MpiImplementation.MPICH);
        assertEquals("mpich", p.getProperty("mpi"));
        try (var out = Files.newOutputStream(root.resolve(Coordinator.LAUNCH_FILE))) {
            p.store(out, null);
        }
        assertEquals(MpiImplementation.MPICH, JobRunner.launchMpi(root));
        p.remove("mpi"); // a job from before --mpi ran on the JNI binding
        try (var out = Files.newOutputStream(root.resolve(Coordinator.LAUNCH_FILE))) {
            p.store(out, null);
        }
        assertEquals(MpiImplementation.OPENMPI_JNI, JobRunner.launchMpi(root));
    }

    /** A job that ran on MPICH before the API's constants were fixed is refused; one from this MANA restarts anywhere. */
    @Test
    void anMpichJobFromBeforeTheFixedConstantsIsRefused(@TempDir Path root) throws Exception {
        CkptOptions o = CkptOptions.extract("run", List.of("-np", "2", "app.jar"), false);
        Properties p = JobRunner.launchDescription(RunArgs.parse(o.rest()), o, MpiImplementation.MPICH);
        assertEquals("openmpi-4.1", p.getProperty("constants"));
        Path file = root.resolve(Coordinator.LAUNCH_FILE);
        try (var out = Files.newOutputStream(file)) {
            p.store(out, null);
        }
        JobRunner.checkConstants(root, MpiImplementation.MPICH);
        p.remove("constants");
        try (var out = Files.newOutputStream(file)) {
            p.store(out, null);
        }
        UsageError e = assertThrows(UsageError.class, () -> JobRunner.checkConstants(root, MpiImplementation.MPICH));
        assertTrue(e.line().startsWith("mana restart: the job ran on mpich under an older MANA"), e.line());
        JobRunner.checkConstants(root, MpiImplementation.OPENMPI); // Open MPI's numbers all along
        JobRunner.checkConstants(root, MpiImplementation.OPENMPI_JNI);
    }

    @Test
    void mpiIsTakenOutBeforeTheOtherOptions() throws Exception {
        assertEquals(List.of("--ckpt-dir", "/c", "-np", "2", "app.jar", "--mpi", "x"),
                JobRunner.mpiOption("run", List.of("--ckpt-dir", "/c", "--mpi", "mpich", "-np", "2", "app.jar", "--mpi", "x")).rest());
        UsageError e = assertThrows(UsageError.class, () -> JobRunner.mpiOption("run", List.of("--mpi", "lam")));
        assertEquals("mana run: --mpi expects one of openmpi-jni, openmpi, mpich, not 'lam'", e.line());
        assertEquals(List.of("/root", "--strict"), mana.launcher.mpi.MpiOption.extractAnywhere(List.of("/root", "--strict", "--mpi", "mpich")).rest());
    }
}
