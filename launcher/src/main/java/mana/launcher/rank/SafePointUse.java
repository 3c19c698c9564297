package mana.launcher.rank;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Whether a program calls MANA's own API: {@code mana.api} ({@code Mana.safePoint}, ...), or the
 * platform's {@code mana.ckpt} / {@code mana.core} packages (a program that drives the checkpoint
 * engine itself, as MANA's own test programs do). Such a program chose its checkpoints and keeps
 * them; any other is checkpointed transparently by default.
 *
 * <p>Only the classes the main class reaches count (one jar may hold programs of both kinds, as
 * the examples jar does): from the main class, every class a class file names in its constant
 * pool (the owners of the methods it calls, its supertypes, what it creates or casts to) is
 * followed, as long as the application's jars or class directories hold it; the program uses
 * MANA's API when one of them names a class of those packages. Classes reached only by
 * reflection are not seen: such a program is woven and its safe points take no part in a cut.
 */
public final class SafePointUse {

    /** MANA's packages a program may call (internal names, with the trailing slash). */
    private static final List<String> APIS = List.of("mana/api/", "mana/ckpt/", "mana/core/");

    private SafePointUse() {
    }

    /** True when the main class, or a class of the application it reaches, refers to MANA's API. */
    public static boolean of(String mainClass, List<Path> entries) throws IOException {
        List<ZipFile> jars = new ArrayList<>();
        try {
            List<Object> roots = new ArrayList<>();
            for (Path e : entries) {
                if (Files.isDirectory(e)) {
                    roots.add(e);
                } else if (Files.isRegularFile(e)) {
                    ZipFile z = new ZipFile(e.toFile());
                    jars.add(z);
                    roots.add(z);
                }
            }
            Deque<String> todo = new ArrayDeque<>(List.of(mainClass.replace('.', '/')));
            Set<String> seen = new HashSet<>(todo);
            while (!todo.isEmpty()) {
                byte[] b = read(roots, todo.pop());
                if (b == null) {
                    continue; // a JDK class, or one the application does not hold
                }
                for (String name : classNames(b)) {
                    for (String api : APIS) {
                        if (name.startsWith(api)) {
                            return true;
                        }
                    }
                    if (seen.add(name)) {
                        todo.push(name);
                    }
                }
            }
            return false;
        } finally {
            for (ZipFile z : jars) {
                z.close();
            }
        }
    }

    private static byte[] read(List<Object> roots, String internalName) throws IOException {
        String file = internalName + ".class";
        for (Object r : roots) {
            if (r instanceof Path dir) {
                Path f = dir.resolve(file);
                if (Files.isRegularFile(f)) {
                    return Files.readAllBytes(f);
                }
            } else {
                ZipFile z = (ZipFile) r;
                ZipEntry e = z.getEntry(file);
                if (e != null) {
                    try (InputStream in = z.getInputStream(e)) {
                        return in.readAllBytes();
                    }
                }
            }
        }
        return null;
    }

    /**
     * The classes a class file names in its constant pool (CONSTANT_Class entries, array types
     * reduced to their element class), as internal names. A file that is not a class file names none.
     */
    static List<String> classNames(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (classFile.length < 10 || in.readInt() != 0xCAFEBABE) {
            return List.of();
        }
        in.readUnsignedShort(); // minor
        in.readUnsignedShort(); // major
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] classIndex = new int[count];
        int classes = 0;
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classIndex[classes++] = in.readUnsignedShort();
                case 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    i++; // takes two slots
                }
                default -> throw new IOException("not a class file (constant pool tag " + tag + ")");
            }
        }
        List<String> names = new ArrayList<>(classes);
        for (int k = 0; k < classes; k++) {
            String n = utf8[classIndex[k]];
            if (n == null) {
                continue;
            }
            int dims = 0;
            while (dims < n.length() && n.charAt(dims) == '[') {
                dims++;
            }
            if (dims > 0) {
                if (n.length() <= dims + 2 || n.charAt(dims) != 'L') {
                    continue; // an array of a primitive type
                }
                n = n.substring(dims + 1, n.length() - 1);
            }
            names.add(n);
        }
        return names;
    }
}
