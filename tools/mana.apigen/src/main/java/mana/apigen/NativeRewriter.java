package mana.apigen;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Turns Open MPI's Java binding into the FFM lower half: every {@code native} method of
 * {@code ompi/mpi/java/java/*.java} becomes a plain method calling the static method of the
 * same name in {@code Ffm<Class>} (committed, package {@code mpi}; an instance native passes
 * {@code this} first), or, where there is none yet, throwing an MPIException that names the
 * MPI function (read from the C code of the same source package) and says the FFM lower half
 * does not implement it. The classes stay otherwise unchanged, so the wrappers see the same API.
 *
 * <p>Usage: {@code NativeRewriter JAVA_DIR C_DIR FFM_DIR OUT_DIR REPORT_MD}
 */
public final class NativeRewriter {

    /** One native method and what became of it. */
    public record Native(String clazz, String method, String signature, String mpiFunction, boolean implemented) {
    }

    private static final Pattern JNI_FUNCTION = Pattern.compile("Java_mpi_(\\w+?)_(\\w+)\\s*\\(");
    private static final Pattern MPI_CALL = Pattern.compile("\\b(MPI_[A-Z][a-z0-9_]*[a-z0-9])\\s*\\(");

    private final JavaParser parser = new JavaParser(new ParserConfiguration()
            .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
    private final Map<String, String> mpiFunctions;
    /** "FfmComm.getRank(Comm,long)" for every static method of the committed FFM classes. */
    private final Set<String> implementations;
    private final List<Native> natives = new ArrayList<>();

    public NativeRewriter(Map<String, String> mpiFunctions, Set<String> implementations) {
        this.mpiFunctions = mpiFunctions;
        this.implementations = implementations;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: NativeRewriter JAVA_DIR C_DIR FFM_DIR OUT_DIR REPORT_MD");
            System.exit(2);
        }
        Path javaDir = Path.of(args[0]);
        Path out = Path.of(args[3]);
        NativeRewriter r = new NativeRewriter(mpiFunctionsFromC(Path.of(args[1])), implementationsIn(Path.of(args[2])));
        Files.createDirectories(out);
        for (Path p : list(javaDir, ".java")) {
            Files.writeString(out.resolve(p.getFileName().toString()), r.rewrite(Files.readString(p)));
        }
        Files.writeString(Path.of(args[4]), r.report());
        long done = r.natives().stream().filter(Native::implemented).count();
        System.out.println("rewrote " + r.natives().size() + " native methods: " + done + " implemented through FFM, "
                + (r.natives().size() - done) + " throw MPIException (not implemented yet)");
    }

    public List<Native> natives() {
        return natives;
    }

    /** The source of one class with its natives rewritten. */
    public String rewrite(String source) {
        ParseResult<CompilationUnit> parsed = parser.parse(source);
        CompilationUnit cu = parsed.getResult()
                .orElseThrow(() -> new IllegalArgumentException("cannot parse: " + parsed.getProblems()));
        for (TypeDeclaration<?> type : cu.getTypes()) {
            String clazz = type.getNameAsString();
            for (MethodDeclaration m : type.findAll(MethodDeclaration.class)) {
                if (m.isNative()) {
                    rewriteNative(clazz, m);
                }
            }
        }
        // The JNI library is not loaded; FfmLib loads the MPI library when first used.
        cu.findAll(ExpressionStmt.class, s -> s.getExpression() instanceof MethodCallExpr call
                        && call.getNameAsString().equals("loadLibrary")
                        && call.getScope().map(Object::toString).orElse("").equals("System"))
                .forEach(ExpressionStmt::remove);
        return cu.toString();
    }

    private void rewriteNative(String clazz, MethodDeclaration m) {
        String ffm = "Ffm" + clazz;
        List<String> types = new ArrayList<>();
        if (!m.isStatic()) {
            types.add(clazz);
        }
        m.getParameters().forEach(p -> types.add(typeOf(p)));
        String key = ffm + "." + m.getNameAsString() + "(" + String.join(",", types) + ")";
        boolean implemented = implementations.contains(key);
        String mpi = mpiFunctions.getOrDefault(clazz + "." + m.getNameAsString(), "(no MPI call)");
        natives.add(new Native(clazz, m.getNameAsString(), m.getDeclarationAsString(false, false, false), mpi, implemented));

        m.removeModifier(Modifier.Keyword.NATIVE);
        String body;
        if (implemented) {
            List<String> args = new ArrayList<>();
            if (!m.isStatic()) {
                args.add("this");
            }
            m.getParameters().forEach(p -> args.add(p.getNameAsString()));
            String call = ffm + "." + m.getNameAsString() + "(" + String.join(", ", args) + ")";
            String stmt = (m.getType().isVoidType() ? "" : "return ") + call + ";";
            boolean declaresMpiException = m.getThrownExceptions().stream()
                    .anyMatch(t -> t.asString().equals("MPIException"));
            // JNI throws MPIException from natives that do not declare it; so do we.
            body = declaresMpiException ? "{ " + stmt + " }"
                    : "{ try { " + stmt + " } catch (Exception e) { throw FfmSupport.rethrow(e); } }";
        } else {
            body = "{ throw FfmSupport.unsupported(\"" + mpi + "\", \"" + clazz + "." + m.getNameAsString() + "\"); }";
        }
        BlockStmt block = StaticJavaParser.parseBlock(body);
        m.setBody(block);
    }

    private static String typeOf(Parameter p) {
        return p.getType().asString() + (p.isVarArgs() ? "[]" : "");
    }

    /** Markdown: per class, each native, its MPI function and whether FFM implements it. */
    public String report() {
        long done = natives.stream().filter(Native::implemented).count();
        StringBuilder md = new StringBuilder();
        md.append("# FFM lower half: native methods implemented\n\n")
                .append("Generated by `mana.apigen.NativeRewriter` at `./mana setup` (do not edit): the natives of Open MPI's\n")
                .append("Java binding and whether the FFM lower half (`bundles/mana.lowerhalf.ffm`) implements them.\n")
                .append("Those not implemented throw `MPIException` (error class `MPI.ERR_UNSUPPORTED_OPERATION`) naming\n")
                .append("the MPI function.\n\n")
                .append("**").append(done).append(" of ").append(natives.size()).append(" implemented.**\n\n");
        Map<String, List<Native>> byClass = new TreeMap<>(natives.stream().collect(Collectors.groupingBy(Native::clazz)));
        md.append("| Class | implemented | total |\n|---|---|---|\n");
        byClass.forEach((c, list) -> md.append("| ").append(c).append(" | ")
                .append(list.stream().filter(Native::implemented).count()).append(" | ").append(list.size()).append(" |\n"));
        byClass.forEach((c, list) -> {
            md.append("\n## ").append(c).append("\n\n| native | MPI function | FFM |\n|---|---|---|\n");
            for (Native n : list) {
                md.append("| `").append(n.method()).append("` | ").append(n.mpiFunction()).append(" | ")
                        .append(n.implemented() ? "yes" : "no").append(" |\n");
            }
        });
        return md.toString();
    }

    // ----- inputs -----

    /** "Comm.getRank" to the first MPI function its C implementation calls (Java_mpi_Comm_getRank). */
    public static Map<String, String> mpiFunctionsFromC(Path cDir) throws IOException {
        Map<String, String> names = new HashMap<>();
        for (Path p : list(cDir, ".c")) {
            names.putAll(mpiFunctionsFromCSource(Files.readString(p, StandardCharsets.ISO_8859_1)));
        }
        return names;
    }

    static Map<String, String> mpiFunctionsFromCSource(String c) {
        Map<String, String> names = new HashMap<>();
        String[] parts = c.split("JNIEXPORT");
        for (int i = 1; i < parts.length; i++) {
            Matcher f = JNI_FUNCTION.matcher(parts[i]);
            if (!f.find()) {
                continue;
            }
            String clazz = f.group(1);
            String method = f.group(2).replace("_1", "_");
            Matcher call = MPI_CALL.matcher(parts[i].substring(f.end()));
            if (call.find()) {
                names.put(clazz + "." + method, call.group(1));
            }
        }
        return names;
    }

    /** Static methods of the committed Ffm* classes, as "FfmComm.getRank(Comm,long)". */
    public static Set<String> implementationsIn(Path ffmDir) throws IOException {
        JavaParser p = new JavaParser(new ParserConfiguration().setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21));
        Set<String> impl = new java.util.HashSet<>();
        for (Path f : list(ffmDir, ".java")) {
            if (!f.getFileName().toString().startsWith("Ffm")) {
                continue;
            }
            CompilationUnit cu = p.parse(Files.readString(f)).getResult()
                    .orElseThrow(() -> new IllegalArgumentException("cannot parse " + f));
            impl.addAll(implementationsInSource(cu));
        }
        return impl;
    }

    static Set<String> implementationsInSource(CompilationUnit cu) {
        Set<String> impl = new java.util.HashSet<>();
        for (TypeDeclaration<?> t : cu.getTypes()) {
            for (MethodDeclaration m : t.getMethods()) {
                if (m.isStatic() && !m.isPrivate()) {
                    String params = m.getParameters().stream().map(NativeRewriter::typeOf).collect(Collectors.joining(","));
                    impl.add(t.getNameAsString() + "." + m.getNameAsString() + "(" + params + ")");
                }
            }
        }
        return impl;
    }

    private static List<Path> list(Path dir, String suffix) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
