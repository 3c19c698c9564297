package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rank JVM options of the start-up levers: where the Felix storage template is, and switching it off. */
class StartupOptionsTest {
    static final mana.launcher.mpi.RankRuntime JNI = mana.launcher.mpi.RankRuntime.jni(Dist.java());

    @TempDir
    Path home;

    @AfterEach
    void clear() {
        System.clearProperty("mana.home");
        System.clearProperty("mana.felixTemplate");
        System.clearProperty("mana.startupCache");
    }

    @Test
    void ranksAreToldWhereTheTemplatesAreUnlessSwitchedOff() {
        System.setProperty("mana.home", home.toString());
        System.setProperty("mana.startupCache", "off"); // no class-data archives here: no warning either
        String expected = "-Dmana.felixTemplates=" + home.resolve(".mana").resolve("startup");
        List<String> on = JobRunner.startupOptions("run", JNI);
        if (System.getenv("MANA_FELIX_TEMPLATE") == null) {
            assertTrue(on.contains(expected), on.toString());
        }
        mana.launcher.mpi.RankRuntime ffm = new mana.launcher.mpi.RankRuntime(mana.launcher.mpi.MpiImplementation.OPENMPI,
                Path.of("/j25/bin/java"), Path.of("/f/mpi-ffm.jar"), 25);
        if (System.getenv("MANA_FELIX_TEMPLATE") == null) {
            assertTrue(JobRunner.startupOptions("run", ffm).contains(expected), "the FFM lower half's ranks use the template too");
        }
        System.setProperty("mana.felixTemplate", "off");
        List<String> off = JobRunner.startupOptions("run", JNI);
        assertFalse(off.stream().anyMatch(o -> o.startsWith("-Dmana.felixTemplates=")), off.toString());
    }
}
