package mana.weaver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import mana.weaver.api.Continuations;
import mana.weaver.api.Woven;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import testmpi.Mpi;

/**
 * Cut points where the main thread cannot be captured: the capture is declined with a reason
 * naming the frame, the cut call is made, the program goes on, and the next capturable cut point
 * is captured; resumed, the output is the unwoven run's.
 */
class DeclineTest {

    @AfterEach
    void disarm() {
        Continuations.disarm();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "samples.Declines|syncMethod|frame samples.Declines.syncMethod(Declines.java:30): synchronized method: the monitor it holds cannot be restored",
            "samples.Declines|syncBlock|frame samples.Declines.main(Declines.java:14): call inside a synchronized block: the monitor it holds cannot be restored",
            "samples.Declines|constructor|frame samples.Declines.<init>(Declines.java:26) is a constructor: a constructor cannot be captured mid-way",
            "samples.Declines|newArg|frame samples.Declines.main(Declines.java:18): call between NEW and the constructor call",
            "samples.Lambdas|jdk|is not woven (JDK, library or non-application code between main and the cut point)",
            "samples.Threads|-|thread worker is not the main thread (main): only the main thread's stack is captured"})
    void declinedThenCapturedLater(String cls, String arg, String reason) throws Throwable {
        String[] args = arg.equals("-") ? new String[0] : new String[] {arg};
        RewindTest.Plain ref = RewindTest.plain(cls, args);
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(true);
        int declinedAt = cls.equals("samples.Lambdas") ? 4 : 1;
        CaptureAt policy = new CaptureAt(declinedAt);
        Continuations.arm(policy);
        Runs.Result<Continuations.Outcome> run = Runs.capturingOut(() -> {
            Continuations.Outcome first = Continuations.run(Runs.main(l, cls, args));
            Continuations.disarm();
            Continuations.Captured c = assertInstanceOf(Continuations.Captured.class, first, policy.declines.toString());
            return Continuations.resume(c.stack(), Runs.main(l, cls, args));
        });
        assertInstanceOf(Continuations.Completed.class, run.value());
        assertTrue(!policy.declines.isEmpty() && policy.declines.get(0).contains(reason),
                "expected a decline with '" + reason + "', got " + policy.declines);
        assertEquals(ref.out(), run.out());
        assertEquals(ref.calls(), Mpi.LOG);
    }

    @Test
    void declineNamesTheJdkFrame() throws Throwable {
        SampleLoader l = new SampleLoader(true);
        CaptureAt policy = new CaptureAt(4);
        Continuations.arm(policy);
        Runs.capturingOut(() -> Continuations.run(Runs.main(l, "samples.Lambdas", "jdk")));
        assertTrue(policy.declines.get(0).matches("barrier: frame java\\..*forEach\\(.*\\) is not woven .*"), policy.declines.get(0));
    }

    @Test
    void onlyMethodsThatReachACutPointAreWoven() throws Exception {
        SampleLoader l = new SampleLoader(true);
        Class<?> loops = Class.forName("samples.Loops", false, l);
        assertNotNull(method(loops, "main").getAnnotation(Woven.class));
        assertNotNull(method(loops, "step").getAnnotation(Woven.class));
        assertNotNull(method(loops, "inner").getAnnotation(Woven.class));
        assertNull(method(loops, "twice").getAnnotation(Woven.class), "a leaf method is left as it is");
        Woven main = method(loops, "main").getAnnotation(Woven.class);
        // barrier, allreduce, step, send, rank: five sites; twice, parseInt, println and the string concatenations are not sites
        assertEquals(5, main.sites().length, java.util.Arrays.toString(main.sites()));
    }

    @Test
    void outsideContinuationsRunNothingIsCaptured() throws Throwable {
        SampleLoader l = new SampleLoader(true);
        CaptureAt policy = new CaptureAt(1);
        Continuations.arm(policy);
        Runs.capturingOut(() -> {
            Runs.main(l, "samples.Lambdas").invokeExact();
            return null;
        });
        assertTrue(policy.declines.get(0).contains("no continuation runs"), policy.declines.toString());
    }

    private static Method method(Class<?> c, String name) {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new AssertionError(name);
    }
}
