package mana.wrappers.rma;

import static org.junit.jupiter.api.Assertions.assertEquals;

import mana.core.vid.Handles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A window's default name gets the context id the raw binding would show (pure logic, no MPI). */
class DefaultNameTest {
    @AfterEach
    void noInternalWorld() {
        Handles.setInternalWorld(null);
    }

    @Test
    void theContextIdIsOneLowerWhenManaHoldsItsPrivateWorld() {
        Handles.setInternalWorld(new Object());
        assertEquals("rdma window 3", WinWrappers.rawDefaultName("rdma window 4"));
        assertEquals("pt2pt window 11", WinWrappers.rawDefaultName("pt2pt window 12"));
    }

    @Test
    void otherNamesAndNoPrivateWorldLeaveTheNameAsItIs() {
        assertEquals("rdma window 4", WinWrappers.rawDefaultName("rdma window 4"), "no private world: nothing shifted");
        Handles.setInternalWorld(new Object());
        assertEquals("halo", WinWrappers.rawDefaultName("halo"));
        assertEquals("my window x", WinWrappers.rawDefaultName("my window x"));
        assertEquals("window 5", WinWrappers.rawDefaultName("window 5"));
        assertEquals(null, WinWrappers.rawDefaultName(null));
    }
}
