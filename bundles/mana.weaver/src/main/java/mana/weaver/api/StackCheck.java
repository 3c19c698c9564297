package mana.weaver.api;

import java.lang.invoke.MethodType;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.Iterator;
import java.util.Optional;

/**
 * Checks, before anything unwinds, that every frame from the cut point up to main is a woven
 * frame stopped at a capturable call site. Frames of lambda proxies and reflection are hidden
 * from the walk: they only forward, so calling through them again rebuilds them exactly.
 */
final class StackCheck {

    /**
     * Every frame, hidden ones too, filtered here ({@link #forwards}): JDK 17's walker, left to
     * skip hidden frames itself, fails ({@code InternalError: doStackWalk: later decode failed})
     * when a batch of frames it fetches holds only hidden ones, as the bottom of a rank's main
     * thread does (the boot main and the continuation driver's method-handle frames).
     */
    private static final StackWalker WALKER = StackWalker.getInstance(
            java.util.Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES));

    private StackCheck() {
    }

    /** The number of visible frames of the caller's stack (this frame not counted). */
    static int depth() {
        return WALKER.walk(s -> (int) s.filter(f -> !forwards(f)).count()) - 1;
    }

    /**
     * A frame that only forwards a call (a lambda proxy, a method handle's or reflection's), which
     * calling through again rebuilds exactly: not part of what is checked or counted.
     */
    private static boolean forwards(StackWalker.StackFrame f) {
        Class<?> c = f.getDeclaringClass();
        String pkg = c.getPackageName();
        return c.isHidden() || pkg.equals("java.lang.invoke") || pkg.equals("jdk.internal.reflect")
                || c == java.lang.reflect.Method.class || c == java.lang.reflect.Constructor.class;
    }

    /** Null if the main thread can be captured here, else the reason naming the frame. */
    static String check() {
        return WALKER.walk(s -> {
            java.util.List<StackWalker.StackFrame> all = s.filter(f -> !forwards(f)).toList();
            // a policy may ask from inside Continuations.atCut: the walk starts below the last atCut frame
            int start = 0;
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).getDeclaringClass() == Continuations.class && all.get(i).getMethodName().equals("atCut")) {
                    start = i + 1;
                }
            }
            // main's frame and those above it; below are the driver's caller's (Continuations.drive,
            // or nothing visible when the driver's combinators run main)
            int end = Math.max(start, all.size() - Continuations.callerDepth());
            Iterator<StackWalker.StackFrame> it = all.subList(start, end).iterator();
            StackWalker.StackFrame f = skipOwn(it);
            boolean first = true;
            while (f != null) {
                if (f.getDeclaringClass() == Continuations.class) {
                    return first ? "the cut point is not in woven code" : null;
                }
                String why = frameProblem(f);
                if (why != null) {
                    return why;
                }
                first = false;
                f = it.hasNext() ? it.next() : null;
            }
            return first ? "the cut point is not in woven code" : null;
        });
    }

    private static StackWalker.StackFrame skipOwn(Iterator<StackWalker.StackFrame> it) {
        while (it.hasNext()) {
            StackWalker.StackFrame f = it.next();
            Class<?> c = f.getDeclaringClass();
            if (c != StackCheck.class && c != Continuations.class) {
                return f;
            }
        }
        return null;
    }

    private static String frameProblem(StackWalker.StackFrame f) {
        String where = where(f);
        String name = f.getMethodName();
        if (name.equals("<init>")) {
            return "frame " + where + " is a constructor: a constructor cannot be captured mid-way";
        }
        if (name.equals("<clinit>")) {
            return "frame " + where + " is a class initializer: it cannot be captured";
        }
        Optional<Method> m = find(f);
        Woven w = m.map(x -> x.getAnnotation(Woven.class)).orElse(null);
        if (w == null) {
            return "frame " + where + " is not woven (JDK, library or non-application code between main and the cut point)";
        }
        if (!w.failure().isEmpty()) {
            return "frame " + where + " could not be woven: " + w.failure();
        }
        int bci = f.getByteCodeIndex();
        int[] sites = w.sites();
        for (int i = 0; i < sites.length; i++) {
            if (sites[i] == bci) {
                return w.reasons()[i].isEmpty() ? null : "frame " + where + ": " + w.reasons()[i];
            }
        }
        return "frame " + where + ": this call was not instrumented (the weaver found no path from it to a cut point)";
    }

    private static Optional<Method> find(StackWalker.StackFrame f) {
        String desc = f.getDescriptor();
        for (Method m : f.getDeclaringClass().getDeclaredMethods()) {
            if (m.getName().equals(f.getMethodName()) && descriptor(m).equals(desc)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    private static String descriptor(Executable m) {
        Class<?> ret = m instanceof Method mm ? mm.getReturnType() : void.class;
        return MethodType.methodType(ret, m.getParameterTypes()).toMethodDescriptorString();
    }

    private static String where(StackWalker.StackFrame f) {
        String file = f.getFileName();
        return f.getClassName() + "." + f.getMethodName() + "(" + (file == null ? "?" : file) + ":" + f.getLineNumber() + ")";
    }
}
