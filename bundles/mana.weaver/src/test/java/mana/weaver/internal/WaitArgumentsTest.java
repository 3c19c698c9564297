package mana.weaver.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.Continuations;
import mana.weaver.api.CutPolicy;
import mpi.TestWaits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The waits on requests pass their arguments to the policy (so that a rank can wait outside MPI
 * for them): the static array waits their array and no receiver, an instance wait its receiver
 * and no argument; a capture before a static wait resumes and makes it once.
 */
class WaitArgumentsTest {

    @AfterEach
    void disarm() {
        Continuations.disarm();
    }

    record Asked(String method, Object receiver, Object[] args) {
    }

    /** Records every question; captures at the {@code k}-th (0: never). */
    static final class Recording implements CutPolicy {
        final List<Asked> asked = new ArrayList<>();
        final int k;

        Recording(int k) {
            this.k = k;
        }

        @Override
        public boolean shouldCapture(String owner, String method) {
            throw new AssertionError("the waits pass their arguments: " + method);
        }

        @Override
        public boolean shouldCapture(String owner, String method, Object receiver, Object[] args) {
            if (owner.equals("mpi/TestWaits") && !method.equals("<init>")) {
                asked.add(new Asked(method, receiver, args));
            }
            return asked.size() == k;
        }
    }

    private static SampleLoader woven() {
        return new SampleLoader("waitsamples", true, n -> n.equals("mpi/TestWaits"));
    }

    @Test
    void staticWaitsPassTheirArrayAndInstanceWaitsTheirReceiver() throws Throwable {
        TestWaits.LOG.clear();
        Recording policy = new Recording(0);
        Continuations.arm(policy);
        Runs.Result<Continuations.Outcome> run = Runs.capturingOut(() -> Continuations.run(Runs.main(woven(), "waitsamples.Waits")));
        assertInstanceOf(Continuations.Completed.class, run.value());
        assertEquals("sum 2915\n", run.out().replace("\r", ""));
        assertEquals(6, policy.asked.size(), policy.asked.toString());
        Asked all = policy.asked.get(0);
        assertEquals("waitAll", all.method());
        assertNull(all.receiver());
        assertEquals(1, all.args().length);
        TestWaits[] both = (TestWaits[]) all.args()[0];
        assertEquals("[a, b]", java.util.Arrays.toString(both));
        assertSame(both, policy.asked.get(1).args()[0], "waitAny gets the same array");
        Asked one = policy.asked.get(2);
        assertEquals("waitFor", one.method());
        assertSame(both[0], one.receiver());
        assertArrayEquals(new Object[0], one.args());
    }

    @Test
    void aCaptureBeforeAStaticWaitResumesAndMakesItOnce() throws Throwable {
        TestWaits.LOG.clear();
        SampleLoader l = woven();
        Continuations.arm(new Recording(4)); // the second waitAll
        Runs.Result<Continuations.Outcome> run = Runs.capturingOut(() -> {
            Continuations.Outcome first = Continuations.run(Runs.main(l, "waitsamples.Waits"));
            Continuations.disarm();
            Continuations.Captured c = assertInstanceOf(Continuations.Captured.class, first);
            assertEquals(List.of("waitAll 2", "waitAny 2", "waitFor a"), TestWaits.LOG, "the cut call is not made before the capture");
            return Continuations.resume(c.stack(), Runs.main(l, "waitsamples.Waits"));
        });
        assertInstanceOf(Continuations.Completed.class, run.value());
        assertEquals("sum 2915\n", run.out().replace("\r", ""));
        assertEquals(List.of("waitAll 2", "waitAny 2", "waitFor a", "waitAll 2", "waitAny 2", "waitFor a"), TestWaits.LOG);
    }
}
