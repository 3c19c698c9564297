package mana.launcher.startup;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A new owner-only folder {@code PREFIX PID-N}. Not {@code Files.createTempDirectory}: its random
 * name seeds a {@code SecureRandom}, which initialises the JDK's security providers (about 14 ms
 * of a JVM's start); the process id makes the name unique among live processes, and
 * {@code createDirectory} fails rather than reuse a folder a dead process of that id left.
 */
public final class PrivateDir {
    private PrivateDir() {
    }

    public static Path create(Path parent, String prefix) throws IOException {
        long pid = ProcessHandle.current().pid();
        var owner = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));
        for (int n = 0; ; n++) {
            Path dir = parent.resolve(prefix + pid + "-" + n);
            try {
                return Files.createDirectory(dir, owner);
            } catch (FileAlreadyExistsException e) {
                if (n >= 1000) {
                    throw e;
                }
            } catch (UnsupportedOperationException e) {
                return Files.createTempDirectory(parent, prefix); // not a POSIX file system
            }
        }
    }
}
