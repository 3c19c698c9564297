package mana.recoverytest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mana.testkit.ManaJob;

/** What a restart of a job killed mid-run must print: the uninterrupted run's last lines, and only those. */
final class RestartTail {

    private RestartTail() {
    }

    /**
     * The restart printed at least {@code minLines} lines, fewer than the reference by more than
     * {@code fewerBy} (it did not start over), and they are the reference's last lines.
     */
    static void assertTail(ManaJob.Run reference, ManaJob.Run restart, int minLines, int fewerBy, String where) {
        List<String> got = restart.out().lines().toList();
        List<String> want = reference.out().lines().toList();
        assertTrue(got.size() >= minLines && got.size() < want.size() - fewerBy, "the restart starts after " + where + ": "
                + restart.all());
        assertEquals(want.subList(want.size() - got.size(), want.size()), got, "the restart goes on where the cut was");
    }
}
