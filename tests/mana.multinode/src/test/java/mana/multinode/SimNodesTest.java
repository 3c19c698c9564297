package mana.multinode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The fixture itself, with raw Open MPI: daemons on every node through the launch agent, TCP between the nodes. */
class SimNodesTest {
    static SimNodes nodes;

    @BeforeAll
    static void up() {
        nodes = SimNodes.up("mn-fix", 2, 2);
    }

    @AfterAll
    static void down() {
        if (nodes != null) {
            nodes.close();
        }
    }

    static List<String> mpirun(String... rest) {
        List<String> cmd = new ArrayList<>(List.of("mpirun", "--allow-run-as-root", "--oversubscribe"));
        cmd.addAll(nodes.mpirunOptions());
        cmd.addAll(List.of(rest));
        return cmd;
    }

    @Test
    void mpirunOnTheHeadNodeStartsRanksOnEveryNode() {
        ManaJob.Run r = nodes.exec(0, 60, mpirun("-np", "4", "hostname"));
        assertEquals(0, r.exit(), r.all());
        Map<String, Integer> perHost = new TreeMap<>();
        r.outLines().forEach(h -> perHost.merge(h.trim(), 1, Integer::sum));
        assertEquals(Map.of("node0", 2, "node1", 2), perHost, r.all());
    }

    @Test
    void openMpisRingRunsAcrossTheNodesOverTheirNetwork() {
        long before = nodes.interfaceBytes(1);
        String cp = ManaJob.lowerHalfJar() + ":" + ManaJob.home().resolve("examples/target/ring.jar");
        String jvm = java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ManaJob.Run r = nodes.exec(0, 120, mpirun("-np", "4", jvm, "-cp", cp, "Ring"));
        assertEquals(0, r.exit(), r.all());
        for (int rank = 0; rank < 4; rank++) {
            assertTrue(r.out().contains("Process " + rank + " exiting"), r.all());
        }
        // ranks 2 and 3 are on node1: the ring's messages and Open MPI's wiring went through its interface
        assertTrue(nodes.interfaceBytes(1) - before > 1000, "no traffic on node1's interface");
    }

    @Test
    void eachNodeHasItsAddressAndSeesTheOthers() {
        ManaJob.Run r = nodes.exec(1, 30, List.of("sh", "-c", "hostname; getent hosts node0; ip -o -4 addr show eth0"));
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().startsWith("node1\n"), r.all());
        assertTrue(r.out().contains(nodes.address(0) + " ") && r.out().contains(nodes.address(1) + "/24"), r.all());
    }
}
