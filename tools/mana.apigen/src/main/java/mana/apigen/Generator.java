package mana.apigen;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Modifier.Keyword;
import com.github.javaparser.ast.body.BodyDeclaration;
import com.github.javaparser.ast.body.ConstructorDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes the upper-half {@code mpi} package: for every public class of the lower half, a
 * class with the same name, hierarchy and public/protected members. Members that have a
 * hand-written version in the partial sources keep it; every other member gets a body
 * that fails with a clear "unsupported" error naming its MPI function.
 *
 * <p>Usage: {@code Generator LOWER_JAR PARTIAL_DIR OUT_DIR [FUNCTIONS_TSV]}
 */
public final class Generator {

    static final String PKG = "mpi";
    /** Package-private helper in the upper half that builds the "no bundle provides it" errors. */
    static final String UNSUPPORTED = "mpi.ManaUnsupported";
    static final String CONSTANTS = "mpi.ManaConstants";

    private final MpiNames names;
    private final Map<String, Partial> partials = new HashMap<>();
    private final Map<String, CompilationUnit> partialUnits = new HashMap<>();
    private final List<String[]> functions = new ArrayList<>();
    private int generatedMembers;
    private int handWrittenMembers;

    Generator(MpiNames names) {
        this.names = names;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            System.err.println("usage: Generator LOWER_JAR PARTIAL_DIR OUT_DIR [FUNCTIONS_TSV]");
            System.exit(2);
        }
        Path lowerJar = Path.of(args[0]);
        Path partialDir = Path.of(args[1]);
        Path out = Path.of(args[2]);
        Generator g = new Generator(MpiNames.fromJar(lowerJar));
        try (ApiSurface lower = ApiSurface.read(PKG, lowerJar)) {
            g.generate(lower, partialDir, out);
        }
        if (args.length > 3) {
            g.writeFunctions(Path.of(args[3]));
        }
        System.out.printf("[mana.apigen] %d classes, %d members hand-written, %d generated as unsupported, %d MPI names%n",
                g.partials.size(), g.handWrittenMembers, g.generatedMembers, g.names.size());
    }

    void generate(ApiSurface lower, Path partialDir, Path out) throws IOException {
        Path pkgOut = out.resolve(PKG);
        Files.createDirectories(pkgOut);
        JavaParser parser = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17));
        Path pkgIn = partialDir.resolve(PKG);
        List<Path> partialFiles;
        try (Stream<Path> s = Files.isDirectory(pkgIn) ? Files.list(pkgIn) : Stream.empty()) {
            partialFiles = s.filter(p -> p.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        // A class may be split over several files by area: Comm.java, Comm-p2p.java, Comm-comm.java.
        for (Path p : partialFiles) {
            ParseResult<CompilationUnit> r = parser.parse(p);
            CompilationUnit cu = r.getResult().filter(x -> r.isSuccessful())
                    .orElseThrow(() -> new IOException("cannot parse " + p + ": " + r.getProblems()));
            String file = p.getFileName().toString().replace(".java", "");
            String name = file.contains("-") ? file.substring(0, file.indexOf('-')) : file;
            TypeDeclaration<?> type = cu.getTypes().stream().filter(t -> t.getNameAsString().equals(name)).findFirst()
                    .orElseThrow(() -> new IOException(p + " does not declare type " + name));
            CompilationUnit existing = partialUnits.get(name);
            if (existing == null) {
                partialUnits.put(name, cu);
                continue;
            }
            TypeDeclaration<?> into = existing.getTypes().stream().filter(t -> t.getNameAsString().equals(name))
                    .findFirst().orElseThrow();
            cu.getImports().forEach(i -> {
                if (!existing.getImports().contains(i)) {
                    existing.addImport(i.clone());
                }
            });
            type.getMembers().forEach(m -> into.addMember(m.clone()));
        }
        for (Map.Entry<String, CompilationUnit> e : partialUnits.entrySet()) {
            e.getValue().getTypes().stream().filter(t -> t.getNameAsString().equals(e.getKey())).findFirst()
                    .ifPresent(t -> indexPartial(e.getKey(), t));
        }
        for (Class<?> c : lower.topLevelClasses()) {
            String src = topLevel(c);
            Files.writeString(pkgOut.resolve(c.getSimpleName() + ".java"), src);
        }
        // hand-written helpers that are not lower-half classes are copied as they are
        java.util.Set<String> lowerNames = lower.topLevelClasses().stream().map(Class::getSimpleName)
                .collect(Collectors.toSet());
        for (Map.Entry<String, CompilationUnit> e : partialUnits.entrySet()) {
            if (!lowerNames.contains(e.getKey())) {
                boolean isPublic = e.getValue().getTypes().stream().anyMatch(t -> t.hasModifier(Keyword.PUBLIC));
                if (isPublic) {
                    throw new IOException("partial " + e.getKey() + " is public but not part of the Open MPI API");
                }
                Files.writeString(pkgOut.resolve(e.getKey() + ".java"), header(e.getKey(), true) + e.getValue());
            }
        }
    }

    private void indexPartial(String qualified, TypeDeclaration<?> t) {
        Partial p = new Partial(t);
        partials.put(qualified, p);
        p.nested.forEach((n, nt) -> indexPartial(qualified + "." + n, nt));
    }

    private static String header(String name, boolean copied) {
        return "// GENERATED by mana.apigen from the Open MPI Java API: do not edit.\n"
                + "// " + (copied ? "Copied from" : "Hand-written members come from")
                + " bundles/mana.mpi/src/main/partial/mpi/" + name + ".java\n";
    }

    private String topLevel(Class<?> c) {
        StringBuilder sb = new StringBuilder(header(c.getSimpleName(), false));
        sb.append("package ").append(PKG).append(";\n\n");
        CompilationUnit cu = partialUnits.get(c.getSimpleName());
        if (cu != null) {
            cu.getImports().forEach(i -> sb.append(i.toString()));
            sb.append('\n');
        }
        sb.append(typeBody(c, c.getSimpleName(), ""));
        return sb.toString();
    }

    private String typeBody(Class<?> c, String qualified, String indent) {
        Partial partial = partials.get(qualified);
        StringBuilder sb = new StringBuilder();
        if (partial != null) {
            partial.type.getJavadocComment().ifPresent(j -> sb.append(indent).append(j.toString()));
        }
        sb.append(indent).append(classHeader(c)).append(" {\n");
        String inner = indent + "    ";
        if (partial != null) {
            for (BodyDeclaration<?> m : partial.type.getMembers()) {
                if (m instanceof TypeDeclaration<?> t && isLowerMember(c, t.getNameAsString())) {
                    continue; // merged below with its generated members
                }
                sb.append(indentBlock(m.toString(), inner)).append("\n\n");
                handWrittenMembers++;
            }
        }
        List<String> generated = new ArrayList<>();
        for (Field f : ApiSurface.fields(c)) {
            if (partial == null || !partial.fields.contains(f.getName())) {
                generated.add(field(c, f));
            }
        }
        for (Constructor<?> k : ApiSurface.constructors(c)) {
            if (partial == null || !partial.callables.contains(ApiSurface.key(k))) {
                generated.add(constructor(c, qualified, k));
            }
        }
        for (Method m : ApiSurface.methods(c)) {
            String key = ApiSurface.key(m);
            functions.add(new String[] {qualified, key, names.nameOf(qualified, key),
                    partial != null && partial.callables.contains(key) ? "hand-written" : "unsupported"});
            if (partial == null || !partial.callables.contains(key)) {
                generated.add(method(c, qualified, m));
            }
        }
        generatedMembers += generated.size();
        for (String g : generated) {
            sb.append(indentBlock(g, inner)).append("\n\n");
        }
        for (Class<?> n : ApiSurface.memberClasses(c)) {
            sb.append(typeBody(n, qualified + "." + n.getSimpleName(), inner)).append('\n');
        }
        sb.append(indent).append("}\n");
        return sb.toString();
    }

    private static boolean isLowerMember(Class<?> c, String simpleName) {
        return ApiSurface.memberClasses(c).stream().anyMatch(n -> n.getSimpleName().equals(simpleName));
    }

    private static String classHeader(Class<?> c) {
        int mod = c.getModifiers();
        StringBuilder sb = new StringBuilder();
        if (Modifier.isPublic(mod)) {
            sb.append("public ");
        }
        if (Modifier.isProtected(mod)) {
            sb.append("protected ");
        }
        if (c.getEnclosingClass() != null && Modifier.isStatic(mod) && !c.isInterface()) {
            sb.append("static ");
        }
        if (c.isInterface()) {
            sb.append("interface ");
        } else {
            if (Modifier.isAbstract(mod)) {
                sb.append("abstract ");
            }
            if (Modifier.isFinal(mod)) {
                sb.append("final ");
            }
            sb.append("class ");
        }
        sb.append(c.getSimpleName());
        String tp = ApiSurface.typeParameters(c.getTypeParameters()).trim();
        sb.append(tp);
        Type sup = c.getGenericSuperclass();
        if (sup != null && sup != Object.class) {
            sb.append(" extends ").append(ApiSurface.typeName(sup));
        }
        Type[] ifs = c.getGenericInterfaces();
        if (ifs.length > 0) {
            sb.append(c.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(ifs).map(ApiSurface::typeName).collect(Collectors.joining(", ")));
        }
        return sb.toString();
    }

    private static String modifiers(int mod, boolean inInterface) {
        int keep = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
        String s = Modifier.toString(mod & keep);
        return s.isEmpty() ? "" : s + " ";
    }

    private String field(Class<?> c, Field f) {
        int mod = f.getModifiers();
        String decl = modifiers(mod, false) + ApiSurface.typeName(f.getGenericType()) + " " + f.getName();
        if (Modifier.isStatic(mod) && Modifier.isFinal(mod)) {
            if (f.getType() == int.class) {
                return decl + " = " + CONSTANTS + ".intConstant(\"" + c.getSimpleName() + "." + f.getName() + "\");";
            }
            throw new IllegalStateException("constant " + c.getName() + "." + f.getName() + " of type "
                    + f.getType().getName() + " must be hand-written in the partial class");
        }
        return decl + ";";
    }

    private String constructor(Class<?> c, String qualified, Constructor<?> k) {
        String key = ApiSurface.key(k);
        String fn = names.nameOf(qualified, key);
        StringBuilder sb = new StringBuilder();
        sb.append(modifiers(k.getModifiers(), false)).append(ApiSurface.typeParameters(k.getTypeParameters()))
                .append(c.getSimpleName()).append('(').append(parameters(k)).append(')').append(throwsClause(k))
                .append(" {\n");
        Class<?> sup = c.getSuperclass();
        if (sup != null && sup.getPackageName().equals(PKG)) {
            sb.append("    super(").append(superArguments(sup)).append(");\n");
        }
        sb.append("    throw ").append(failure(k, fn)).append(";\n}");
        return sb.toString();
    }

    /** Default arguments for the simplest accessible constructor of an upper-half superclass. */
    private String superArguments(Class<?> sup) {
        String qualified = qualifiedName(sup);
        Partial p = partials.get(qualified);
        if (p != null) {
            Optional<ConstructorDeclaration> k = p.type.getConstructors().stream()
                    .filter(d -> !d.isPrivate())
                    .min(Comparator.comparingInt(d -> d.getParameters().size()));
            if (k.isPresent()) {
                return k.get().getParameters().stream().map(par -> defaultValue(par.getType().asString()))
                        .collect(Collectors.joining(", "));
            }
        }
        Constructor<?> k = ApiSurface.constructors(sup).stream()
                .min(Comparator.comparingInt(Executable::getParameterCount))
                .orElseThrow(() -> new IllegalStateException("no accessible constructor in " + sup));
        return Arrays.stream(ApiSurface.sourceParameterTypes(k)).map(t -> defaultValue(ApiSurface.typeName(t)))
                .collect(Collectors.joining(", "));
    }

    private static String qualifiedName(Class<?> c) {
        return c.getEnclosingClass() == null ? c.getSimpleName() : qualifiedName(c.getEnclosingClass()) + "." + c.getSimpleName();
    }

    static String defaultValue(String type) {
        return switch (type) {
            case "boolean" -> "false";
            case "byte", "short", "char", "int", "long", "float", "double" -> "(" + type + ") 0";
            default -> "(" + type + ") null";
        };
    }

    private String method(Class<?> c, String qualified, Method m) {
        String fn = names.nameOf(qualified, ApiSurface.key(m));
        StringBuilder sb = new StringBuilder();
        sb.append(modifiers(m.getModifiers(), c.isInterface())).append(ApiSurface.typeParameters(m.getTypeParameters()))
                .append(ApiSurface.typeName(m.getGenericReturnType())).append(' ').append(m.getName())
                .append('(').append(parameters(m)).append(')').append(throwsClause(m));
        if (Modifier.isAbstract(m.getModifiers())) {
            return sb.append(';').toString();
        }
        sb.append(" {\n    throw ").append(failure(m, fn)).append(";\n}");
        return sb.toString();
    }

    private static String failure(Executable e, String fn) {
        boolean checked = Arrays.stream(e.getExceptionTypes())
                .anyMatch(x -> x.getName().equals("mpi.MPIException") || x == Exception.class || x == Throwable.class);
        String where = qualifiedName(e.getDeclaringClass()) + "." + ApiSurface.key(e);
        return UNSUPPORTED + (checked ? ".checked" : ".unchecked") + "(\"" + fn + "\", \"" + where + "\")";
    }

    private static String parameters(Executable e) {
        Type[] types = ApiSurface.sourceParameterTypes(e);
        List<String> ps = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            String t = ApiSurface.typeName(types[i]);
            if (e.isVarArgs() && i == types.length - 1 && t.endsWith("[]")) {
                t = t.substring(0, t.length() - 2) + "...";
            }
            ps.add(t + " p" + i);
        }
        return String.join(", ", ps);
    }

    private static String throwsClause(Executable e) {
        Type[] ex = e.getGenericExceptionTypes();
        if (ex.length == 0) {
            return "";
        }
        return " throws " + Arrays.stream(ex).map(ApiSurface::typeName).collect(Collectors.joining(", "));
    }

    private static String indentBlock(String text, String indent) {
        return Arrays.stream(text.split("\n", -1)).map(l -> l.isEmpty() ? l : indent + l)
                .collect(Collectors.joining("\n"));
    }

    /** One line per API method: class, key, MPI function, hand-written or unsupported. */
    void writeFunctions(Path tsv) throws IOException {
        Files.createDirectories(tsv.toAbsolutePath().getParent());
        StringBuilder sb = new StringBuilder("# class\tmember\tmpi_function\tupper_half\n");
        functions.stream().sorted(Comparator.comparing((String[] r) -> r[0]).thenComparing(r -> r[1]))
                .forEach(r -> sb.append(String.join("\t", r)).append('\n'));
        Files.writeString(tsv, sb.toString());
    }
}
