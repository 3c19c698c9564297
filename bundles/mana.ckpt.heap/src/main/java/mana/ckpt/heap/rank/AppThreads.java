package mana.ckpt.heap.rank;

import java.util.Map;

/**
 * Only the main thread is checkpointed. Another thread running the application's code has
 * state (its stack, what it is about to write) that a checkpoint would lose without a word, so
 * the checkpoint is refused while one exists, naming it. A thread is the application's when a
 * frame on its stack belongs to a class of the application bundle (its class loader); platform
 * threads (Felix, SCR, the coordinator link, the JDK's) never run such code, and an idle pool
 * thread of the application's holds only JDK frames (its executor, if the heap reaches it, is
 * refused by the heap image itself: it holds threads). Frames name classes by name only, so a
 * class counts as the application's when the application's loader resolves that name to a class
 * it defined: a platform thread running a library the application also carries a copy of would
 * be taken for an application thread (a refused checkpoint, never a wrong one).
 */
final class AppThreads {

    private AppThreads() {
    }

    /** Why the heap cannot be saved because of another thread, or null. */
    static String problem(ClassLoader appLoader, Thread main) {
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            Thread t = e.getKey();
            if (t == main || !t.isAlive()) {
                continue;
            }
            for (StackTraceElement f : e.getValue()) {
                if (isApplication(f.getClassName(), appLoader)) {
                    return "thread \"" + t.getName() + "\" (" + t.getState() + ") is running the application's code at " + f
                            + ": only the main thread is checkpointed (a program whose other threads are alive in its own code"
                            + " cannot be checkpointed transparently)";
                }
            }
        }
        return null;
    }

    private static boolean isApplication(String className, ClassLoader appLoader) {
        if (appLoader == null || className.startsWith("java.") || className.startsWith("jdk.")) {
            return false;
        }
        try {
            return Class.forName(className, false, appLoader).getClassLoader() == appLoader;
        } catch (ClassNotFoundException | LinkageError e) {
            return false; // not visible to the application: not its own
        }
    }
}
