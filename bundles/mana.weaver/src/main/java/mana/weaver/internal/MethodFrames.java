package mana.weaver.internal;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

/**
 * The typed frame before every instruction of a method (locals and operand stack, from ASM's
 * analyzer) and the number of monitors held there (from the control flow graph: a call inside a
 * {@code synchronized} block cannot be captured).
 */
final class MethodFrames {

    final Frame<BasicValue>[] frames;
    final int[] monitors;

    private MethodFrames(Frame<BasicValue>[] frames, int[] monitors) {
        this.frames = frames;
        this.monitors = monitors;
    }

    static MethodFrames analyze(String owner, MethodNode m, TypingVerifier verifier) throws AnalyzerException {
        List<int[]> edges = new ArrayList<>();
        Analyzer<BasicValue> a = new Analyzer<>(verifier) {
            @Override
            protected Frame<BasicValue> newFrame(int numLocals, int numStack) {
                return new InitFrame(numLocals, numStack);
            }

            @Override
            protected Frame<BasicValue> newFrame(Frame<? extends BasicValue> frame) {
                return new InitFrame(frame);
            }

            @Override
            protected void newControlFlowEdge(int insn, int successor) {
                edges.add(new int[] {insn, successor, 0});
            }

            @Override
            protected boolean newControlFlowExceptionEdge(int insn, int successor) {
                edges.add(new int[] {insn, successor, 1});
                return true;
            }
        };
        Frame<BasicValue>[] frames = a.analyze(owner, m);
        return new MethodFrames(frames, monitorDepths(m, edges));
    }

    /** Monitors held before each instruction; the larger where paths disagree. */
    private static int[] monitorDepths(MethodNode m, List<int[]> edges) {
        int n = m.instructions.size();
        int[] depth = new int[n];
        Arrays.fill(depth, -1);
        List<List<int[]>> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            out.get(e[0]).add(e);
        }
        ArrayDeque<Integer> work = new ArrayDeque<>();
        if (n > 0) {
            depth[0] = 0;
            work.add(0);
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            int op = m.instructions.get(i).getOpcode();
            int after = depth[i] + (op == Opcodes.MONITORENTER ? 1 : op == Opcodes.MONITOREXIT ? -1 : 0);
            for (int[] e : out.get(i)) {
                int d = Math.max(0, e[2] == 1 ? depth[i] : after);
                if (d > depth[e[1]] && d < 256) {
                    depth[e[1]] = d;
                    work.add(e[1]);
                }
            }
        }
        return depth;
    }

    /** After a constructor call, every copy of the object it initialized is an ordinary value. */
    private static final class InitFrame extends Frame<BasicValue> {
        InitFrame(int numLocals, int numStack) {
            super(numLocals, numStack);
        }

        InitFrame(Frame<? extends BasicValue> frame) {
            super(frame);
        }

        @Override
        public void execute(AbstractInsnNode insn, Interpreter<BasicValue> interpreter) throws AnalyzerException {
            if (insn.getOpcode() == Opcodes.INVOKESPECIAL && ((MethodInsnNode) insn).name.equals("<init>")) {
                int args = Type.getArgumentTypes(((MethodInsnNode) insn).desc).length;
                BasicValue receiver = getStack(getStackSize() - 1 - args);
                super.execute(insn, interpreter);
                if (receiver instanceof TypingVerifier.Uninit u) {
                    BasicValue init = interpreter.newValue(u.getType());
                    for (int i = 0; i < getStackSize(); i++) {
                        if (u.equals(getStack(i))) {
                            setStack(i, init);
                        }
                    }
                    for (int i = 0; i < getLocals(); i++) {
                        if (u.equals(getLocal(i))) {
                            setLocal(i, init);
                        }
                    }
                }
                return;
            }
            super.execute(insn, interpreter);
        }
    }
}
