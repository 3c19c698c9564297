package mana.launcher.levels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NodeProbeTest {
    @TempDir
    Path tmp;

    @Test
    void hostsThatDoNotAnswerAreLeftOutAndTheSpareIsNamed() throws Exception {
        Path hf = Files.write(tmp.resolve("hosts"), List.of("# cluster", "node0 slots=2", "node1 slots=2", "user@node2 slots=2"));
        NodeProbe.Outcome o = NodeProbe.probe(hf, Set.of("node0", "node1"), tmp.resolve("out"), h -> !h.equals("node1"));
        assertEquals(List.of("# cluster", "node0 slots=2", "user@node2 slots=2"), Files.readAllLines(o.hostfile()));
        assertEquals("node(s) node1 did not answer; restarting on node0, node2 (spare: node2)", o.describe());
    }

    @Test
    void everyHostAnsweringKeepsTheHostfile() throws Exception {
        Path hf = Files.write(tmp.resolve("hosts"), List.of("node0 slots=2", "node1 slots=2"));
        NodeProbe.Outcome o = NodeProbe.probe(hf, Set.of(), tmp.resolve("out"), h -> true);
        assertNull(o.hostfile());
        assertNull(o.describe());
    }

    @Test
    void theAgentComesFromTheMpirunOptionsElseSsh() {
        assertEquals(List.of("/x/agent"), NodeProbe.agent(List.of("--mca", "plm_rsh_agent", "/x/agent", "-np", "4")));
        assertEquals("ssh", NodeProbe.agent(List.of("-np", "4")).get(0));
        assertEquals(List.of("--hostfile", "/new", "-np", "4"),
                NodeProbe.withHostfile(List.of("--hostfile", "old", "-np", "4"), Path.of("/new")));
    }
}
