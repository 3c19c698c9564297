package mana.launcher.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MpiOptionTest {
    private static final MpiOption.ValueCounts VALUES = a -> Set.of("-np", "--class", "--ckpt-dir").contains(a) ? 1 : 0;

    @Test
    void takenFromTheOptionsBeforeTheApplicationOnly() throws Exception {
        MpiOption o = MpiOption.extract(List.of("-np", "2", "--mpi", "mpich", "--class", "--mpi", "app.jar", "--mpi", "openmpi"), VALUES);
        assertEquals(MpiImplementation.MPICH, o.mpi());
        assertEquals(List.of("-np", "2", "--class", "--mpi", "app.jar", "--mpi", "openmpi"), o.rest());
        assertEquals(MpiImplementation.OPENMPI, MpiOption.extract(List.of("--mpi=OpenMPI", "a.jar"), VALUES).mpi());
        assertNull(MpiOption.extract(List.of("-np", "2", "a.jar"), VALUES).mpi());
    }

    @Test
    void aBadNameIsOneLineNamingTheChoices() throws Exception {
        MpiOption.Invalid e = assertThrows(MpiOption.Invalid.class, () -> MpiOption.extract(List.of("--mpi", "lam", "a.jar"), VALUES));
        assertEquals("--mpi expects one of openmpi-jni, openmpi, mpich, not 'lam'", e.getMessage());
        assertThrows(MpiOption.Invalid.class, () -> MpiOption.extract(List.of("--mpi"), VALUES));
        assertThrows(MpiOption.Invalid.class, () -> MpiOption.extractAnywhere(List.of("/root", "--mpi=lam")));
        assertThrows(MpiOption.Invalid.class, () -> MpiOption.extractAnywhere(List.of("/root", "--mpi")));
        assertEquals(MpiImplementation.MPICH, MpiOption.extractAnywhere(List.of("--mpi=mpich", "/root")).mpi());
    }

    @Test
    void jniNeedsNothingMore(@TempDir Path home) throws Exception {
        RankRuntime r = MpiOption.runtime(MpiImplementation.OPENMPI_JNI, home, Path.of("/j/bin/java"));
        assertEquals(Path.of("/j/bin/java"), r.java());
        assertEquals(List.of(), r.jvmOptions());
        assertEquals(List.of("-jar", "/d/mana-rank.jar"), r.mainAndClassPath(Path.of("/d/mana-rank.jar"), "M"));
    }

    @Test
    void jniRanksOnAnotherJdkWhenManaRankJdkNamesOne(@TempDir Path tmp) throws Exception {
        assertEquals(RankRuntime.jni(Path.of("/j/bin/java")), MpiOption.jniRuntime(Path.of("/j/bin/java"), " "));
        Path jdk = Files.createDirectories(tmp.resolve("jdk25/bin"));
        Files.writeString(jdk.getParent().resolve("release"), "JAVA_VERSION=\"25.0.1\"\n");
        MpiOption.Invalid noJava = assertThrows(MpiOption.Invalid.class, () -> MpiOption.jniRuntime(Path.of("/j/bin/java"),
                jdk.getParent().toString()));
        assertTrue(noJava.getMessage().startsWith("MANA_RANK_JDK="), noJava.getMessage());
        Path java = Files.createFile(jdk.resolve("java"));
        java.toFile().setExecutable(true);
        RankRuntime r = MpiOption.jniRuntime(Path.of("/j/bin/java"), jdk.getParent().toString());
        assertEquals(java, r.java());
        assertEquals(25, r.jdkFeature());
        assertTrue(!r.ffm());
        // JNI's System.loadLibrary is restricted from JDK 24 on, Felix uses sun.misc.Unsafe: no warnings on the ranks' output
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow"), r.jvmOptions());
        assertEquals(List.of(), RankRuntime.jni(Path.of("/j/bin/java")).jvmOptions());
    }

    @Test
    void ffmWithoutItsJarSaysToRunSetup(@TempDir Path home) {
        if (MpiOption.modernJdk().isEmpty()) {
            return; // the message is then about the JDK, checked below
        }
        MpiOption.Invalid e = assertThrows(MpiOption.Invalid.class,
                () -> MpiOption.runtime(MpiImplementation.MPICH, home, Path.of("/j/bin/java")));
        assertTrue(e.getMessage().contains("FFM lower half") && e.getMessage().endsWith("run ./mana setup"), e.getMessage());
    }

    @Test
    void ffmWithoutTheShimOfItsMpiNamesIt(@TempDir Path home) throws Exception {
        if (MpiOption.modernJdk().isEmpty()) {
            return;
        }
        Path dir = Files.createDirectories(home.resolve(".mana/lowerhalf-ffm/4.1.4-3"));
        Files.writeString(dir.resolve("mpi-ffm.jar"), "x");
        Files.writeString(dir.resolve("libmana_abi_openmpi.so"), "x");
        RankRuntime r = MpiOption.runtime(MpiImplementation.OPENMPI, home, Path.of("/j/bin/java"));
        assertTrue(r.java().toString().endsWith("bin/java") && !r.java().startsWith("/j"), r.toString());
        assertTrue(r.jvmOptions().containsAll(List.of("--enable-native-access=ALL-UNNAMED", "-Dmana.ffm.mpi=openmpi")), r.jvmOptions().toString());
        assertEquals(List.of("-cp", dir.resolve("mpi-ffm.jar") + ":/d/mana-rank.jar", "M"),
                r.mainAndClassPath(Path.of("/d/mana-rank.jar"), "M"));
        MpiOption.Invalid e = assertThrows(MpiOption.Invalid.class,
                () -> MpiOption.runtime(MpiImplementation.MPICH, home, Path.of("/j/bin/java")));
        assertTrue(e.getMessage().contains("libmana_abi_mpich.so") && e.getMessage().contains("apt-get install mpich"), e.getMessage());
    }
}
