package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * dist/mana-rank.jar, the rank JVM's class path: the launcher's classes, Felix and the lower half,
 * and none of the CLI's libraries (bndlib, Bouncy Castle, JLine, SLF4J). Every class or resource
 * lookup that misses opens every jar of the class path (about 30 ms of a rank's start with them).
 * Runs in the package phase (execution rank-jar), after the jar is made.
 */
class RankJarTest {
    private static final Path DIST = Path.of(System.getProperty("mana.test.dist", "target/dist"));
    private static final List<String> CLI_ONLY = List.of("aQute/", "org/bouncycastle/", "org/jline/", "org/slf4j/");

    @Test
    void theRankJarHoldsNoClassOfTheCliLibraries() throws Exception {
        try (JarFile jar = new JarFile(DIST.resolve("mana-rank.jar").toFile())) {
            List<String> names = Collections.list(jar.entries()).stream().map(e -> e.getName()).toList();
            assertTrue(names.contains("mana/launcher/rank/RankLauncher.class"), "the launcher's classes");
            for (String prefix : CLI_ONLY) {
                assertFalse(names.stream().anyMatch(n -> n.startsWith(prefix)), prefix + " in mana-rank.jar");
            }
            Attributes a = jar.getManifest().getMainAttributes();
            assertEquals("mana.launcher.boot.RankMain", a.getValue(Attributes.Name.MAIN_CLASS));
            for (String entry : a.getValue(Attributes.Name.CLASS_PATH).trim().split("\\s+")) {
                assertFalse(entry.matches("(?i).*(bnd|bouncy|bcprov|bcpkix|bcutil|jline|slf4j|mana-launcher).*"),
                        "Class-Path names a jar of the CLI: " + entry);
                assertTrue(Files.isRegularFile(DIST.resolve(entry)), "Class-Path entry missing: " + entry);
            }
        }
    }

    @Test
    void theRankClassPathFindsTheRanksClassesAndNotBndlibNorBouncyCastle() throws Exception {
        try (URLClassLoader rank = new URLClassLoader(new URL[] {DIST.resolve("mana-rank.jar").toUri().toURL()},
                ClassLoader.getPlatformClassLoader())) {
            assertNotNull(Class.forName("mana.launcher.rank.RankLauncher", false, rank));
            assertNotNull(Class.forName("mana.launcher.rank.AppBundleFile", false, rank));
            assertNotNull(Class.forName("org.apache.felix.framework.FrameworkFactory", false, rank));
            assertNotNull(rank.getResource("mpi/MPI.class"), "the lower half");
            assertThrows(ClassNotFoundException.class, () -> Class.forName("aQute.bnd.osgi.Analyzer", false, rank));
            assertThrows(ClassNotFoundException.class,
                    () -> Class.forName("org.bouncycastle.jce.provider.BouncyCastleProvider", false, rank));
            assertNull(rank.getResource("org/jline/reader/LineReader.class"));
        }
    }
}
