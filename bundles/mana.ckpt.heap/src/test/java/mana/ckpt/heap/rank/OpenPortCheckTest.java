package mana.ckpt.heap.rank;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mana.core.desc.OpenPorts;
import org.junit.jupiter.api.Test;

/** A port open at the cut refuses a transparent checkpoint; once closed it no longer does. */
class OpenPortCheckTest {

    @Test
    void anOpenPortRefusesTheCheckpointUntilItIsClosed() {
        assertNull(OpenPortCheck.problem(), "no port open: no objection");
        String name = "1528823809.0:2013265920";
        OpenPorts.opened(name);
        try {
            String why = OpenPortCheck.problem();
            assertTrue(why != null && why.contains(name) && why.contains("still open"), String.valueOf(why));
        } finally {
            OpenPorts.closed(name);
        }
        assertNull(OpenPortCheck.problem(), "closed: no objection");
    }
}
