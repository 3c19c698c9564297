package mana.weaver.internal;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.Continuations;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

/**
 * Makes one method capturable, Javaflow-style, at the call sites that may reach a cut point.
 *
 * <p>At such a site the call's receiver and arguments are first stored in fresh local slots and
 * loaded back (free once compiled), so that a capture finds them there. After the call: one read
 * of {@code Continuations.mode} and a branch; if a capture is unwinding, the frame's locals and
 * operand stack (below the call's arguments) go into a {@code FrameRecord} and the method returns
 * a dummy value. At a cut point (a call into {@code mpi}) the check comes before the call, reading
 * {@code Continuations.armed}: a capture there stops before the MPI call, which the resumed
 * program then makes, once. At method entry, one read of {@code mode}: when a restore rebuilds
 * this frame, its record's locals and stack are loaded back (cast to the types the analysis
 * found) and the method jumps to the recorded site, calling on down. The blocks for the slow
 * paths sit after the method's code, outside every try range.
 */
final class MethodWeaver {

    static final String CONT = "mana/weaver/api/Continuations";
    static final String REC = "mana/weaver/api/FrameRecord";

    /** A call that may reach a cut point; {@code reason} null when it can be captured. */
    static final class Site {
        final MethodInsnNode call;
        final boolean cut;
        final String reason;
        final Frame<BasicValue> frame;
        /** Where a frame stopped at this site is, as the stack walk sees it: the callee's call, or for a cut point the call asking the policy. */
        final LabelNode bci = new LabelNode();
        /** Set by the code generator: where a restore of this site jumps, and the arguments' spill offsets. */
        LabelNode restoreTarget;
        int[] localsOff;

        Site(MethodInsnNode call, boolean cut, String reason, Frame<BasicValue> frame) {
            this.call = call;
            this.cut = cut;
            this.reason = reason;
            this.frame = frame;
        }
    }

    private MethodWeaver() {
    }

    /** The method's sites; capturable ones get the code above. Empty if there are none. */
    static List<Site> weave(String owner, MethodNode m, Reachability reach, TypingVerifier verifier) throws Exception {
        for (AbstractInsnNode i : m.instructions) {
            if (i.getOpcode() == JSR || i.getOpcode() == RET) {
                throw new IllegalArgumentException("uses jsr/ret (class files older than Java 6)");
            }
        }
        MethodFrames mf = MethodFrames.analyze(owner, m, verifier);
        List<Site> sites = new ArrayList<>();
        int n = m.instructions.size();
        for (int i = 0; i < n; i++) {
            AbstractInsnNode insn = m.instructions.get(i);
            Frame<BasicValue> f = mf.frames[i];
            if (!(insn instanceof MethodInsnNode call) || f == null || call.name.equals("<init>")
                    || !reach.callReaches(call.owner, call.name, call.desc)) {
                continue;
            }
            sites.add(new Site(call, reach.isCut(call.owner), reason(m, f, mf.monitors[i]), f));
        }
        List<Site> capturable = sites.stream().filter(s -> s.reason == null).toList();
        for (Site s : sites) {
            if (s.cut && s.reason != null) {
                // not capturable, but a policy asking here must hear why: ask, and go on whatever it says
                LabelNode skip = new LabelNode();
                InsnList ask = new InsnList();
                ask.add(new FieldInsnNode(GETSTATIC, CONT, "armed", "Z"));
                ask.add(new JumpInsnNode(IFEQ, skip));
                ask.add(new LdcInsnNode(s.call.owner));
                ask.add(new LdcInsnNode(s.call.name));
                ask.add(s.bci);
                ask.add(new MethodInsnNode(INVOKESTATIC, CONT, "atCut", "(Ljava/lang/String;Ljava/lang/String;)Z", false));
                ask.add(new InsnNode(POP));
                ask.add(skip);
                m.instructions.insertBefore(s.call, ask);
            } else if (!s.cut) {
                m.instructions.insertBefore(s.call, s.bci);
            }
        }
        if (!capturable.isEmpty()) {
            new Codegen(owner, m, capturable).emit();
        }
        return sites;
    }

    /**
     * Constructors and class initializers are never captured; their cut points only ask the
     * policy (which then hears why not) and go on.
     */
    static boolean askOnly(MethodNode m, Reachability reach) {
        boolean any = false;
        for (AbstractInsnNode i : m.instructions.toArray()) {
            if (i instanceof MethodInsnNode call && reach.isCut(call.owner)) {
                LabelNode skip = new LabelNode();
                InsnList ask = new InsnList();
                ask.add(new FieldInsnNode(GETSTATIC, CONT, "armed", "Z"));
                ask.add(new JumpInsnNode(IFEQ, skip));
                ask.add(new LdcInsnNode(call.owner));
                ask.add(new LdcInsnNode(call.name));
                ask.add(new MethodInsnNode(INVOKESTATIC, CONT, "atCut", "(Ljava/lang/String;Ljava/lang/String;)Z", false));
                ask.add(new InsnNode(POP));
                ask.add(skip);
                m.instructions.insertBefore(call, ask);
                any = true;
            }
        }
        return any;
    }

    private static String reason(MethodNode m, Frame<BasicValue> f, int monitors) {
        if ((m.access & ACC_SYNCHRONIZED) != 0) {
            return "synchronized method: the monitor it holds cannot be restored";
        }
        if (monitors > 0) {
            return "call inside a synchronized block: the monitor it holds cannot be restored";
        }
        for (int i = 0; i < f.getStackSize(); i++) {
            if (f.getStack(i) instanceof TypingVerifier.Uninit) {
                return "call between NEW and the constructor call: an object not yet constructed is on the stack";
            }
        }
        for (int i = 0; i < f.getLocals(); i++) {
            if (f.getLocal(i) instanceof TypingVerifier.Uninit) {
                return "an object not yet constructed is in a local variable";
            }
        }
        return null;
    }

    /** The code for the capturable sites of one method. */
    private static final class Codegen {
        private final String owner;
        private final MethodNode m;
        private final List<Site> sites;
        private final int origMax;
        private final int recordSlot;
        private final int tempBase;
        private final LabelNode start = new LabelNode();
        private final LabelNode restore = new LabelNode();
        private final InsnList tail = new InsnList();

        Codegen(String owner, MethodNode m, List<Site> sites) {
            this.owner = owner;
            this.m = m;
            this.sites = sites;
            this.origMax = m.maxLocals;
            int maxArgs = 0;
            for (Site s : sites) {
                maxArgs = Math.max(maxArgs, argSlots(s));
            }
            this.recordSlot = origMax + maxArgs;
            this.tempBase = recordSlot + 1;
        }

        private static int argCount(Site s) {
            return Type.getArgumentTypes(s.call.desc).length + (s.call.getOpcode() == INVOKESTATIC ? 0 : 1);
        }

        private static int below(Site s) {
            return s.frame.getStackSize() - argCount(s);
        }

        private static int argSlots(Site s) {
            int slots = 0;
            for (int i = below(s); i < s.frame.getStackSize(); i++) {
                slots += s.frame.getStack(i).getSize();
            }
            return slots;
        }

        void emit() {
            List<LabelNode> targets = new ArrayList<>();
            for (int k = 0; k < sites.size(); k++) {
                targets.add(site(k, sites.get(k)));
            }
            InsnList pro = new InsnList();
            pro.add(new FieldInsnNode(GETSTATIC, CONT, "mode", "I"));
            pro.add(new JumpInsnNode(IFNE, restore));
            pro.add(start);
            m.instructions.insert(pro);
            restoreDispatch(targets);
            m.instructions.add(tail);
        }

        /** Rewrites one site; returns where a restore of this site jumps to. */
        private LabelNode site(int k, Site s) {
            Frame<BasicValue> f = s.frame;
            int b = below(s);
            int top = f.getStackSize();
            int[] off = new int[top - b];
            for (int i = b, o = 0; i < top; i++) {
                off[i - b] = o;
                o += f.getStack(i).getSize();
            }
            LabelNode reload = new LabelNode();
            LabelNode invoke = new LabelNode();
            LabelNode after = new LabelNode();
            LabelNode slowOrCut = new LabelNode();
            LabelNode save = new LabelNode();
            InsnList pre = new InsnList();
            for (int i = top - 1; i >= b; i--) {
                pre.add(new VarInsnNode(f.getStack(i).getType().getOpcode(ISTORE), origMax + off[i - b]));
            }
            pre.add(reload);
            if (s.cut) {
                pre.add(new FieldInsnNode(GETSTATIC, CONT, "armed", "Z"));
                pre.add(new JumpInsnNode(IFNE, slowOrCut));
                pre.add(invoke);
            }
            for (int i = b; i < top; i++) {
                pre.add(new VarInsnNode(f.getStack(i).getType().getOpcode(ILOAD), origMax + off[i - b]));
            }
            m.instructions.insertBefore(s.cut ? s.call : s.bci, pre);
            Type ret = Type.getReturnType(s.call.desc);
            if (!s.cut) {
                InsnList post = new InsnList();
                post.add(new FieldInsnNode(GETSTATIC, CONT, "mode", "I"));
                post.add(new JumpInsnNode(IFNE, slowOrCut));
                post.add(after);
                m.instructions.insert(s.call, post);
                tail.add(slowOrCut);
                tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "unwinding", "()Z", false));
                tail.add(new JumpInsnNode(IFEQ, after));
                if (ret.getSize() > 0) {
                    tail.add(new InsnNode(ret.getSize() == 2 ? POP2 : POP));
                }
                tail.add(new JumpInsnNode(GOTO, save));
            } else {
                tail.add(slowOrCut);
                tail.add(new LdcInsnNode(s.call.owner));
                tail.add(new LdcInsnNode(s.call.name));
                // the receiver (spilled first) lets a policy tell MPI_COMM_WORLD from other communicators
                if (s.call.getOpcode() == INVOKESTATIC) {
                    tail.add(new InsnNode(ACONST_NULL));
                } else {
                    tail.add(new VarInsnNode(ALOAD, origMax + off[0]));
                }
                if (passesArguments(s)) {
                    argumentArray(s, b, top, off);
                    tail.add(s.bci); // right before the call into Continuations: the offset the site table names
                    tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "atCut",
                            "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;[Ljava/lang/Object;)Z", false));
                } else {
                    tail.add(s.bci);
                    tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "atCut", "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/Object;)Z", false));
                }
                tail.add(new JumpInsnNode(IFEQ, invoke));
            }
            // save: the operand stack below the arguments goes to temp slots, then everything into a record
            tail.add(save);
            int[] soff = new int[b];
            for (int i = 0, o = 0; i < b; i++) {
                soff[i] = o;
                o += f.getStack(i).getSize();
            }
            for (int i = b - 1; i >= 0; i--) {
                tail.add(new VarInsnNode(f.getStack(i).getType().getOpcode(ISTORE), tempBase + soff[i]));
            }
            tail.add(new TypeInsnNode(NEW, REC));
            tail.add(new InsnNode(DUP));
            tail.add(new LdcInsnNode(owner));
            tail.add(new LdcInsnNode(m.name));
            tail.add(new LdcInsnNode(m.desc));
            tail.add(intConst(k));
            tail.add(intConst(origMax + argSlots(s)));
            tail.add(intConst(b));
            tail.add(new MethodInsnNode(INVOKESPECIAL, REC, "<init>",
                    "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;III)V", false));
            tail.add(new VarInsnNode(ASTORE, recordSlot));
            for (int j = 0; j < origMax; j++) {
                BasicValue v = f.getLocal(j);
                if (savable(v)) {
                    saveValue(v, "locals", j, j);
                }
            }
            for (int i = b; i < top; i++) {
                saveValue(f.getStack(i), "locals", origMax + off[i - b], origMax + off[i - b]);
            }
            for (int i = 0; i < b; i++) {
                saveValue(f.getStack(i), "stack", i, tempBase + soff[i]);
            }
            tail.add(new VarInsnNode(ALOAD, recordSlot));
            tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "push", "(L" + REC + ";)V", false));
            returnDefault();
            s.restoreTarget = s.cut ? invoke : reload;
            s.localsOff = off;
            return s.restoreTarget;
        }

        /**
         * A receive, probe or wait into package mpi: its policy may wait outside MPI for the
         * message or the requests its arguments name ({@code Request.waitAll(Request[])} and
         * the other array waits are static).
         */
        private static boolean passesArguments(Site s) {
            return s.call.owner.startsWith("mpi/") && Continuations.ARGUMENT_CALLS.contains(s.call.name);
        }

        /** The call's arguments (the spilled values above the receiver, if any), boxed into an Object[] on the stack. */
        private void argumentArray(Site s, int b, int top, int[] off) {
            int first = s.call.getOpcode() == INVOKESTATIC ? b : b + 1;
            tail.add(intConst(top - first));
            tail.add(new TypeInsnNode(ANEWARRAY, "java/lang/Object"));
            for (int i = first; i < top; i++) {
                BasicValue v = s.frame.getStack(i);
                tail.add(new InsnNode(DUP));
                tail.add(intConst(i - first));
                tail.add(new VarInsnNode(v.getType().getOpcode(ILOAD), origMax + off[i - b]));
                box(v.getType());
                tail.add(new InsnNode(AASTORE));
            }
        }

        private void saveValue(BasicValue v, String array, int index, int slot) {
            tail.add(new VarInsnNode(ALOAD, recordSlot));
            tail.add(new FieldInsnNode(GETFIELD, REC, array, "[Ljava/lang/Object;"));
            tail.add(intConst(index));
            tail.add(new VarInsnNode(v.getType().getOpcode(ILOAD), slot));
            box(v.getType());
            tail.add(new InsnNode(AASTORE));
        }

        private void restoreDispatch(List<LabelNode> targets) {
            LabelNode have = new LabelNode();
            LabelNode bad = new LabelNode();
            tail.add(restore);
            tail.add(new LdcInsnNode(owner));
            tail.add(new LdcInsnNode(m.name));
            tail.add(new LdcInsnNode(m.desc));
            tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "restoreFrame",
                    "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)L" + REC + ";", false));
            tail.add(new InsnNode(DUP));
            tail.add(new JumpInsnNode(IFNONNULL, have));
            tail.add(new InsnNode(POP));
            tail.add(new JumpInsnNode(GOTO, start));
            tail.add(have);
            tail.add(new VarInsnNode(ASTORE, recordSlot));
            tail.add(new VarInsnNode(ALOAD, recordSlot));
            tail.add(new FieldInsnNode(GETFIELD, REC, "site", "I"));
            LabelNode[] cases = new LabelNode[sites.size()];
            for (int k = 0; k < cases.length; k++) {
                cases[k] = new LabelNode();
            }
            tail.add(new TableSwitchInsnNode(0, cases.length - 1, bad, cases));
            tail.add(bad);
            tail.add(new VarInsnNode(ALOAD, recordSlot));
            tail.add(new MethodInsnNode(INVOKESTATIC, CONT, "badSite", "(L" + REC + ";)Ljava/lang/RuntimeException;", false));
            tail.add(new InsnNode(ATHROW));
            for (int k = 0; k < cases.length; k++) {
                Site s = sites.get(k);
                Frame<BasicValue> f = s.frame;
                int b = below(s);
                tail.add(cases[k]);
                for (int j = 0; j < origMax; j++) {
                    BasicValue v = f.getLocal(j);
                    if (savable(v)) {
                        loadValue(v, "locals", j);
                        tail.add(new VarInsnNode(v.getType().getOpcode(ISTORE), j));
                    }
                }
                for (int i = b; i < f.getStackSize(); i++) {
                    BasicValue v = f.getStack(i);
                    int slot = origMax + s.localsOff[i - b];
                    loadValue(v, "locals", slot);
                    tail.add(new VarInsnNode(v.getType().getOpcode(ISTORE), slot));
                }
                for (int i = 0; i < b; i++) {
                    loadValue(f.getStack(i), "stack", i);
                }
                tail.add(new JumpInsnNode(GOTO, targets.get(k)));
            }
        }

        /** Pushes the saved value, unboxed or cast to the type the analysis found. */
        private void loadValue(BasicValue v, String array, int index) {
            Type t = v.getType();
            if (isNullType(t)) {
                tail.add(new InsnNode(ACONST_NULL));
                return;
            }
            tail.add(new VarInsnNode(ALOAD, recordSlot));
            tail.add(new FieldInsnNode(GETFIELD, REC, array, "[Ljava/lang/Object;"));
            tail.add(intConst(index));
            tail.add(new InsnNode(AALOAD));
            unbox(t);
        }

        private void box(Type t) {
            switch (t.getSort()) {
                case Type.INT -> tail.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;", false));
                case Type.FLOAT -> tail.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Float", "valueOf", "(F)Ljava/lang/Float;", false));
                case Type.LONG -> tail.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Long", "valueOf", "(J)Ljava/lang/Long;", false));
                case Type.DOUBLE -> tail.add(new MethodInsnNode(INVOKESTATIC, "java/lang/Double", "valueOf", "(D)Ljava/lang/Double;", false));
                default -> {
                }
            }
        }

        private void unbox(Type t) {
            switch (t.getSort()) {
                case Type.INT -> unbox("java/lang/Integer", "intValue", "()I");
                case Type.FLOAT -> unbox("java/lang/Float", "floatValue", "()F");
                case Type.LONG -> unbox("java/lang/Long", "longValue", "()J");
                case Type.DOUBLE -> unbox("java/lang/Double", "doubleValue", "()D");
                default -> {
                    if (!t.getInternalName().equals("java/lang/Object")) {
                        tail.add(new TypeInsnNode(CHECKCAST, t.getInternalName()));
                    }
                }
            }
        }

        private void unbox(String box, String method, String desc) {
            tail.add(new TypeInsnNode(CHECKCAST, box));
            tail.add(new MethodInsnNode(INVOKEVIRTUAL, box, method, desc, false));
        }

        private void returnDefault() {
            Type r = Type.getReturnType(m.desc);
            switch (r.getSort()) {
                case Type.VOID -> tail.add(new InsnNode(RETURN));
                case Type.BOOLEAN, Type.CHAR, Type.BYTE, Type.SHORT, Type.INT -> {
                    tail.add(new InsnNode(ICONST_0));
                    tail.add(new InsnNode(IRETURN));
                }
                case Type.FLOAT -> {
                    tail.add(new InsnNode(FCONST_0));
                    tail.add(new InsnNode(FRETURN));
                }
                case Type.LONG -> {
                    tail.add(new InsnNode(LCONST_0));
                    tail.add(new InsnNode(LRETURN));
                }
                case Type.DOUBLE -> {
                    tail.add(new InsnNode(DCONST_0));
                    tail.add(new InsnNode(DRETURN));
                }
                default -> {
                    tail.add(new InsnNode(ACONST_NULL));
                    tail.add(new InsnNode(ARETURN));
                }
            }
        }

        private static AbstractInsnNode intConst(int v) {
            if (v >= -1 && v <= 5) {
                return new InsnNode(ICONST_0 + v);
            }
            return v <= Short.MAX_VALUE ? new IntInsnNode(v <= Byte.MAX_VALUE ? BIPUSH : SIPUSH, v) : new LdcInsnNode(v);
        }
    }

    static boolean savable(BasicValue v) {
        return v != null && v.getType() != null && v != BasicValue.UNINITIALIZED_VALUE && v != BasicValue.RETURNADDRESS_VALUE;
    }

    static boolean isNullType(Type t) {
        return t.getSort() == Type.OBJECT && t.getInternalName().equals("null");
    }
}
