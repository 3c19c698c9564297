package mana.weaver.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Weaves the classes of one application: continuations in the methods that may reach a cut point
 * ({@link MethodWeaver}), and for classes with static state a call to
 * {@code Continuations.classInitialized} first thing in their class initializer (so a checkpoint
 * knows which classes were initialized, in which order); {@code static final} fields that are not
 * compile-time constants lose {@code final} so that a restart can put their saved values back.
 */
public final class Weaver {

    static final String WOVEN = "Lmana/weaver/api/Woven;";

    private final Reachability reach;
    private final ClassHierarchy hierarchy;

    /**
     * @param reach   the application's call graph, solved
     * @param bytesOf the class file of an internal name (the application's, the JDK's, libraries'), or null
     */
    public Weaver(Reachability reach, Function<String, byte[]> bytesOf) {
        this.reach = reach;
        this.hierarchy = new ClassHierarchy(bytesOf);
    }

    /** The woven class, or null when it needs nothing. */
    public byte[] weave(byte[] classBytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(classBytes).accept(cn, 0);
        if ((cn.access & Opcodes.ACC_MODULE) != 0) {
            return null;
        }
        Map<MethodNode, Table> tables = new HashMap<>();
        boolean frames = false;
        TypingVerifier verifier = null;
        boolean asked = false;
        for (MethodNode m : cn.methods) {
            if ((m.access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0 || !reach.reaches(cn.name, m.name, m.desc)) {
                continue;
            }
            if (m.name.startsWith("<")) {
                asked |= MethodWeaver.askOnly(m, reach);
                continue;
            }
            if (verifier == null) {
                verifier = new TypingVerifier(hierarchy, Type.getObjectType(cn.name),
                        cn.superName == null ? null : Type.getObjectType(cn.superName),
                        cn.interfaces.stream().map(Type::getObjectType).toList(),
                        (cn.access & Opcodes.ACC_INTERFACE) != 0);
            }
            MethodNode copy = copyOf(m);
            try {
                List<MethodWeaver.Site> sites = MethodWeaver.weave(cn.name, m, reach, verifier);
                tables.put(m, new Table(sites, null));
                frames |= sites.stream().anyMatch(s -> s.reason == null || s.cut);
            } catch (Exception | LinkageError e) {
                // leave the method as it was; a capture through it is declined with this reason
                int i = cn.methods.indexOf(m);
                cn.methods.set(i, copy);
                tables.put(copy, new Table(List.of(), e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
        }
        boolean statics = staticState(cn);
        frames |= asked;
        if (tables.isEmpty() && !statics && !asked) {
            return null;
        }
        ClassWriter cw = new ClassWriter(frames ? ClassWriter.COMPUTE_FRAMES : ClassWriter.COMPUTE_MAXS) {
            @Override
            protected String getCommonSuperClass(String a, String b) {
                return hierarchy.commonSuperClass(a, b);
            }
        };
        cn.accept(new ClassVisitor(Opcodes.ASM9, cw) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                MethodVisitor mv = super.visitMethod(access, name, desc, sig, exc);
                MethodNode m = cn.methods.stream().filter(x -> x.name.equals(name) && x.desc.equals(desc)).findFirst().orElseThrow();
                Table t = tables.get(m);
                return t == null ? mv : t.annotating(mv);
            }
        });
        return cw.toByteArray();
    }

    private static MethodNode copyOf(MethodNode m) {
        MethodNode c = new MethodNode(Opcodes.ASM9, m.access, m.name, m.desc, m.signature, m.exceptions.toArray(new String[0]));
        m.accept(c);
        return c;
    }

    /**
     * Adds the {@code classInitialized} call to the class initializer of a class with static state
     * and drops {@code final} from its non-constant static fields. Interfaces and enums' constants
     * are left alone (an interface field must stay final; an enum constant is itself in any JVM).
     */
    private static boolean staticState(ClassNode cn) {
        if ((cn.access & Opcodes.ACC_INTERFACE) != 0 || cn.version < Opcodes.V1_5) {
            return false;
        }
        boolean state = false;
        for (FieldNode f : cn.fields) {
            boolean isStatic = (f.access & Opcodes.ACC_STATIC) != 0;
            boolean constant = (f.access & Opcodes.ACC_FINAL) != 0 && f.value != null;
            boolean skip = (f.access & (Opcodes.ACC_SYNTHETIC | Opcodes.ACC_ENUM)) != 0;
            if (isStatic && !constant && !skip) {
                state = true;
                f.access &= ~Opcodes.ACC_FINAL;
            }
        }
        if (!state) {
            return false;
        }
        MethodNode clinit = cn.methods.stream().filter(m -> m.name.equals("<clinit>")).findFirst().orElse(null);
        if (clinit == null) {
            clinit = new MethodNode(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
            clinit.instructions.add(new InsnNode(Opcodes.RETURN));
            cn.methods.add(clinit);
        }
        InsnList hook = new InsnList();
        hook.add(new LdcInsnNode(Type.getObjectType(cn.name)));
        hook.add(new MethodInsnNode(Opcodes.INVOKESTATIC, MethodWeaver.CONT, "classInitialized", "(Ljava/lang/Class;)V", false));
        clinit.instructions.insert(hook);
        return true;
    }

    /** The {@code @Woven} annotation of one method, written once its code (and so each site's offset) is known. */
    private record Table(List<MethodWeaver.Site> sites, String failure) {
        MethodVisitor annotating(MethodVisitor mv) {
            return new MethodVisitor(Opcodes.ASM9, mv) {
                @Override
                public void visitEnd() {
                    org.objectweb.asm.AnnotationVisitor av = super.visitAnnotation(WOVEN, true);
                    org.objectweb.asm.AnnotationVisitor bcis = av.visitArray("sites");
                    for (MethodWeaver.Site s : sites) {
                        bcis.visit(null, s.bci.getLabel().getOffset());
                    }
                    bcis.visitEnd();
                    org.objectweb.asm.AnnotationVisitor why = av.visitArray("reasons");
                    for (MethodWeaver.Site s : sites) {
                        why.visit(null, s.reason == null ? "" : s.reason);
                    }
                    why.visitEnd();
                    if (failure != null) {
                        av.visit("failure", failure);
                    }
                    av.visitEnd();
                    super.visitEnd();
                }
            };
        }
    }

    /** Every class of an application in one map, for the reachability pass and the hierarchy. */
    public static Weaver of(Map<String, byte[]> appClasses, java.util.function.Predicate<String> cutOwner,
                            Function<String, byte[]> others) {
        Reachability r = new Reachability(cutOwner);
        appClasses.values().forEach(r::add);
        r.solve();
        return new Weaver(r, n -> {
            byte[] b = appClasses.get(n);
            return b != null ? b : others.apply(n);
        });
    }

    /** Reads a class file from a loader's resources (the JDK's through the system loader). */
    public static Function<String, byte[]> resources(ClassLoader loader) {
        return n -> {
            String res = n + ".class";
            try (java.io.InputStream in = loader != null ? loader.getResourceAsStream(res) : ClassLoader.getSystemResourceAsStream(res)) {
                if (in != null) {
                    return in.readAllBytes();
                }
            } catch (java.io.IOException e) {
                return null;
            }
            if (loader != null) {
                try (java.io.InputStream in = ClassLoader.getSystemResourceAsStream(res)) {
                    return in == null ? null : in.readAllBytes();
                } catch (java.io.IOException e) {
                    return null;
                }
            }
            return null;
        };
    }
}
