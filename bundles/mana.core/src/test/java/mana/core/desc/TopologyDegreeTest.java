package mana.core.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The neighbor counts a neighborhood collective's buffers and count arrays are checked against. */
class TopologyDegreeTest {
    @Test
    void aCartesianProcessHasTwoNeighborsPerDimensionEvenAtANonPeriodicBorder() {
        Topology t = new CartTopology(new int[] {2, 3}, new boolean[] {false, true}, false);
        assertEquals(4, t.inDegree(0));
        assertEquals(4, t.outDegree(5));
    }

    @Test
    void aGraphProcessHasItsOwnEdgesBothWays() {
        // node 0: 1 edge, node 1: 3 edges, node 2: 0 edges
        Topology t = new GraphTopology(new int[] {1, 4, 4}, new int[] {1, 0, 0, 2}, false);
        assertEquals(1, t.inDegree(0));
        assertEquals(3, t.inDegree(1));
        assertEquals(3, t.outDegree(1));
        assertEquals(0, t.outDegree(2));
        assertEquals(0, t.inDegree(7));
    }

    @Test
    void aDistributedGraphProcessHasItsSourcesAndDestinations() {
        Topology t = new DistGraphTopology(new int[] {1, 2, 3}, null, new int[] {0}, null, false);
        assertEquals(3, t.inDegree(0));
        assertEquals(1, t.outDegree(0));
    }
}
