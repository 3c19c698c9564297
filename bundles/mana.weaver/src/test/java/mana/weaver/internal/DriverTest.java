package mana.weaver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.Continuations;
import mana.weaver.api.FrameStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import testmpi.Mpi;

/**
 * {@link Continuations#driver}: main captured and resumed in a loop of method-handle combinators,
 * with no frame of the driver below main while it runs.
 */
class DriverTest {

    @AfterEach
    void disarm() {
        Continuations.disarm();
    }

    /** The caller of the driver's handle; the frame main must see directly below itself. */
    private static void invoke(MethodHandle h) throws Throwable {
        h.invokeExact();
    }

    @ParameterizedTest
    @CsvSource({"samples.Loops,5", "samples.Recursion,0"})
    void capturedAtEveryCutPointAndResumedGivesTheUninterruptedOutput(String cls, String arg) throws Throwable {
        String[] args = arg.equals("0") ? new String[0] : new String[] {arg};
        RewindTest.Plain ref = RewindTest.plain(cls, args);
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(true);
        CaptureAt everyCall = new CaptureAt(1);
        Continuations.arm(everyCall);
        List<String> cuts = new ArrayList<>();
        MethodHandle driver = Continuations.driver(Runs.main(l, cls, args), () -> null,
                s -> cuts.add(s.cutCall()));
        String out = Runs.capturingOut(() -> {
            invoke(driver);
            return null;
        }).out();
        assertEquals(ref.out(), out);
        assertEquals(ref.calls(), Mpi.LOG, "every cut point call made once");
        assertEquals(ref.calls().size() - everyCall.declines.size(), cuts.size(), "a capture before every capturable call: " + everyCall.declines);
        assertTrue(!Continuations.running(), "the continuation ended with main");
    }

    @Test
    void noFrameOfTheDriverIsBelowMain() throws Throwable {
        SampleLoader l = new SampleLoader(true);
        Continuations.arm(new CaptureAt(2));
        int[] captures = {0};
        MethodHandle driver = Continuations.driver(Runs.main(l, "samples.BelowMain"), () -> null, s -> captures[0]++);
        String out = Runs.capturingOut(() -> {
            invoke(driver);
            return null;
        }).out();
        String caller = DriverTest.class.getName() + ".invoke";
        assertEquals("0 below main: " + caller + "\n1 below main: " + caller + "\n2 below main: " + caller
                + "\nend below main: " + caller + "\n", out, "before and after captures, main's caller is the driver's caller");
        assertEquals(2, captures[0], "captured before the 2nd and 3rd barrier");
    }

    @Test
    void aRestartResumesTheFramesStartGives() throws Throwable {
        RewindTest.Plain ref = RewindTest.plain("samples.Loops", "4");
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(true);
        Continuations.arm(new CaptureAt(5));
        FrameStack[] first = new FrameStack[1];
        String before = Runs.capturingOut(() -> {
            Continuations.Outcome o = Continuations.run(Runs.main(l, "samples.Loops", "4"));
            first[0] = ((Continuations.Captured) o).stack();
            return null;
        }).out();
        Continuations.disarm();
        MethodHandle driver = Continuations.driver(Runs.main(l, "samples.Loops", "4"), () -> first[0], s -> {
            throw new AssertionError("disarmed: no capture");
        });
        String after = Runs.capturingOut(() -> {
            invoke(driver);
            return null;
        }).out();
        assertEquals(ref.out(), before + after);
        assertEquals(ref.calls(), Mpi.LOG);
    }

    @Test
    void anExceptionOutOfMainEndsTheContinuation() throws Throwable {
        MethodHandle boom = java.lang.invoke.MethodHandles.throwException(void.class, IllegalStateException.class)
                .bindTo(new IllegalStateException("boom"));
        MethodHandle driver = Continuations.driver(boom, () -> null, s -> { });
        assertEquals("boom", assertThrows(IllegalStateException.class, () -> invoke(driver)).getMessage());
        assertTrue(!Continuations.running());
        // a new one can start
        invoke(Continuations.driver(java.lang.invoke.MethodHandles.empty(java.lang.invoke.MethodType.methodType(void.class)),
                () -> null, s -> { }));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "syncBlock|frame samples.Declines.main(Declines.java:14): call inside a synchronized block",
            "syncMethod|frame samples.Declines.syncMethod(Declines.java:30): synchronized method"})
    void aFrameThatCannotBeCapturedIsNamedAsUnderRun(String arg, String reason) throws Throwable {
        RewindTest.Plain ref = RewindTest.plain("samples.Declines", arg);
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(true);
        CaptureAt policy = new CaptureAt(1);
        Continuations.arm(policy);
        MethodHandle driver = Continuations.driver(Runs.main(l, "samples.Declines", arg), () -> null, s -> Continuations.disarm());
        String out = Runs.capturingOut(() -> {
            invoke(driver);
            return null;
        }).out();
        assertTrue(!policy.declines.isEmpty() && policy.declines.get(0).contains(reason), policy.declines.toString());
        assertEquals(ref.out(), out);
    }
}
