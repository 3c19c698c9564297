package mana.weaver.osgi;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.CRC32;

/**
 * Woven class bytes kept in a folder of the job ({@code -Dmana.weave.cache=DIR}, set by the rank
 * launcher for a job's application bundle), so that the ranks after the first, and restarts of
 * the job, load them instead of weaving again: weaving reads every class of the bundle for the
 * call graph and runs ASM, tens of milliseconds per rank before main. The folder is per bundle
 * content (the launcher names it after the bundle's CRC-32), and an entry is per class name and
 * the CRC-32 and length of the class's input bytes. A class that weaving leaves as it is has an
 * empty entry. Entries are written under a temporary name and renamed into place, so a rank
 * reads a whole entry or none; an entry that cannot be read or written costs only the time.
 */
final class WovenCache {
    static final String PROPERTY = "mana.weave.cache";
    /** An entry for a class left as compiled. */
    static final byte[] UNCHANGED = new byte[0];

    private final Path dir;

    private WovenCache(Path dir) {
        this.dir = dir;
    }

    /** The cache the launcher named, or null. */
    static WovenCache fromSystemProperty() {
        String d = System.getProperty(PROPERTY);
        return d == null || d.isBlank() ? null : new WovenCache(Path.of(d));
    }

    static WovenCache at(Path dir) {
        return new WovenCache(dir);
    }

    /** The woven bytes, {@link #UNCHANGED}, or null when there is no entry. */
    byte[] get(String className, byte[] input) {
        try {
            return Files.readAllBytes(entry(className, input));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Records what weaving made of the class (null: left as compiled). */
    void put(String className, byte[] input, byte[] woven) {
        Path target = entry(className, input);
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".entry-", ".tmp");
            try {
                Files.write(tmp, woven == null ? UNCHANGED : woven);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException | RuntimeException e) {
            // not cached: the next rank weaves it again
        }
    }

    private Path entry(String className, byte[] input) {
        CRC32 crc = new CRC32();
        crc.update(input);
        String safe = className.replaceAll("[^A-Za-z0-9_.$-]", "_");
        return dir.resolve(safe + "-" + Long.toHexString(crc.getValue()) + "-" + input.length + ".class");
    }
}
