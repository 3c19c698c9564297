package mana.core.vid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import mana.core.desc.GroupDescriptor;
import mana.core.error.ManaException;
import org.junit.jupiter.api.Test;

/** A checkpoint saves the table's layout; a restart gives every saved handle its exact value back. */
class VidTableRestoreTest {

    private static byte[] layout(VidTable t) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        t.saveLayout(new DataOutputStream(b));
        return b.toByteArray();
    }

    private static VidTable restored(VidTable old) throws IOException {
        VidTable t = new VidTable();
        t.restoreLayout(new DataInputStream(new ByteArrayInputStream(layout(old))));
        for (VidTable.Entry e : old.liveEntries()) {
            t.restore(e.vid(), "new " + e.lower(), e.descriptor());
        }
        return t;
    }

    @Test
    void liveHandlesKeepTheirValuesAndGetTheNewLowerObjects() throws Exception {
        VidTable old = new VidTable();
        int a = old.create(Kind.COMM, "a", null);
        int b = old.create(Kind.GROUP, "b", new GroupDescriptor(new int[] {0, 1}));
        int c = old.create(Kind.DATATYPE, "c", null);
        VidTable t = restored(old);
        assertEquals("new a", t.lower(a, Kind.COMM));
        assertEquals("new b", t.lower(b, Kind.GROUP));
        assertEquals("new c", t.lower(c, Kind.DATATYPE));
        assertSame(old.entry(b, Kind.GROUP).descriptor(), t.entry(b, Kind.GROUP).descriptor());
        assertEquals(3, t.liveCount());
    }

    @Test
    void handlesFreedBeforeTheCheckpointStayStale() throws Exception {
        VidTable old = new VidTable();
        int a = old.create(Kind.COMM, "a", null);
        int keep = old.create(Kind.COMM, "keep", null);
        old.free(a, Kind.COMM);
        VidTable t = restored(old);
        ManaException e = assertThrows(ManaException.class, () -> t.lower(a, Kind.COMM));
        assertTrue(e.getMessage().contains("freed (stale handle)"), e.getMessage());
        assertEquals("new keep", t.lower(keep, Kind.COMM));
        // the freed slot is reused first, with the next generation: same as the uninterrupted table
        int again = t.create(Kind.COMM, "x", null);
        int againOld = old.create(Kind.COMM, "x", null);
        assertEquals(againOld, again);
        assertEquals(Vid.slot(a), Vid.slot(again));
        assertEquals(Vid.nextGeneration(Vid.generation(a)), Vid.generation(again));
        assertThrows(ManaException.class, () -> t.lower(a, Kind.COMM));
    }

    @Test
    void newHandlesNeverCollideWithRestoredOnes() throws Exception {
        VidTable old = new VidTable();
        Set<Integer> saved = new HashSet<>();
        for (int i = 0; i < 5000; i++) {
            int v = old.create(Kind.REQUEST, i, null);
            if (i % 3 == 0) {
                old.free(v, Kind.REQUEST);
            } else {
                saved.add(v);
            }
        }
        VidTable t = restored(old);
        for (int v : saved) {
            assertTrue(t.isLive(v));
        }
        for (int i = 0; i < 3000; i++) {
            int v = t.create(Kind.REQUEST, "n", null);
            assertFalse(saved.contains(v), "collision on " + Vid.toString(v));
            assertEquals(old.create(Kind.REQUEST, "n", null), v, "same sequence of new handles as without restart");
        }
    }

    @Test
    void restoringIntoAUsedTableOrAtAWrongGenerationIsRefused() throws Exception {
        VidTable old = new VidTable();
        int a = old.create(Kind.COMM, "a", null);
        byte[] l = layout(old);
        VidTable used = new VidTable();
        used.create(Kind.COMM, "x", null);
        assertThrows(IllegalStateException.class,
                () -> used.restoreLayout(new DataInputStream(new ByteArrayInputStream(l))));
        VidTable t = new VidTable();
        t.restoreLayout(new DataInputStream(new ByteArrayInputStream(l)));
        int wrongGeneration = Vid.make(Kind.COMM, Vid.nextGeneration(Vid.generation(a)), Vid.slot(a));
        assertThrows(IllegalStateException.class, () -> t.restore(wrongGeneration, "y", null));
        t.restore(a, "y", null);
        assertThrows(IllegalStateException.class, () -> t.restore(a, "z", null));
        assertThrows(IllegalArgumentException.class, () -> t.restore(Vid.make(Kind.COMM, 1, 99), "z", null));
        assertEquals(List.of(a), t.liveEntries().stream().map(VidTable.Entry::vid).toList());
    }
}
