package mana.apigen;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The public/protected surface of the classes of one package in a jar, read by reflection
 * without initializing any class (so the lower half's native library is never loaded).
 */
public final class ApiSurface implements AutoCloseable {

    private final URLClassLoader loader;
    private final List<Class<?>> topLevel;

    private ApiSurface(URLClassLoader loader, List<Class<?>> topLevel) {
        this.loader = loader;
        this.topLevel = topLevel;
    }

    /** Reads the public top-level classes of {@code pkg} from {@code jars} (first jar holds them). */
    public static ApiSurface read(String pkg, Path... jars) throws IOException {
        URL[] urls = new URL[jars.length];
        for (int i = 0; i < jars.length; i++) {
            urls[i] = jars[i].toUri().toURL();
        }
        URLClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        List<String> names = new ArrayList<>();
        String prefix = pkg.replace('.', '/') + "/";
        if (jars[0].toFile().isDirectory()) {
            java.io.File[] files = jars[0].resolve(prefix).toFile().listFiles();
            if (files != null) {
                for (java.io.File f : files) {
                    addName(names, prefix + f.getName());
                }
            }
        } else {
            try (ZipFile zip = new ZipFile(jars[0].toFile())) {
                zip.stream().map(ZipEntry::getName).forEach(n -> addName(names, n));
            }
        }
        names.removeIf(n -> !n.startsWith(pkg + ".") || n.substring(pkg.length() + 1).contains("."));
        List<Class<?>> classes = new ArrayList<>();
        for (String n : names) {
            try {
                Class<?> c = Class.forName(n, false, loader);
                if (Modifier.isPublic(c.getModifiers())) {
                    classes.add(c);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IOException("cannot load " + n + " from " + Arrays.toString(jars) + ": " + e, e);
            }
        }
        classes.sort(Comparator.comparing(Class::getName));
        return new ApiSurface(loader, classes);
    }

    private static void addName(List<String> names, String entry) {
        if (entry.endsWith(".class") && !entry.contains("$") && !entry.equals("module-info.class")) {
            names.add(entry.substring(0, entry.length() - 6).replace('/', '.'));
        }
    }

    public List<Class<?>> topLevelClasses() {
        return topLevel;
    }

    /** Public and protected member classes, sorted by name. */
    public static List<Class<?>> memberClasses(Class<?> c) {
        return Arrays.stream(c.getDeclaredClasses())
                .filter(ApiSurface::isApi)
                .sorted(Comparator.comparing(Class::getName))
                .collect(Collectors.toList());
    }

    public static List<Field> fields(Class<?> c) {
        return Arrays.stream(c.getDeclaredFields()).filter(f -> Modifier.isPublic(f.getModifiers()))
                .filter(f -> !f.isSynthetic())
                .sorted(Comparator.comparing(Field::getName)).collect(Collectors.toList());
    }

    public static List<Constructor<?>> constructors(Class<?> c) {
        return Arrays.stream(c.getDeclaredConstructors()).filter(ApiSurface::isApi)
                .filter(m -> !m.isSynthetic())
                .sorted(Comparator.comparing(ApiSurface::key)).collect(Collectors.toList());
    }

    public static List<Method> methods(Class<?> c) {
        return Arrays.stream(c.getDeclaredMethods()).filter(ApiSurface::isApi)
                .filter(m -> !m.isSynthetic() && !m.isBridge())
                .sorted(Comparator.comparing(ApiSurface::key)).collect(Collectors.toList());
    }

    static boolean isApi(Member m) {
        int mod = m.getModifiers();
        return Modifier.isPublic(mod) || Modifier.isProtected(mod);
    }

    static boolean isApi(Class<?> c) {
        int mod = c.getModifiers();
        return Modifier.isPublic(mod) || Modifier.isProtected(mod);
    }

    /** Matching key: name and erased simple parameter types, e.g. {@code send(Object,int,Datatype,int,int)}. */
    public static String key(Executable e) {
        String name = e instanceof Constructor ? "<init>" : e.getName();
        Class<?>[] params = e.getParameterTypes();
        int skip = innerConstructorSkip(e);
        StringBuilder sb = new StringBuilder(name).append('(');
        for (int i = skip; i < params.length; i++) {
            if (i > skip) {
                sb.append(',');
            }
            sb.append(params[i].getSimpleName());
        }
        return sb.append(')').toString();
    }

    /** Constructors of inner (non-static) classes take the outer instance first. */
    static int innerConstructorSkip(Executable e) {
        Class<?> c = e.getDeclaringClass();
        if (e instanceof Constructor && c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers())
                && e.getParameterCount() > 0 && e.getParameterTypes()[0] == c.getEnclosingClass()
                && e.getGenericParameterTypes().length == e.getParameterCount()) {
            return 1;
        }
        return 0;
    }

    /** The parameter types as written in source (inner-class outer instance dropped). */
    public static Type[] sourceParameterTypes(Executable e) {
        Type[] generic = e.getGenericParameterTypes();
        if (generic.length < e.getParameterCount()) {
            return generic; // javac already dropped the synthetic outer parameter
        }
        int skip = innerConstructorSkip(e);
        return Arrays.copyOfRange(generic, skip, generic.length);
    }

    /** Source form of a type: canonical names, generics kept. */
    public static String typeName(Type t) {
        if (t instanceof Class<?> c) {
            return c.getCanonicalName();
        }
        if (t instanceof ParameterizedType p) {
            String args = Arrays.stream(p.getActualTypeArguments()).map(ApiSurface::typeName)
                    .collect(Collectors.joining(", "));
            return typeName(p.getRawType()) + "<" + args + ">";
        }
        if (t instanceof TypeVariable<?> v) {
            return v.getName();
        }
        if (t instanceof GenericArrayType g) {
            return typeName(g.getGenericComponentType()) + "[]";
        }
        if (t instanceof WildcardType w) {
            if (w.getLowerBounds().length > 0) {
                return "? super " + typeName(w.getLowerBounds()[0]);
            }
            Type[] upper = w.getUpperBounds();
            return upper.length == 0 || upper[0] == Object.class ? "?" : "? extends " + typeName(upper[0]);
        }
        return t.getTypeName();
    }

    public static String typeParameters(TypeVariable<?>[] vars) {
        if (vars.length == 0) {
            return "";
        }
        return "<" + Arrays.stream(vars).map(v -> {
            Type[] b = v.getBounds();
            if (b.length == 0 || (b.length == 1 && b[0] == Object.class)) {
                return v.getName();
            }
            return v.getName() + " extends " + Arrays.stream(b).map(ApiSurface::typeName)
                    .collect(Collectors.joining(" & "));
        }).collect(Collectors.joining(", ")) + "> ";
    }

    @Override
    public void close() throws IOException {
        loader.close();
    }
}
