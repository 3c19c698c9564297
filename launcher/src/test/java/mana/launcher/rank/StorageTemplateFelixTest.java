package mana.launcher.rank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import mana.launcher.startup.StorageTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.startlevel.BundleStartLevel;

/**
 * A real Felix started from a copy of a storage template holds the installed platform bundles,
 * at their start levels, and starts them; a template of other bundles is noticed.
 */
class StorageTemplateFelixTest {
    @TempDir
    Path tmp;

    @Test
    void aFrameworkStartsFromACopyWithTheBundlesInstalled() throws Exception {
        Path bundles = Files.createDirectories(tmp.resolve("bundles"));
        bundle(bundles.resolve("a.jar"), "test.a");
        bundle(bundles.resolve("org.apache.felix.gogo.shell-x.jar"), "test.shell");
        StorageTemplate template = StorageTemplate.of(tmp.resolve("startup"), RankLauncher.bundleJars(bundles), "test");

        Path first = Files.createDirectories(tmp.resolve("rank1"));
        Framework f = RankLauncher.newFramework(first, "", true);
        f.init();
        assertEquals(2, RankLauncher.installPlatformBundles(f.getBundleContext(), bundles));
        assertNull(template.createFrom(first));
        f.stop();
        f.waitForStop(10_000);

        Path second = Files.createDirectories(tmp.resolve("rank2"));
        template.copyInto(second);
        Framework g = RankLauncher.newFramework(second, "", false);
        g.init();
        try {
            assertTrue(RankLauncher.installedFromTemplate(g.getBundleContext(), bundles));
            g.start();
            Bundle a = find(g, "test.a");
            Bundle shell = find(g, "test.shell");
            assertEquals(Bundle.ACTIVE, a.getState());
            assertEquals(Bundle.ACTIVE, shell.getState());
            assertEquals(1, a.adapt(BundleStartLevel.class).getStartLevel());
            assertEquals(RankLauncher.SHELL_START_LEVEL, shell.adapt(BundleStartLevel.class).getStartLevel());
        } finally {
            g.stop();
            g.waitForStop(10_000);
        }

        // a bundle more in the folder: the old template's copy does not hold it
        bundle(bundles.resolve("b.jar"), "test.b");
        Path third = Files.createDirectories(tmp.resolve("rank3"));
        template.copyInto(third);
        Framework h = RankLauncher.newFramework(third, "", false);
        h.init();
        try {
            assertFalse(RankLauncher.installedFromTemplate(h.getBundleContext(), bundles));
        } finally {
            h.stop();
            h.waitForStop(10_000);
        }
    }

    @Test
    void aTemplateTakesTheFrameworksRecordsOfPlatformBundlesAndScrsCacheOnly() {
        java.util.Set<Long> platform = java.util.Set.of(1L, 2L, 20L);
        assertTrue(RankLauncher.templateFile("bundle0/bundle.id", platform));
        assertTrue(RankLauncher.templateFile("bundle1/bundle.info", platform));
        assertTrue(RankLauncher.templateFile("bundle2/version0.0/revision.location", platform));
        assertTrue(RankLauncher.templateFile("bundle20/data/" + RankLauncher.SCR_METADATA_STORE, platform));
        assertFalse(RankLauncher.templateFile("bundle24/bundle.info", platform), "the application bundle");
        assertFalse(RankLauncher.templateFile("bundle24/version0.0/bundle.jar", platform), "its content");
        assertFalse(RankLauncher.templateFile("bundle1/data/state.bin", platform), "data a bundle wrote during the job");
        assertFalse(RankLauncher.templateFile("bundle0/data/x", platform));
        assertFalse(RankLauncher.templateFile("cache.lock", platform));
        assertFalse(RankLauncher.templateFile("bundleX/bundle.info", platform));
    }

    @Test
    void aTemplateIsMadeOnlyWhereItsFolderCanBeWritten() throws Exception {
        assertTrue(RankLauncher.writable(tmp.resolve("not/yet/there")));
        Path ro = Files.createDirectories(tmp.resolve("ro"));
        assertTrue(ro.toFile().setWritable(false));
        try {
            // root may write anyway: only check the answer matches what the file system says
            assertEquals(Files.isWritable(ro), RankLauncher.writable(ro.resolve("startup")));
        } finally {
            ro.toFile().setWritable(true);
        }
    }

    private static Bundle find(Framework f, String bsn) {
        for (Bundle b : f.getBundleContext().getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("no bundle " + bsn);
    }

    private static void bundle(Path jar, String bsn) throws Exception {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().putValue("Bundle-ManifestVersion", "2");
        m.getMainAttributes().putValue("Bundle-SymbolicName", bsn);
        m.getMainAttributes().putValue("Bundle-Version", "1.0.0");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
    }
}
