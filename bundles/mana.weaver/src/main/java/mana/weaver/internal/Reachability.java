package mana.weaver.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Which methods of the application may reach a cut point, over the call graph of all its classes.
 * Calls are matched by name and descriptor whatever their owner (a virtual call may land in any
 * override, an interface call in any implementation), and a lambda or method reference makes its
 * functional interface method an alias of the method it calls. Conservative: a method is woven
 * when in doubt; a call that cannot reach a cut point is left as it is (no cost).
 */
public final class Reachability {

    private final Predicate<String> cutOwner;
    /** Method key (owner.name desc) to the signatures (name desc) it calls, and whether it calls a cut point. */
    private final Map<String, List<String>> calls = new HashMap<>();
    private final Set<String> direct = new HashSet<>();
    /** Implementation method key to the interface signatures it stands for (lambdas, method references). */
    private final Map<String, List<String>> aliases = new HashMap<>();
    private final Set<String> reaching = new HashSet<>();
    private final Set<String> reachingSigs = new HashSet<>();

    /** @param cutOwner true for the internal name of a class whose methods are cut points (package mpi) */
    public Reachability(Predicate<String> cutOwner) {
        this.cutOwner = cutOwner;
    }

    /** True for classes of package {@code mpi} (not its subpackages): the MPI API. */
    public static boolean mpiPackage(String internalName) {
        return internalName.startsWith("mpi/") && internalName.indexOf('/', 4) < 0;
    }

    public boolean isCut(String owner) {
        return cutOwner.test(owner);
    }

    /** Adds one application class. */
    public void add(byte[] classBytes) {
        new ClassReader(classBytes).accept(new ClassVisitor(Opcodes.ASM9) {
            String owner;

            @Override
            public void visit(int v, int access, String name, String sig, String sup, String[] itfs) {
                owner = name;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] exc) {
                String key = owner + "." + name + desc;
                List<String> out = calls.computeIfAbsent(key, k -> new ArrayList<>());
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMethodInsn(int op, String o, String n, String d, boolean itf) {
                        if (cutOwner.test(o)) {
                            direct.add(key);
                        } else {
                            out.add(n + d);
                        }
                    }

                    @Override
                    public void visitInvokeDynamicInsn(String n, String d, Handle bsm, Object... args) {
                        if (bsm.getOwner().equals("java/lang/invoke/LambdaMetafactory") && args.length >= 2
                                && args[0] instanceof Type sam && args[1] instanceof Handle impl) {
                            aliases.computeIfAbsent(impl.getOwner() + "." + impl.getName() + impl.getDesc(),
                                    k -> new ArrayList<>()).add(n + sam.getDescriptor());
                        }
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
    }

    /** Computes the fixpoint; call after every class was added. */
    public Reachability solve() {
        for (String k : direct) {
            mark(k);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Map.Entry<String, List<String>> e : calls.entrySet()) {
                if (reaching.contains(e.getKey())) {
                    continue;
                }
                for (String sig : e.getValue()) {
                    if (reachingSigs.contains(sig)) {
                        mark(e.getKey());
                        changed = true;
                        break;
                    }
                }
            }
        }
        return this;
    }

    private void mark(String key) {
        reaching.add(key);
        reachingSigs.add(key.substring(key.indexOf('.') + 1));
        reachingSigs.addAll(aliases.getOrDefault(key, List.of()));
    }

    /** The method may reach a cut point: it gets woven. */
    public boolean reaches(String owner, String name, String desc) {
        return reaching.contains(owner + "." + name + desc);
    }

    /** A call of this owner, name and descriptor may reach a cut point (or is one). */
    public boolean callReaches(String owner, String name, String desc) {
        return cutOwner.test(owner) || reachingSigs.contains(name + desc);
    }

    /** How many methods may reach a cut point (for the log). */
    public int reachingMethods() {
        return reaching.size();
    }
}
