package mana.weaver.api;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.function.Consumer;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the application's {@code main} so that its main thread can be captured at a cut point
 * and resumed there, in this JVM or (after the frames and the heap are saved) in another.
 *
 * <p>Woven code reads {@link #mode} at the entry of every woven method and after every woven call
 * site (a plain static read and a branch), and {@link #armed} (volatile) before every cut point.
 * Everything else here runs only while a capture or a restore is in progress. One continuation
 * per JVM: the thread that called {@link #run} or {@link #resume} (the main thread); woven code
 * on any other thread is never captured nor restored.
 */
public final class Continuations {

    public static final int NORMAL = 0;
    public static final int CAPTURING = 1;
    public static final int RESTORING = 2;

    /** Read by woven code: NORMAL, or a capture (unwinding) or restore (rewinding) in progress. */
    public static int mode = NORMAL;

    /**
     * Calls into package {@code mpi} whose woven sites pass their arguments to the policy (a
     * receive or probe waits outside MPI for its message in transparent mode): Open MPI's
     * {@code Comm.recv(buf, count, type, source, tag)}, {@code Comm.probe(source, tag)} and
     * {@code Message.mProbe(source, tag, comm)}; and the waits on requests (a wait outside MPI
     * tests them): {@code Request.waitFor()}, {@code waitStatus()} and the static array waits
     * {@code waitAll}, {@code waitAny}, {@code waitSome} (and their {@code ...Status} forms);
     * the static tests on a request array ({@code testAll}, {@code testAny}, {@code testSome}
     * and their {@code ...Status} forms: a policy checks which requests they name).
     * Other sites pass none (no boxing).
     */
    public static final java.util.Set<String> ARGUMENT_CALLS = java.util.Set.of("recv", "probe", "mProbe", "waitFor", "waitStatus",
            "waitAll", "waitAllStatus", "waitAny", "waitAnyStatus", "waitSome", "waitSomeStatus", "testAll", "testAllStatus",
            "testAny", "testAnyStatus", "testSome", "testSomeStatus");

    /** Read by woven code before each cut point: a {@link CutPolicy} wants to be asked. */
    public static volatile boolean armed;

    private static volatile CutPolicy policy;
    /** Ask the policy at every cut point ({@link #arm(CutPolicy)}), or only while {@link #consult consulted}. */
    private static boolean always = true;
    private static boolean consulted;
    private static volatile Thread mainThread;
    private static ArrayList<FrameRecord> captured;
    private static String cutOwner;
    private static String cutMethod;
    private static List<FrameRecord> restoring;
    private static int restoreIndex;
    private static volatile String lastDecline;
    private static int callerDepth;
    private static final List<Class<?>> INITIALIZED = new ArrayList<>();

    private Continuations() {
    }

    /** How {@link #run} or {@link #resume} ended. */
    public sealed interface Outcome permits Completed, Captured {
    }

    /** main returned. */
    public record Completed() implements Outcome {
    }

    /** main unwound at a cut point: its frames, the cut call not yet made. */
    public record Captured(FrameStack stack) implements Outcome {
    }

    /**
     * Calls {@code main} (a {@code ()void} handle, e.g. the application's main bound to its
     * arguments) on this thread. Invoked through a method handle so that no frame of the caller's
     * sits between this driver and main.
     */
    public static Outcome run(MethodHandle main) throws Throwable {
        return drive(main, null);
    }

    /**
     * Re-enters {@code main} in restore mode: every frame of {@code stack} reloads its locals and
     * operand stack and calls on down to the cut point, where the cut call is then made and the
     * program goes on. Statics must have been restored before (class initializers already run).
     */
    public static Outcome resume(FrameStack stack, MethodHandle main) throws Throwable {
        if (stack.depth() == 0) {
            throw new IllegalArgumentException("an empty frame stack cannot be resumed");
        }
        return drive(main, stack);
    }

    private static Outcome drive(MethodHandle main, FrameStack stack) throws Throwable {
        enter(stack);
        try {
            main.invokeExact();
        } catch (Throwable t) {
            reset();
            throw t;
        }
        return leave();
    }

    /**
     * A {@code ()void} handle that runs {@code main} as {@link #run} does (or, when {@code start}
     * gives a frame stack, as {@link #resume} does) and, each time main unwound at a cut point,
     * gives the frames to {@code atCapture} and resumes main from them, until main returns.
     *
     * <p>Made of method-handle combinators, whose frames are hidden from stack traces: while main
     * runs, no frame of this driver sits below it, so main is the bottom frame of its thread as
     * under {@code java App} when the caller's own frames are hidden too (the rank's boot main
     * is). Programs read that frame (test suites name the failing file from the last element of
     * {@code Thread.getStackTrace()}; an uncaught exception's trace ends at main).
     *
     * @param start called once before main: the frames to resume (a restart) or null
     */
    public static MethodHandle driver(MethodHandle main, Start start, Consumer<FrameStack> atCapture) {
        MethodHandle guarded = MethodHandles.tryFinally(main, ABANDON_ON_THROW);
        MethodHandle mainThenLeave = MethodHandles.foldArguments(MethodHandles.dropArguments(LEAVE, 0, Object.class),
                MethodHandles.dropArguments(guarded, 0, Object.class));
        MethodHandle body = MethodHandles.foldArguments(mainThenLeave, ENTER_WITH);
        MethodHandle loop = MethodHandles.doWhileLoop(MethodHandles.insertArguments(BEGIN, 0, start), body,
                MethodHandles.insertArguments(AGAIN, 0, atCapture));
        return loop.asType(MethodType.methodType(void.class));
    }

    private static final MethodHandle ABANDON_ON_THROW;
    private static final MethodHandle LEAVE;
    private static final MethodHandle ENTER_WITH;
    private static final MethodHandle BEGIN;
    private static final MethodHandle AGAIN;
    /** The loop value before main first ran: no frames to resume. */
    private static final Object FRESH = new Object();

    static {
        MethodHandles.Lookup l = MethodHandles.lookup();
        try {
            ABANDON_ON_THROW = l.findStatic(Continuations.class, "abandonOnThrow", MethodType.methodType(void.class, Throwable.class));
            LEAVE = l.findStatic(Continuations.class, "leave", MethodType.methodType(Outcome.class)).asType(MethodType.methodType(Object.class));
            ENTER_WITH = l.findStatic(Continuations.class, "enterWith", MethodType.methodType(void.class, Object.class));
            BEGIN = l.findStatic(Continuations.class, "begin", MethodType.methodType(Object.class, Start.class));
            AGAIN = l.findStatic(Continuations.class, "again", MethodType.methodType(boolean.class, Consumer.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What a {@link #driver} does before main first runs. */
    @FunctionalInterface
    public interface Start {
        /** The frames to resume (a restart), or null to run main from its beginning. */
        FrameStack frames() throws Throwable;
    }

    private static Object begin(Start start) throws Throwable {
        FrameStack s = start.frames();
        return s == null ? FRESH : s;
    }

    private static void enterWith(Object v) {
        if (v instanceof FrameStack s && s.depth() == 0) {
            throw new IllegalArgumentException("an empty frame stack cannot be resumed");
        }
        enter(v instanceof Captured c ? c.stack() : v instanceof FrameStack s ? s : null);
        callerDepth--; // this frame returns before main is called: it is not below main
    }

    private static void abandonOnThrow(Throwable t) {
        if (t != null) {
            reset();
        }
    }

    private static boolean again(Consumer<FrameStack> atCapture, Object v) {
        if (v instanceof Captured c) {
            atCapture.accept(c.stack());
            return true;
        }
        return false;
    }

    /** Before main is called: this thread runs the continuation, rebuilding {@code stack} if not null. */
    private static void enter(FrameStack stack) {
        synchronized (Continuations.class) {
            if (mainThread != null) {
                throw new IllegalStateException("a continuation already runs on thread " + mainThread.getName());
            }
            mainThread = Thread.currentThread();
        }
        // the visible frames below main (this one's caller and its callers): the stack check stops there
        callerDepth = StackCheck.depth() - 1;
        if (stack != null) {
            restoring = stack.frames();
            restoreIndex = restoring.size() - 1;
            mode = RESTORING;
        }
    }

    /** After main returned: whether it completed or unwound at a cut point. */
    private static Outcome leave() {
        try {
            if (mode == CAPTURING) {
                return new Captured(new FrameStack(captured, cutOwner, cutMethod));
            }
            if (mode == RESTORING) {
                throw new IllegalStateException("the restore did not reach frame " + restoring.get(restoreIndex).where()
                        + " (the classes differ from the captured ones?)");
            }
            return new Completed();
        } finally {
            reset();
        }
    }

    private static void reset() {
        mode = NORMAL;
        captured = null;
        restoring = null;
        mainThread = null;
    }

    /** Visible frames below main's while a continuation runs (set by {@link #enter}). */
    static int callerDepth() {
        return callerDepth;
    }

    /** From now on {@code p} is asked at every cut point. */
    public static void arm(CutPolicy p) {
        arm(p, true);
    }

    /**
     * From now on {@code p} is asked at every cut point if {@code always}, else only while
     * {@link #consult consulted}: a woven MPI call then costs one volatile read and a branch while
     * nobody wants a capture (transparent mode: no checkpoint requested).
     */
    public static synchronized void arm(CutPolicy p, boolean always) {
        policy = p;
        Continuations.always = always;
        armed = p != null && (always || consulted);
    }

    /** Whether the armed policy is asked now (e.g. while a checkpoint is requested); see {@link #arm(CutPolicy, boolean)}. */
    public static synchronized void consult(boolean on) {
        consulted = on;
        armed = policy != null && (always || on);
    }

    public static void disarm() {
        arm(null);
    }

    /** Whether a policy is armed and asked at cut points now. */
    public static boolean isArmed() {
        return armed;
    }

    /** Whether main runs through {@link #run} or {@link #resume} now. */
    public static boolean running() {
        return mainThread != null;
    }

    /** Why the last capture a policy asked for was declined, or null. */
    public static String lastDecline() {
        return lastDecline;
    }

    /** Whether the main thread, stopped at a cut point now, could be captured there; null if so, else why not. */
    public static String whyNotCapturable() {
        if (mainThread == null) {
            return "no continuation runs (main was not started through Continuations.run)";
        }
        if (Thread.currentThread() != mainThread) {
            return "thread " + Thread.currentThread().getName() + " is not the main thread (" + mainThread.getName()
                    + "): only the main thread's stack is captured";
        }
        return StackCheck.check();
    }

    // ---- called by woven code only ----

    /**
     * At a cut point, when armed: true if the policy wants a capture here and the stack can be
     * captured; the caller then saves its frame and returns (unwinding). Otherwise the call is made.
     */
    public static boolean atCut(String owner, String method) {
        return atCut(owner, method, null);
    }

    /**
     * As {@link #atCut(String, String)}, with the call's receiver ({@code null} for a static
     * call), which capturable cut points pass so that a policy can tell communicators apart.
     */
    public static boolean atCut(String owner, String method, Object receiver) {
        return atCut(owner, method, receiver, null);
    }

    /**
     * As {@link #atCut(String, String, Object)}, with the call's arguments (boxed), which woven
     * sites pass for the calls of {@link #ARGUMENT_CALLS} only (a policy may wait outside MPI
     * for the message a receive or probe names).
     */
    public static boolean atCut(String owner, String method, Object receiver, Object[] args) {
        CutPolicy p = policy;
        if (p == null || mode != NORMAL || !p.shouldCapture(owner, method, receiver, args)) {
            return false;
        }
        String why = whyNotCapturable();
        if (why != null) {
            lastDecline = "no capture before " + owner.replace('/', '.') + "." + method + ": " + why;
            p.declined(owner, method, why);
            return false;
        }
        lastDecline = null;
        captured = new ArrayList<>();
        cutOwner = owner;
        cutMethod = method;
        mode = CAPTURING;
        return true;
    }

    /** After a woven call returned with {@link #mode} not NORMAL: true if this thread is unwinding. */
    public static boolean unwinding() {
        return mode == CAPTURING && Thread.currentThread() == mainThread;
    }

    /** A woven frame saved itself while unwinding. */
    public static void push(FrameRecord r) {
        captured.add(r);
    }

    /**
     * At the entry of a woven method with {@link #mode} not NORMAL: its frame record if this is
     * the frame being rebuilt, else null (another thread, or a method called on the way, such as
     * a class initializer), and the method runs normally.
     */
    public static FrameRecord restoreFrame(String owner, String method, String desc) {
        if (mode != RESTORING || Thread.currentThread() != mainThread) {
            return null;
        }
        FrameRecord r = restoring.get(restoreIndex);
        if (!r.owner.equals(owner) || !r.method.equals(method) || !r.desc.equals(desc)) {
            return null;
        }
        if (--restoreIndex < 0) {
            mode = NORMAL;
        }
        return r;
    }

    /** A frame record names a call site its method does not have. */
    public static RuntimeException badSite(FrameRecord r) {
        return new IllegalStateException("frame record " + r.where() + " names a call site the woven method does not have"
                + " (the classes differ from the captured ones?)");
    }

    /** First thing a woven class initializer does: the class, in initialization order. */
    public static void classInitialized(Class<?> c) {
        synchronized (INITIALIZED) {
            INITIALIZED.add(c);
        }
    }

    /** The woven classes of {@code loader} initialized so far, in initialization order. */
    public static List<Class<?>> initializedClasses(ClassLoader loader) {
        synchronized (INITIALIZED) {
            return INITIALIZED.stream().filter(c -> c.getClassLoader() == loader).toList();
        }
    }
}
