package mana.weaver.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.objectweb.asm.ClassReader;

/**
 * Super classes and interfaces read from class bytes, never by loading classes: the weaver runs
 * while the application's classes are being defined, where loading one would recurse.
 */
final class ClassHierarchy {

    /** One class's place in the hierarchy. */
    record Info(String superName, String[] interfaces, boolean isInterface) {
    }

    private final Function<String, byte[]> bytesOf;
    private final Map<String, Info> cache = new ConcurrentHashMap<>();

    /** {@code bytesOf}: the class file of an internal name, or null if there is none. */
    ClassHierarchy(Function<String, byte[]> bytesOf) {
        this.bytesOf = bytesOf;
    }

    /** @throws TypeNotPresentException if no class file is found */
    Info info(String internalName) {
        Info i = cache.get(internalName);
        if (i == null) {
            byte[] b = bytesOf.apply(internalName);
            if (b == null) {
                throw new TypeNotPresentException(internalName.replace('/', '.'), null);
            }
            ClassReader r = new ClassReader(b);
            i = new Info(r.getSuperName(), r.getInterfaces(), (r.getAccess() & org.objectweb.asm.Opcodes.ACC_INTERFACE) != 0);
            cache.put(internalName, i);
        }
        return i;
    }

    boolean isInterface(String name) {
        return info(name).isInterface();
    }

    String superName(String name) {
        return name.equals("java/lang/Object") ? null : info(name).superName();
    }

    /** {@code sub} is {@code sup} or extends or implements it, transitively. */
    boolean isAssignable(String sup, String sub) {
        if (sup.equals(sub) || sup.equals("java/lang/Object")) {
            return true;
        }
        boolean itf = isInterface(sup);
        for (String c = sub; c != null; c = superName(c)) {
            if (c.equals(sup)) {
                return true;
            }
            if (itf && implementsItf(c, sup)) {
                return true;
            }
        }
        return false;
    }

    private boolean implementsItf(String c, String itf) {
        for (String i : info(c).interfaces()) {
            if (i.equals(itf) || implementsItf(i, itf)) {
                return true;
            }
        }
        return false;
    }

    /** The nearest common super class, as the JVM's verifier merges (interfaces count as Object). */
    String commonSuperClass(String a, String b) {
        if (isInterface(a) || isInterface(b)) {
            return "java/lang/Object";
        }
        for (String c = a; c != null; c = superName(c)) {
            for (String d = b; d != null; d = superName(d)) {
                if (c.equals(d)) {
                    return c;
                }
            }
        }
        return "java/lang/Object";
    }
}
