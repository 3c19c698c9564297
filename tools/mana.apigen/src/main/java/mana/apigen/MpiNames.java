package mana.apigen;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.CallableDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The MPI function behind each Java method, read from the javadoc of Open MPI's own
 * sources ("Java binding of {@code MPI_COMM_DUP}"), kept in the lower-half jar under
 * {@code OSGI-OPT/src}.
 */
public final class MpiNames {

    private static final Pattern BINDING = Pattern.compile("Java binding of[^{]*\\{@code\\s+(MPI_[A-Z0-9_]+)");

    /** "Class.key" (nested classes as Outer.Inner) to canonical MPI name. */
    private final Map<String, String> names = new HashMap<>();

    public static MpiNames fromJar(Path jar) throws IOException {
        MpiNames n = new MpiNames();
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                if (!e.getName().startsWith("OSGI-OPT/src/mpi/") || !e.getName().endsWith(".java")) {
                    continue;
                }
                try (InputStream in = zip.getInputStream(e)) {
                    String src = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    ParseResult<CompilationUnit> r = parser.parse(src);
                    r.getResult().ifPresent(cu -> cu.getTypes().forEach(t -> n.collect(t, t.getNameAsString())));
                }
            }
        }
        return n;
    }

    private void collect(TypeDeclaration<?> type, String qualified) {
        for (CallableDeclaration<?> c : type.findAll(CallableDeclaration.class, d -> d.getParentNode().orElse(null) == type)) {
            c.getJavadocComment().ifPresent(doc -> {
                Matcher m = BINDING.matcher(doc.getContent().replaceAll("\\s+", " "));
                if (m.find()) {
                    names.put(qualified + "." + Partial.key(c), canonical(m.group(1)));
                }
            });
        }
        type.getMembers().forEach(member -> {
            if (member instanceof TypeDeclaration<?> nested) {
                collect(nested, qualified + "." + nested.getNameAsString());
            }
        });
    }

    /** MPI_COMM_DUP becomes MPI_Comm_dup, as the MPI standard spells it. */
    public static String canonical(String upper) {
        String rest = upper.substring(4).toLowerCase();
        return "MPI_" + Character.toUpperCase(rest.charAt(0)) + rest.substring(1);
    }

    /**
     * The MPI function a member binds, or a Java-only name ("mpi.Status.getSource") for
     * methods that do not call a single MPI function.
     */
    public String nameOf(String className, String key) {
        String n = names.get(className + "." + key);
        if (n != null) {
            return n;
        }
        String method = key.substring(0, key.indexOf('('));
        return "mpi." + className + "." + ("<init>".equals(method) ? "new" : method);
    }

    public int size() {
        return names.size();
    }
}
