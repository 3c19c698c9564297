package mana.weaver.internal;

import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.SimpleVerifier;

/**
 * ASM's {@link SimpleVerifier} with the hierarchy read from class bytes (never loading a class)
 * and objects made by NEW marked {@link Uninit} until their constructor ran: a frame holding such
 * a value cannot be captured. Types are as precise as the JVM's verifier needs them to re-enter a
 * frame: the restore code casts every reference to the type found here.
 */
final class TypingVerifier extends SimpleVerifier {

    /** An object between NEW and its constructor call. */
    static final class Uninit extends BasicValue {
        final AbstractInsnNode newInsn;

        Uninit(Type type, AbstractInsnNode newInsn) {
            super(type);
            this.newInsn = newInsn;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Uninit u && u.newInsn == newInsn;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(newInsn);
        }
    }

    private final ClassHierarchy hierarchy;

    TypingVerifier(ClassHierarchy hierarchy, Type currentClass, Type superClass, List<Type> interfaces, boolean isInterface) {
        super(Opcodes.ASM9, currentClass, superClass, interfaces, isInterface);
        this.hierarchy = hierarchy;
    }

    @Override
    public BasicValue newOperation(AbstractInsnNode insn) throws AnalyzerException {
        if (insn.getOpcode() == Opcodes.NEW) {
            return new Uninit(Type.getObjectType(((TypeInsnNode) insn).desc), insn);
        }
        return super.newOperation(insn);
    }

    @Override
    protected boolean isInterface(Type type) {
        return type.getSort() == Type.OBJECT && hierarchy.isInterface(type.getInternalName());
    }

    @Override
    protected Type getSuperClass(Type type) {
        if (type.getSort() != Type.OBJECT) {
            return Type.getObjectType("java/lang/Object");
        }
        String s = hierarchy.superName(type.getInternalName());
        return s == null ? null : Type.getObjectType(s);
    }

    @Override
    protected boolean isAssignableFrom(Type t1, Type t2) {
        if (t1.equals(t2)) {
            return true;
        }
        if (t1.getSort() == Type.OBJECT && t1.getInternalName().equals("java/lang/Object")) {
            return t2.getSort() == Type.OBJECT || t2.getSort() == Type.ARRAY;
        }
        if (t2.getSort() == Type.ARRAY) {
            if (t1.getSort() == Type.ARRAY) {
                Type e1 = Type.getType(t1.getDescriptor().substring(1));
                Type e2 = Type.getType(t2.getDescriptor().substring(1));
                boolean refs = (e1.getSort() == Type.OBJECT || e1.getSort() == Type.ARRAY)
                        && (e2.getSort() == Type.OBJECT || e2.getSort() == Type.ARRAY);
                return refs ? isAssignableFrom(e1, e2) : e1.equals(e2);
            }
            String n = t1.getInternalName();
            return n.equals("java/lang/Cloneable") || n.equals("java/io/Serializable");
        }
        if (t1.getSort() == Type.ARRAY || t2.getSort() != Type.OBJECT || t1.getSort() != Type.OBJECT) {
            return false;
        }
        return hierarchy.isAssignable(t1.getInternalName(), t2.getInternalName());
    }

    /** As the JVM checks arguments: any reference goes where an interface is expected. */
    @Override
    protected boolean isSubTypeOf(BasicValue value, BasicValue expected) {
        Type e = expected.getType();
        Type t = value.getType();
        if (e.getSort() == Type.OBJECT || e.getSort() == Type.ARRAY) {
            if (t == null || !(t.getSort() == Type.OBJECT || t.getSort() == Type.ARRAY)) {
                return false;
            }
            if (t.getSort() == Type.OBJECT && t.getInternalName().equals("null")) {
                return true;
            }
            return isAssignableFrom(e, t) || isInterface(e);
        }
        return super.isSubTypeOf(value, expected);
    }

    @Override
    protected Class<?> getClass(Type type) {
        throw new UnsupportedOperationException("the weaver never loads classes: " + type);
    }
}
