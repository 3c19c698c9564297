package mana.conformance.p2p;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** Request log entries reused across many requests (issue 20): same data as raw, no handle left, stale handles refused. */
class RequestReuseTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.p2p.RequestReuse";

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).toList();
    }

    @Test
    void aHundredThousandRequestsInARowArriveAsInTheRawBindingAndStaleHandlesAreRefused() {
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles --kind request", "-np", "2",
                "--class", MAIN, JAR.toString(), "stale");
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(2, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(checks(raw), checks(mana), "MANA and the raw binding must receive the same data");
        assertTrue(mana.out().contains("OK 100000 rounds of iRecv+iSend+waits: wrong 0"), mana.all());
        assertTrue(mana.out().contains("OK 1000 rounds of 4 pending receives and waitAll: wrong 0"), mana.all());
        assertTrue(mana.out().contains("STALE wait through a completed request's handle: MPIException class ERR_REQUEST"),
                mana.all());
        assertTrue(mana.out().contains("STALE the new request received its own message"), mana.all());
        assertTrue(mana.out().contains("[rank 0] 0 handle(s)"), mana.all());
        assertTrue(mana.out().contains("[rank 1] 0 handle(s)"), mana.all());
    }
}
