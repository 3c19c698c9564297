package mana.wrappers.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import mana.core.desc.CartTopology;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DistGraphTopology;
import mana.core.desc.GraphTopology;
import mana.core.desc.Topology;
import org.junit.jupiter.api.Test;

/** The communicator kind's saved form of topologies (pure logic, no MPI). */
class CommKindTopologyTest {
    static CommDescriptor roundTrip(Topology t) throws IOException {
        CommDescriptor d = new CommDescriptor(42L, 1, new int[] {3, 1, 0, 2}, t, false);
        d.setName("grid");
        CommKind kind = new CommKind();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(d, new DataOutputStream(bytes));
        CommDescriptor back = (CommDescriptor) kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(d.sequence(), back.sequence());
        assertEquals("[3, 1, 0, 2]", java.util.Arrays.toString(back.worldRanks()), "the rank order the lower half chose");
        assertEquals("grid", back.name());
        return back;
    }

    @Test
    void everyTopologyKindSurvivesSaveAndLoad() throws IOException {
        assertNull(roundTrip(null).topology());
        Topology cart = new CartTopology(new int[] {2, 2}, new boolean[] {true, false}, true);
        assertEquals(cart, roundTrip(cart).topology());
        Topology graph = new GraphTopology(new int[] {2, 3, 4, 6}, new int[] {1, 3, 0, 3, 0, 2}, false);
        assertEquals(graph, roundTrip(graph).topology());
        Topology dist = new DistGraphTopology(new int[] {3}, null, new int[] {1, 2}, null, false);
        assertEquals(dist, roundTrip(dist).topology());
        Topology weighted = new DistGraphTopology(new int[] {3}, new int[] {5}, new int[] {1}, new int[] {7}, true);
        assertEquals(weighted, roundTrip(weighted).topology());
    }

    @Test
    void anUnknownTopologyTagIsRejected() {
        byte[] bad = {9};
        assertThrows(IOException.class, () -> CommKind.readTopology(new DataInputStream(new ByteArrayInputStream(bad))));
    }

    @Test
    void cartesianDimsAndPeriodsMustAgree() {
        assertThrows(IllegalArgumentException.class, () -> new CartTopology(new int[] {2, 2}, new boolean[] {true}, false));
    }
}
