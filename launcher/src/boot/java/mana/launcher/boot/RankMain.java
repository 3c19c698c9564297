package mana.launcher.boot;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The JVM main class of every rank ({@code java -Xbootclasspath/a:mana-rank-boot.jar
 * mana.launcher.boot.RankMain rank ...}).
 *
 * <p>Under {@code java App} the application's {@code main} is the bottom frame of the main
 * thread, and programs rely on it: test suites name the failing file from the last element of
 * {@code Thread.getStackTrace()}, and an uncaught exception's trace ends at {@code App.main}.
 * This class is on the boot class path so that the JVM honours {@code @Hidden} here: its frame
 * and the method-handle frames below the application's main are left out of every stack trace,
 * as the launcher frames are under a plain {@code java App}. Everything else is done by
 * {@code mana.launcher.rank.RankLauncher} (system class loader).
 */
public final class RankMain {

    private RankMain() {
    }

    @jdk.internal.vm.annotation.Hidden
    public static void main(String[] argv) throws Throwable {
        if (argv.length > 0 && argv[0].equals("rank")) {
            argv = java.util.Arrays.copyOfRange(argv, 1, argv.length);
        }
        Class<?> launcher = Class.forName("mana.launcher.rank.RankLauncher", true, ClassLoader.getSystemClassLoader());
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle prepare = lookup.findStatic(launcher, "prepare", MethodType.methodType(MethodHandle.class, String[].class));
        MethodHandle finish = lookup.findStatic(launcher, "finish", MethodType.methodType(void.class, Throwable.class));
        MethodHandle app = (MethodHandle) prepare.invokeExact(argv); // exits the JVM on a bad jar or class
        Throwable failure = null;
        try {
            app.invokeExact();
        } catch (Throwable t) {
            failure = t;
        }
        finish.invokeExact(failure); // stops the framework and exits the JVM
    }
}
