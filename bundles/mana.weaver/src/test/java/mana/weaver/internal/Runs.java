package mana.weaver.internal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.StandardCharsets;

/** Runs a sample's main with System.out captured. */
public final class Runs {

    private Runs() {
    }

    /** What a run printed and how it ended. */
    public record Result<T>(String out, T value) {
    }

    @FunctionalInterface
    public interface Body<T> {
        T run() throws Throwable;
    }

    public static <T> Result<T> capturingOut(Body<T> body) throws Throwable {
        PrintStream old = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            T v = body.run();
            return new Result<>(bytes.toString(StandardCharsets.UTF_8), v);
        } finally {
            System.setOut(old);
        }
    }

    /** main(args) of {@code className} in {@code loader}, as a ()void handle. */
    public static MethodHandle main(ClassLoader loader, String className, String... args) throws Exception {
        Class<?> c = Class.forName(className, false, loader);
        MethodHandle mh = MethodHandles.publicLookup().findStatic(c, "main", MethodType.methodType(void.class, String[].class));
        return MethodHandles.insertArguments(mh, 0, (Object) args);
    }
}
