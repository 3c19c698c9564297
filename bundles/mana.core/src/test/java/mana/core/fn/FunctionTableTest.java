package mana.core.fn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FunctionTableTest {
    private CommProvider savedComm;
    private boolean commWasProvided;
    private P2pProvider savedP2p;
    private boolean p2pWasProvided;

    @BeforeEach
    void save() {
        savedComm = FunctionTable.comm();
        commWasProvided = FunctionTable.isProvided(CommProvider.class);
        savedP2p = FunctionTable.p2p();
        p2pWasProvided = FunctionTable.isProvided(P2pProvider.class);
    }

    @AfterEach
    void restore() {
        FunctionTable.install(CommProvider.class, commWasProvided ? savedComm : null);
        FunctionTable.install(P2pProvider.class, p2pWasProvided ? savedP2p : null);
    }

    /** A fake provider: plain logic, no MPI. */
    private static CommProvider fakeComm(int rank, int size) {
        return new CommProvider() {
            @Override
            public int rank(int comm) {
                return rank;
            }

            @Override
            public int size(int comm) {
                return size;
            }
        };
    }

    @Test
    void missingCommProviderThrowsNamingTheMpiFunction() {
        assumeFalse(commWasProvided, "a CommProvider is installed in this JVM");
        ManaException e = assertThrows(ManaException.class, () -> FunctionTable.comm().rank(0));
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
        assertTrue(e.getMessage().contains("MPI_Comm_rank"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.comm"), e.getMessage());
        ManaException size = assertThrows(ManaException.class, () -> FunctionTable.comm().size(0));
        assertTrue(size.getMessage().contains("MPI_Comm_size"), size.getMessage());
    }

    @Test
    void missingP2pProviderNamesMpiSendAndItsBundle() {
        assumeFalse(p2pWasProvided, "a P2pProvider is installed in this JVM");
        ManaException e = assertThrows(ManaException.class,
                () -> FunctionTable.p2p().send(0, new int[1], 1, 0, 0, 0));
        assertTrue(e.getMessage().contains("MPI_Send"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.p2p"), e.getMessage());
    }

    @Test
    void missingStandInsAnswerObjectMethods() {
        assumeFalse(commWasProvided, "a CommProvider is installed in this JVM");
        CommProvider missing = FunctionTable.comm();
        assertEquals("missing CommProvider", missing.toString());
        assertTrue(missing.equals(missing));
        assertFalse(missing.equals(fakeComm(0, 1)));
        assertEquals(System.identityHashCode(missing), missing.hashCode());
        assertSame(missing, FunctionTable.comm(), "one stand-in per area, made on first use");
    }

    @Test
    void installAndUninstallFlipIsProvided() throws ManaException {
        FunctionTable.install(CommProvider.class, null);
        assertFalse(FunctionTable.isProvided(CommProvider.class));

        CommProvider fake = fakeComm(3, 8);
        FunctionTable.install(CommProvider.class, fake);
        assertTrue(FunctionTable.isProvided(CommProvider.class));
        assertSame(fake, FunctionTable.comm());
        assertEquals(3, FunctionTable.comm().rank(0));
        assertEquals(8, FunctionTable.comm().size(0));

        FunctionTable.install(CommProvider.class, null);
        assertFalse(FunctionTable.isProvided(CommProvider.class));
        assertNotEquals(fake, FunctionTable.comm());
        ManaException e = assertThrows(ManaException.class, () -> FunctionTable.comm().rank(0));
        assertTrue(e.getMessage().contains("MPI_Comm_rank"), e.getMessage());
    }

    @Test
    void installingOneAreaLeavesTheOthersAlone() {
        java.util.Map<Class<?>, Object> before = new java.util.HashMap<>();
        for (Class<?> type : FunctionTable.PROVIDER_TYPES) {
            before.put(type, FunctionTable.isProvided(type));
        }
        FunctionTable.install(CommProvider.class, fakeComm(0, 1));
        for (Class<?> type : FunctionTable.PROVIDER_TYPES) {
            if (type != CommProvider.class) {
                assertEquals(before.get(type), FunctionTable.isProvided(type), type.getSimpleName());
            }
        }
        assertTrue(FunctionTable.isProvided(CommProvider.class));
    }

    @Test
    void installRejectsNonProviderTypes() {
        assertThrows(IllegalArgumentException.class, () -> FunctionTable.install(Runnable.class, () -> { }));
        assertFalse(FunctionTable.isProvided(Runnable.class));
    }

    @Test
    void everyProviderMethodNamesItsMpiFunction() {
        for (Class<?> type : FunctionTable.PROVIDER_TYPES) {
            for (var m : type.getMethods()) {
                MpiName n = m.getAnnotation(MpiName.class);
                assertTrue(n != null && !n.value().isEmpty(), type.getSimpleName() + "." + m.getName());
            }
        }
    }
}
