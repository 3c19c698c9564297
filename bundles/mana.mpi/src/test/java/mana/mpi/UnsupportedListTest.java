package mana.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mana.core.fn.Area;
import mana.core.fn.FunctionCatalog;
import org.junit.jupiter.api.Test;

/**
 * Keeps docs/unsupported.md (linked from the README) in step with the generated functions.tsv:
 * every API member the upper half still generates as an "unsupported" stub, grouped by the
 * wrapper bundle that would provide it. When the list changes, run
 * {@code mvn -o test -pl bundles/mana.mpi -Dmana.writeUnsupported=true} to rewrite the file.
 */
class UnsupportedListTest {
    static final Path TSV = Path.of(System.getProperty("mana.upper.classes", "target/classes"),
            "META-INF/mana/functions.tsv");
    static final Path DOC = Path.of(System.getProperty("basedir", "."), "../../docs/unsupported.md").normalize();

    @Test
    void docsUnsupportedMdListsEveryGeneratedStub() throws Exception {
        String expected = render(Files.readAllLines(TSV));
        if (Boolean.getBoolean("mana.writeUnsupported")) {
            Files.writeString(DOC, expected);
        }
        assertTrue(Files.isRegularFile(DOC), DOC + " is missing; run with -Dmana.writeUnsupported=true");
        assertEquals(expected, Files.readString(DOC), DOC + " is out of date: run "
                + "mvn -o test -pl bundles/mana.mpi -Dmana.writeUnsupported=true and commit it");
    }

    static String render(List<String> tsv) throws IOException {
        int total = 0;
        Map<String, List<String>> byBundle = new TreeMap<>();
        for (String line : tsv) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            total++;
            if (!f[3].equals("unsupported")) {
                continue;
            }
            String row = "| `" + f[0] + "` | `" + f[1] + "` | " + (f[2].startsWith("MPI_") ? "`" + f[2] + "`" : "—") + " |";
            if (isAbstract(f[0], f[1])) {
                continue; // an interface method (Freeable.free): the classes implement it
            }
            // a class without a bundle (Win) decides, whatever its methods' names suggest
            Area classArea = FunctionCatalog.areaOf("mpi." + f[0] + ".member");
            Area area = classArea.bundle() == null ? classArea : FunctionCatalog.areaOf(f[2]);
            String where = area.bundle() == null
                    ? "Not supported by MANA: " + area.description() + " (no wrapper bundle)"
                    : area.description().substring(0, 1).toUpperCase() + area.description().substring(1)
                      + " (bundle `" + area.bundle() + "`)";
            byBundle.computeIfAbsent(where, k -> new ArrayList<>()).add(row);
        }
        int missing = byBundle.values().stream().mapToInt(List::size).sum();
        StringBuilder sb = new StringBuilder();
        sb.append("# API members MANA does not support yet\n\n");
        sb.append("Generated from `bundles/mana.mpi/target/classes/META-INF/mana/functions.tsv` and kept in step\n");
        sb.append("by `UnsupportedListTest` (bundles/mana.mpi). ").append(missing).append(" of ").append(total)
                .append(" methods of Open MPI's Java API throw `MPIException`\n");
        sb.append("(class `MPI_ERR_UNSUPPORTED_OPERATION`) naming the MPI function and the bundle that will provide it.\n");
        for (Map.Entry<String, List<String>> e : byBundle.entrySet()) {
            sb.append("\n## ").append(e.getKey()).append("\n\n| Class | Member | MPI function |\n|---|---|---|\n");
            e.getValue().forEach(r -> sb.append(r).append('\n'));
        }
        sb.append("\nProtected members count too: subclasses of `Comm`, `Intracomm` and `Request` call them.\n");
        return sb.toString();
    }

    static boolean isAbstract(String className, String key) {
        Method m = method(className, key);
        return m != null && Modifier.isAbstract(m.getModifiers());
    }

    /** The upper half's method (class name, "name(SimpleType,...)"), or null. */
    static Method method(String className, String key) {
        try {
            Class<?> c = Class.forName("mpi." + className.replace('.', '$'), false,
                    UnsupportedListTest.class.getClassLoader());
            for (Method m : c.getDeclaredMethods()) {
                StringBuilder k = new StringBuilder(m.getName()).append('(');
                Class<?>[] p = m.getParameterTypes();
                for (int i = 0; i < p.length; i++) {
                    k.append(i > 0 ? "," : "").append(p[i].getSimpleName());
                }
                if (k.append(')').toString().equals(key)) {
                    return m;
                }
            }
        } catch (ClassNotFoundException e) {
            return null;
        }
        return null;
    }
}
