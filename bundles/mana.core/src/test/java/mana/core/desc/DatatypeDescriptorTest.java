package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mana.core.desc.DatatypeDescriptor.Constructor;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import org.junit.jupiter.api.Test;

/** live() is a static registry shared by all tests: assertions are on membership of our own descriptors. */
class DatatypeDescriptorTest {

    private static final int INT = Predefined.handle(Kind.DATATYPE, "INT");

    private static DatatypeDescriptor contiguousOfInt(int count) {
        return new DatatypeDescriptor(Constructor.CONTIGUOUS, new int[] {count}, new long[0], new int[] {INT},
                new DatatypeDescriptor[] {null});
    }

    private static DatatypeDescriptor vectorOf(DatatypeDescriptor base, int baseHandle) {
        return new DatatypeDescriptor(Constructor.VECTOR, new int[] {4, 1, 2}, new long[0], new int[] {baseHandle},
                new DatatypeDescriptor[] {base});
    }

    @Test
    void newDescriptorHasOneReferenceAndIsLive() {
        DatatypeDescriptor d = contiguousOfInt(3);
        assertEquals(1, d.references());
        assertTrue(d.isLive());
        assertTrue(DatatypeDescriptor.live().contains(d));
        assertEquals(Kind.DATATYPE, d.kind());
        assertFalse(d.isCommitted());
        d.markCommitted();
        assertTrue(d.isCommitted());
        d.release();
        assertFalse(DatatypeDescriptor.live().contains(d));
    }

    @Test
    void freeingTheParentBeforeTheChildKeepsTheParentUntilTheChildGoes() {
        DatatypeDescriptor parent = contiguousOfInt(2);
        DatatypeDescriptor child = vectorOf(parent, Vid.make(Kind.DATATYPE, 1, 7));
        assertEquals(2, parent.references(), "the application's reference and the child's");

        parent.release(); // MPI_Type_free(parent)
        assertEquals(1, parent.references());
        assertTrue(parent.isLive());
        List<DatatypeDescriptor> live = DatatypeDescriptor.live();
        assertTrue(live.contains(parent), "a freed parent still needed by its child must be rebuilt");
        assertTrue(live.contains(child));

        child.release(); // MPI_Type_free(child)
        assertFalse(child.isLive());
        assertFalse(parent.isLive(), "releasing the child releases the parent");
        assertEquals(0, parent.references());
        live = DatatypeDescriptor.live();
        assertFalse(live.contains(child));
        assertFalse(live.contains(parent));
    }

    @Test
    void aChainOfThreeIsReleasedBottomUp() {
        DatatypeDescriptor a = contiguousOfInt(1);
        DatatypeDescriptor b = vectorOf(a, Vid.make(Kind.DATATYPE, 1, 1));
        DatatypeDescriptor c = vectorOf(b, Vid.make(Kind.DATATYPE, 1, 2));
        a.release();
        b.release();
        assertTrue(DatatypeDescriptor.live().containsAll(List.of(a, b, c)));
        c.release();
        List<DatatypeDescriptor> live = DatatypeDescriptor.live();
        assertFalse(live.contains(a) || live.contains(b) || live.contains(c));
    }

    @Test
    void aPendingRequestKeepsAFreedTypeLiveUntilItCompletes() {
        DatatypeDescriptor d = contiguousOfInt(8);
        d.retain(); // MPI_Isend with this type
        d.release(); // MPI_Type_free while the send is pending
        assertTrue(d.isLive());
        assertTrue(DatatypeDescriptor.live().contains(d));
        d.release(); // the request completes
        assertFalse(d.isLive());
        assertFalse(DatatypeDescriptor.live().contains(d));
    }

    @Test
    void overReleaseThrowsAndLeavesTheCountAtZero() {
        DatatypeDescriptor d = contiguousOfInt(1);
        d.release();
        assertThrows(IllegalStateException.class, d::release);
        assertEquals(0, d.references());
        assertFalse(DatatypeDescriptor.live().contains(d));
    }

    @Test
    void liveIsInCreationOrder() {
        DatatypeDescriptor first = contiguousOfInt(1);
        DatatypeDescriptor second = contiguousOfInt(2);
        DatatypeDescriptor third = contiguousOfInt(3);
        List<DatatypeDescriptor> live = DatatypeDescriptor.live();
        assertTrue(live.indexOf(first) < live.indexOf(second));
        assertTrue(live.indexOf(second) < live.indexOf(third));
        assertTrue(first.sequence() < second.sequence() && second.sequence() < third.sequence());
        first.release();
        second.release();
        third.release();
    }

    @Test
    void argumentsAreCopied() {
        int[] ints = {5};
        DatatypeDescriptor d = new DatatypeDescriptor(Constructor.CONTIGUOUS, ints, new long[0], new int[] {INT},
                new DatatypeDescriptor[] {null});
        ints[0] = 99;
        assertEquals(5, d.ints()[0]);
        d.ints()[0] = 42;
        assertEquals(5, d.ints()[0]);
        assertEquals(INT, d.baseHandles()[0]);
        assertEquals(Constructor.CONTIGUOUS, d.constructor());
        d.release();
    }

    @Test
    void mismatchedBasesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new DatatypeDescriptor(Constructor.STRUCT, new int[0],
                new long[0], new int[] {INT, INT}, new DatatypeDescriptor[] {null}));
    }
}
