package mana.apigen;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Compares the public/protected surface of the lower-half and upper-half {@code mpi}
 * packages: every class, member class, constructor, method and public field of the lower
 * half must exist in the upper half with the same signature, so class files compiled
 * against Open MPI's jar link against ours.
 */
public final class ParityCheck {

    /** The outcome: how many lower-half members there are, how many match, and what differs. */
    public record Report(int lowerMembers, int identical, List<String> differences) {
        public boolean ok() {
            return differences.isEmpty() && identical == lowerMembers;
        }

        @Override
        public String toString() {
            return "API parity: lower half has " + lowerMembers + " public/protected members, upper half has "
                    + identical + " with identical signatures" + (differences.isEmpty() ? "" :
                    "\n  " + String.join("\n  ", differences));
        }
    }

    public static Report compare(Path lowerJar, Path... upperPath) throws IOException {
        try (ApiSurface lower = ApiSurface.read(Generator.PKG, lowerJar);
             ApiSurface upper = ApiSurface.read(Generator.PKG, upperPath)) {
            Map<String, Class<?>> upperClasses = new LinkedHashMap<>();
            upper.topLevelClasses().forEach(c -> upperClasses.put(c.getName(), c));
            int[] counts = new int[2];
            List<String> diffs = new ArrayList<>();
            for (Class<?> lc : lower.topLevelClasses()) {
                compareClass(lc, upperClasses.get(lc.getName()), counts, diffs);
            }
            for (Class<?> uc : upper.topLevelClasses()) {
                if (lower.topLevelClasses().stream().noneMatch(l -> l.getName().equals(uc.getName()))) {
                    diffs.add("extra public class in the upper half: " + uc.getName());
                }
            }
            return new Report(counts[0], counts[1], diffs);
        }
    }

    private static void compareClass(Class<?> lc, Class<?> uc, int[] counts, List<String> diffs) {
        counts[0]++;
        if (uc == null) {
            diffs.add("missing class " + lc.getName());
            countMissing(lc, counts);
            return;
        }
        String lh = classSignature(lc);
        String uh = classSignature(uc);
        if (lh.equals(uh)) {
            counts[1]++;
        } else {
            diffs.add("class differs: lower `" + lh + "` upper `" + uh + "`");
        }
        Map<String, String> up = members(uc);
        for (Map.Entry<String, String> e : members(lc).entrySet()) {
            counts[0]++;
            String u = up.get(e.getKey());
            if (u == null) {
                diffs.add("missing in " + uc.getName() + ": " + e.getValue());
            } else if (!u.equals(e.getValue())) {
                diffs.add("differs in " + uc.getName() + ": lower `" + e.getValue() + "` upper `" + u + "`");
            } else {
                counts[1]++;
            }
        }
        Map<String, Class<?>> upperNested = ApiSurface.memberClasses(uc).stream()
                .collect(Collectors.toMap(Class::getSimpleName, c -> c));
        for (Class<?> ln : ApiSurface.memberClasses(lc)) {
            compareClass(ln, upperNested.get(ln.getSimpleName()), counts, diffs);
        }
    }

    private static void countMissing(Class<?> lc, int[] counts) {
        counts[0] += members(lc).size();
        ApiSurface.memberClasses(lc).forEach(n -> {
            counts[0]++;
            countMissing(n, counts);
        });
    }

    static String classSignature(Class<?> c) {
        int keep = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT
                | Modifier.INTERFACE;
        String sup = c.getGenericSuperclass() == null ? "" : " extends " + c.getGenericSuperclass().getTypeName();
        String ifs = Arrays.stream(c.getGenericInterfaces()).map(java.lang.reflect.Type::getTypeName)
                .collect(Collectors.joining(","));
        return Modifier.toString(c.getModifiers() & keep) + " " + c.getName()
                + Arrays.toString(c.getTypeParameters()) + sup + (ifs.isEmpty() ? "" : " implements " + ifs);
    }

    /** Member key to its full signature (modifiers that matter for linking, generic types, throws). */
    static Map<String, String> members(Class<?> c) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Field f : ApiSurface.fields(c)) {
            m.put("field " + f.getName(), mods(f.getModifiers()) + f.getGenericType().getTypeName() + " " + f.getName());
        }
        for (Constructor<?> k : ApiSurface.constructors(c)) {
            m.put(ApiSurface.key(k), signature(k));
        }
        for (Method x : ApiSurface.methods(c)) {
            m.put(ApiSurface.key(x), signature(x));
        }
        return m;
    }

    private static String signature(Executable e) {
        String ret = e instanceof Method m ? m.getGenericReturnType().getTypeName() + " " : "";
        String params = Arrays.stream(ApiSurface.sourceParameterTypes(e)).map(java.lang.reflect.Type::getTypeName)
                .collect(Collectors.joining(","));
        String ex = Arrays.stream(e.getGenericExceptionTypes()).map(java.lang.reflect.Type::getTypeName).sorted()
                .collect(Collectors.joining(","));
        String tps = e.getTypeParameters().length == 0 ? "" : ApiSurface.typeParameters(e.getTypeParameters());
        return mods(e.getModifiers()) + tps + ret + (e instanceof Method ? e.getName() : "<init>")
                + "(" + params + ")" + (e.isVarArgs() ? " varargs" : "") + (ex.isEmpty() ? "" : " throws " + ex);
    }

    private static String mods(int mod) {
        int keep = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT;
        String s = Modifier.toString(mod & keep);
        return s.isEmpty() ? "" : s + " ";
    }

    public static void main(String[] args) throws IOException {
        Path[] upper = Arrays.stream(args).skip(1).map(Path::of).toArray(Path[]::new);
        Report r = compare(Path.of(args[0]), upper);
        System.out.println(r);
        System.exit(r.ok() ? 0 : 1);
    }
}
