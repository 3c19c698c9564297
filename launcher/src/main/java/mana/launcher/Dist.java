package mana.launcher;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import mana.launcher.rank.RankLauncher;

/** Where things are: the dist folder, the launcher jar, the repository (mana.home). */
public final class Dist {
    private Dist() {
    }

    /** launcher/target/dist (the folder of mana-launcher.jar). */
    public static Path dir() {
        return RankLauncher.distDir();
    }

    public static Path launcherJar() {
        return dir().resolve("mana-launcher.jar");
    }

    /** The repository root: -Dmana.home, else $MANA_HOME, else three levels above dist. */
    public static Path home() {
        String p = System.getProperty("mana.home");
        if (p == null || p.isBlank()) {
            p = System.getenv("MANA_HOME");
        }
        if (p != null && !p.isBlank()) {
            return Path.of(p).toAbsolutePath().normalize();
        }
        Path d = dir().toAbsolutePath().normalize();
        Path up = d.getParent() == null || d.getParent().getParent() == null ? d : d.getParent().getParent().getParent();
        return up == null ? d : up;
    }

    /** The Java of this JVM. */
    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** An executable on PATH. */
    public static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public static boolean isRootUser() {
        return "root".equals(System.getProperty("user.name"));
    }
}
