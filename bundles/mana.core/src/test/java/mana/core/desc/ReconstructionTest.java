package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import mana.core.desc.DatatypeDescriptor.Constructor;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.junit.jupiter.api.Test;

class ReconstructionTest {

    private static final Map<Integer, Integer> ORDER = Map.of(
            Kind.COMM, DescriptorKind.ORDER_COMM,
            Kind.GROUP, DescriptorKind.ORDER_GROUP,
            Kind.DATATYPE, DescriptorKind.ORDER_DATATYPE,
            Kind.OP, DescriptorKind.ORDER_OP);

    /** A descriptor with a chosen sequence, to model a list read back from a checkpoint. */
    private record Fake(int kind, long sequence) implements Descriptor {
        @Override
        public String summary() {
            return Kind.name(kind) + "#" + sequence;
        }
    }

    @Test
    void ordersByKindThenBySequenceNotByInsertionOrSlot() {
        // Created in this order (sequence numbers), but listed in slot order, which differs.
        DatatypeDescriptor type1 = new DatatypeDescriptor(Constructor.CONTIGUOUS, new int[] {2}, new long[0],
                new int[] {Predefined.handle(Kind.DATATYPE, "INT")}, new DatatypeDescriptor[] {null});
        CommDescriptor comm1 = new CommDescriptor(CommDescriptor.makeGid(0, 1), 0, new int[] {0, 1}, null, false);
        GroupDescriptor group1 = new GroupDescriptor(new int[] {1});
        OpDescriptor op1 = new OpDescriptor(new Object(), true);
        CommDescriptor comm2 = new CommDescriptor(CommDescriptor.makeGid(0, 2), 0, new int[] {0}, null, false);
        DatatypeDescriptor type2 = new DatatypeDescriptor(Constructor.DUP, new int[0], new long[0],
                new int[] {Predefined.handle(Kind.DATATYPE, "DOUBLE")}, new DatatypeDescriptor[] {null});
        GroupDescriptor group2 = new GroupDescriptor(new int[] {0});

        List<Descriptor> bySlot = List.of(type2, op1, comm2, group1, type1, group2, comm1);
        List<Descriptor> ordered = Reconstruction.order(bySlot, ORDER);
        assertEquals(List.of(comm1, comm2, group1, group2, type1, type2, op1), ordered);
        type1.release();
        type2.release();
    }

    @Test
    void sequenceBeatsInsertionWithinAKind() {
        List<Descriptor> in = List.of(new Fake(Kind.COMM, 30), new Fake(Kind.COMM, 10), new Fake(Kind.COMM, 20));
        assertEquals(List.of(new Fake(Kind.COMM, 10), new Fake(Kind.COMM, 20), new Fake(Kind.COMM, 30)),
                Reconstruction.order(in, ORDER));
    }

    @Test
    void kindOrderBeatsSequence() {
        List<Descriptor> in = List.of(new Fake(Kind.OP, 1), new Fake(Kind.DATATYPE, 2), new Fake(Kind.GROUP, 3),
                new Fake(Kind.COMM, 4));
        assertEquals(List.of(new Fake(Kind.COMM, 4), new Fake(Kind.GROUP, 3), new Fake(Kind.DATATYPE, 2),
                new Fake(Kind.OP, 1)), Reconstruction.order(in, ORDER));
    }

    @Test
    void theRestoreOrderMapDecidesNotTheKindValue() {
        Map<Integer, Integer> reversed = Map.of(Kind.COMM, 2, Kind.GROUP, 1);
        List<Descriptor> in = List.of(new Fake(Kind.COMM, 1), new Fake(Kind.GROUP, 2));
        assertEquals(List.of(new Fake(Kind.GROUP, 2), new Fake(Kind.COMM, 1)), Reconstruction.order(in, reversed));
    }

    @Test
    void kindsWithoutARestoreOrderComeLast() {
        List<Descriptor> in = List.of(new Fake(Kind.FILE, 1), new Fake(Kind.OP, 5), new Fake(Kind.COMM, 9));
        assertEquals(List.of(new Fake(Kind.COMM, 9), new Fake(Kind.OP, 5), new Fake(Kind.FILE, 1)),
                Reconstruction.order(in, ORDER));
    }

    @Test
    void theInputListIsNotModified() {
        List<Descriptor> in = new java.util.ArrayList<>(List.of(new Fake(Kind.OP, 2), new Fake(Kind.COMM, 1)));
        List<Descriptor> copy = List.copyOf(in);
        Reconstruction.order(in, ORDER);
        assertEquals(copy, in);
    }
}
