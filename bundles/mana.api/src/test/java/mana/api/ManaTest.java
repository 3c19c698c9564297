package mana.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import mana.api.spi.ManaPlatform;
import mana.api.spi.PlatformHook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ManaTest {

    /** Records what the API hands to the platform. */
    static final class Recorder implements ManaPlatform {
        final List<Long> indices = new ArrayList<>();
        final List<Object> states = new ArrayList<>();
        Object restored;

        @Override
        public void atSafePoint(long index, Object state, Supplier<?> lazyState) {
            indices.add(index);
            states.add(lazyState != null ? lazyState.get() : state);
        }

        @Override
        public Optional<Object> restoredState(ClassLoader loader) {
            return Optional.ofNullable(restored);
        }

        @Override
        public boolean requestCheckpoint() {
            return true;
        }

        @Override
        public boolean isRestart() {
            return restored != null;
        }
    }

    @AfterEach
    void reset() {
        PlatformHook.uninstall(PlatformHook.platform());
        PlatformHook.resetIndex(0);
    }

    @Test
    void outsideManaEveryCallIsANoOp() {
        Mana.safePoint("s");
        Mana.safePoint(() -> {
            throw new AssertionError("the supplier must not be called outside MANA");
        });
        assertEquals(Optional.empty(), Mana.restoredState(String.class));
        assertFalse(Mana.isRestart());
        assertFalse(Mana.requestCheckpoint());
        assertEquals(2, Mana.safePointIndex());
    }

    @Test
    void thePlatformSeesSafePointsOnlyWhileSignalled() {
        Recorder r = new Recorder();
        PlatformHook.install(r);
        Mana.safePoint("a");
        Mana.safePoint(() -> {
            throw new AssertionError("the supplier must not be called without a pending checkpoint");
        });
        PlatformHook.raise();
        Mana.safePoint("c");
        Mana.safePoint(() -> "d");
        PlatformHook.lower();
        Mana.safePoint("e");
        assertEquals(List.of(3L, 4L), r.indices);
        assertEquals(List.of("c", "d"), r.states);
        assertEquals(5, Mana.safePointIndex());
    }

    @Test
    void restoredStateChecksTheType() {
        Recorder r = new Recorder();
        r.restored = 42;
        PlatformHook.install(r);
        assertTrue(Mana.isRestart());
        assertEquals(Optional.of(42), Mana.restoredState(Integer.class));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Mana.restoredState(String.class));
        assertEquals("the checkpoint's state is a java.lang.Integer, not a java.lang.String", e.getMessage());
    }
}
