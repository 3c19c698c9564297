package mana.ckpt.heap;

import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32C;

/** The CRC-32C of an application class's class file as its loader serves it (as compiled, not woven). */
final class ClassCheck {
    static final long MISSING = -1L;

    private ClassCheck() {
    }

    static long crcOf(ClassLoader loader, String className) {
        try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
            if (in == null) {
                return MISSING;
            }
            CRC32C crc = new CRC32C();
            crc.update(in.readAllBytes());
            return crc.getValue();
        } catch (IOException e) {
            return MISSING;
        }
    }
}
