package mana.weaver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.Continuations;
import mana.weaver.api.FrameStack;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import testmpi.Mpi;

/**
 * Capture at the k-th cut point, then resume the captured frames in the same JVM (a rewind): for
 * every k, the output and the sequence of cut point calls must be those of an unwoven run, so each
 * cut call is made exactly once and every frame comes back with its locals and operand stack.
 */
class RewindTest {

    @AfterEach
    void disarm() {
        Continuations.disarm();
    }

    record Plain(String out, List<String> calls) {
    }

    static Plain plain(String cls, String... args) throws Throwable {
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(false);
        String out = Runs.capturingOut(() -> {
            Runs.main(l, cls, args).invokeExact();
            return null;
        }).out();
        return new Plain(out, new ArrayList<>(Mpi.LOG));
    }

    @ParameterizedTest
    @CsvSource({"samples.Loops,5", "samples.Recursion,0", "samples.Lambdas,0"})
    void everyCutPointRewinds(String cls, String arg) throws Throwable {
        String[] args = arg.equals("0") ? new String[0] : new String[] {arg};
        Plain ref = plain(cls, args);
        assertTrue(ref.calls().size() >= 3, "the sample makes cut point calls: " + ref.calls());
        for (int k = 1; k <= ref.calls().size(); k++) {
            Mpi.LOG.clear();
            SampleLoader l = new SampleLoader(true);
            CaptureAt policy = new CaptureAt(k);
            Continuations.arm(policy);
            int[] callsBefore = new int[1];
            FrameStack[] stack = new FrameStack[1];
            final int kk = k;
            // one System.out for both halves: the captured frames hold the stream they printed to
            Runs.Result<Continuations.Outcome> run = Runs.capturingOut(() -> {
                Continuations.Outcome first = Continuations.run(Runs.main(l, cls, args));
                Continuations.disarm();
                Continuations.Captured c = assertInstanceOf(Continuations.Captured.class, first,
                        "capture at call " + kk + ": " + policy.declines);
                stack[0] = c.stack();
                callsBefore[0] = Mpi.LOG.size();
                return Continuations.resume(c.stack(), Runs.main(l, cls, args));
            });
            assertEquals(k - 1 + policy.declines.size(), callsBefore[0], "the cut call itself is not made before the capture (k=" + k + ")");
            assertInstanceOf(Continuations.Completed.class, run.value());
            assertEquals(ref.out(), run.out(), "output with a capture at call " + k + " (" + stack[0] + ")");
            assertEquals(ref.calls(), Mpi.LOG, "cut point calls with a capture at call " + k);
            policy.declines.forEach(d -> assertTrue(d.contains("between NEW and the constructor call"), d));
        }
    }
}
