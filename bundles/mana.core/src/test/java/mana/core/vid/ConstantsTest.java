package mana.core.vid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mana.core.desc.GroupDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import org.junit.jupiter.api.Test;

class ConstantsTest {

    @Test
    void setThenGetReturnsTheLowerObject() throws ManaException {
        int sum = Predefined.handle(Kind.OP, "SUM");
        Object lower = new Object();
        Constants.set(sum, lower);
        assertSame(lower, Constants.get(sum, Kind.OP));
        // The handle table resolves predefined handles through the same constants.
        assertSame(lower, new VidTable().lower(sum, Kind.OP));
    }

    @Test
    void getWithTheWrongKindIsRejected() {
        int maxOp = Predefined.handle(Kind.OP, "MAX");
        Constants.set(maxOp, new Object());
        ManaException e = assertThrows(ManaException.class, () -> Constants.get(maxOp, Kind.DATATYPE));
        assertEquals(ErrorClass.TYPE, e.errorClass());
        assertTrue(e.getMessage().contains("is a op handle, not a datatype handle"), e.getMessage());
    }

    @Test
    void getOfAnUnknownPredefinedIndexIsRejected() {
        int bogus = Vid.predefined(Kind.COMM, Predefined.COMMS.size() + 3);
        ManaException e = assertThrows(ManaException.class, () -> Constants.get(bogus, Kind.COMM));
        assertEquals(ErrorClass.COMM, e.errorClass());
        assertTrue(e.getMessage().contains("is not a predefined communicator"), e.getMessage());
    }

    @Test
    void getOfATableHandleIsNotAPredefinedOne() {
        ManaException e = assertThrows(ManaException.class,
                () -> Constants.get(Vid.make(Kind.GROUP, 1, 0), Kind.GROUP));
        assertEquals(ErrorClass.GROUP, e.errorClass());
        assertTrue(e.getMessage().contains("is not a predefined group"), e.getMessage());
    }

    @Test
    void getOfTheNullHandleSaysSo() {
        ManaException e = assertThrows(ManaException.class, () -> Constants.get(Vid.NULL, Kind.COMM));
        assertTrue(e.getMessage().contains("the null handle"), e.getMessage());
    }

    @Test
    void setRejectsUnknownIndexAndTableHandles() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Constants.set(Vid.predefined(Kind.GROUP, Predefined.GROUPS.size()), new Object()));
        assertTrue(e.getMessage().contains("not a predefined handle"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Constants.set(Vid.make(Kind.COMM, 2, 0), new Object()));
        assertThrows(IllegalArgumentException.class, () -> Constants.set(Vid.NULL, new Object()));
        assertThrows(IllegalArgumentException.class,
                () -> Constants.set(Vid.predefined(Kind.WIN, 0), new Object()), "windows have no predefined objects");
    }

    @Test
    void descriptorOfPredefinedHandles() {
        int self = Predefined.handle(Kind.COMM, "COMM_SELF");
        GroupDescriptor d = new GroupDescriptor(new int[] {0});
        Constants.setDescriptor(self, d);
        assertSame(d, Constants.descriptor(self));
        assertNull(Constants.descriptor(Vid.predefined(Kind.COMM, 99)));
        assertNull(Constants.descriptor(Vid.make(Kind.COMM, 1, 1)));
        assertThrows(IllegalArgumentException.class, () -> Constants.setDescriptor(Vid.predefined(Kind.COMM, 99), d));
    }

    @Test
    void predefinedNamesAndHandles() {
        int world = Predefined.handle(Kind.COMM, "COMM_WORLD");
        assertEquals(Vid.predefined(Kind.COMM, 0), world);
        assertEquals("COMM_WORLD", Predefined.name(world));
        assertEquals("DOUBLE", Predefined.name(Predefined.handle(Kind.DATATYPE, "DOUBLE")));
        assertNull(Predefined.name(Vid.predefined(Kind.COMM, 7)));
        assertNull(Predefined.name(Vid.make(Kind.COMM, 1, 0)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Predefined.handle(Kind.COMM, "COMM_NOPE"));
        assertTrue(e.getMessage().contains("no predefined communicator named COMM_NOPE"), e.getMessage());
        assertTrue(Predefined.names(Kind.FILE).isEmpty());
    }

    @Test
    void errorClassOfEachKind() {
        assertEquals(ErrorClass.COMM, Constants.errorClassOf(Kind.COMM));
        assertEquals(ErrorClass.GROUP, Constants.errorClassOf(Kind.GROUP));
        assertEquals(ErrorClass.TYPE, Constants.errorClassOf(Kind.DATATYPE));
        assertEquals(ErrorClass.OP, Constants.errorClassOf(Kind.OP));
        assertEquals(ErrorClass.REQUEST, Constants.errorClassOf(Kind.REQUEST));
        assertEquals(ErrorClass.FILE, Constants.errorClassOf(Kind.FILE));
        assertEquals(ErrorClass.WIN, Constants.errorClassOf(Kind.WIN));
        assertEquals(ErrorClass.INFO, Constants.errorClassOf(Kind.INFO));
        assertEquals(ErrorClass.ARG, Constants.errorClassOf(Kind.MESSAGE));
    }
}
