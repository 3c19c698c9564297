package mana.weaver.api;

import java.util.Arrays;

/**
 * One captured frame: the method, which of its instrumented call sites it was in, its local
 * variables (including the arguments it spilled for that call) and the operand stack below the
 * call's arguments. Primitives are boxed ({@code boolean}, {@code byte}, {@code char},
 * {@code short} as {@code Integer}); slots that held nothing are null. Written and read by woven
 * code only.
 */
public final class FrameRecord {
    public final String owner;
    public final String method;
    public final String desc;
    public final int site;
    public final Object[] locals;
    public final Object[] stack;

    public FrameRecord(String owner, String method, String desc, int site, int locals, int stack) {
        this.owner = owner;
        this.method = method;
        this.desc = desc;
        this.site = site;
        this.locals = new Object[locals];
        this.stack = new Object[stack];
    }

    /** {@code pkg/Cls.method(desc)#site}. */
    public String where() {
        return owner.replace('/', '.') + "." + method + desc + "#" + site;
    }

    @Override
    public String toString() {
        return where() + " locals=" + Arrays.toString(locals) + " stack=" + Arrays.toString(stack);
    }
}
