package mana.conformance.cart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cartesian, graph and distributed graph topologies through MANA on real ranks, against the raw binding. */
class TopologiesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final Path EXAMPLES = Path.of(System.getProperty("examples.jar"));

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("FAIL") || l.startsWith("DONE"))
                .toList();
    }

    @Test
    void everyCheckPassesAndMatchesTheRawBindingAndDescriptorsHoldTheTopology() {
        String main = "mana.conformance.cart.Topologies";
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles", "-np", "4", "--class", main,
                JAR.toString());
        assertEquals(0, mana.exit(), mana.all());
        ManaJob.Run raw = ManaJob.raw(4, JAR, main);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        assertTrue(m.size() > 60 && m.get(m.size() - 1).equals("DONE"), "too few checks ran: " + m);

        // the communicator descriptors hold the topology as the lower half made it (4 ranks: a 2 x 2 grid)
        String out = mana.out();
        assertEquals(4, lines(out, "cart dims=[2, 2] periods=[true, true] reorder=false", "name=keep-cart-periodic"), out);
        assertEquals(4, lines(out, "cart dims=[2, 2] periods=[false, false] reorder=false", "name=keep-cart"), out);
        assertEquals(4, lines(out, "periods=[false, true] reorder=true", "name=keep-cart-reorder"), out);
        assertEquals(4, lines(out, "cart dims=[2] periods=[true] reorder=false", "name=keep-cart-rows"), out);
        assertEquals(4, lines(out, "graph nodes=4 edges=8 reorder=false", "name=keep-graph"), out);
        assertTrue(out.contains("[rank 2]") && out.lines().anyMatch(l -> l.startsWith("[rank 2]")
                && l.contains("distgraph in=[1] out=[3]") && l.contains("name=keep-distgraph")), out);
        assertFalse(out.lines().anyMatch(l -> l.startsWith("[rank ") && l.contains("  info  ")),
                "freed infos must not stay in the handle table\n" + out);
    }

    /** Lines of the handle listing that describe one communicator: its topology and its name. */
    static long lines(String text, String topology, String name) {
        return text.lines().filter(l -> l.contains(topology) && l.endsWith(name)).count();
    }

    @Test
    void badArgumentsGiveClearErrorsAndNoCrash() {
        ManaJob.Run r = ManaJob.manaRun(2, JAR, "mana.conformance.cart.TopoBadInput");
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("FAIL"), r.all());
        assertEquals(14, r.outLines().stream().filter(l -> l.startsWith("OK ")).count(), r.all());
        assertTrue(r.out().contains("DONE"), r.all());
        assertFalse(r.err().contains("SIGSEGV") || r.err().contains("hs_err"), r.all());
    }

    @Test
    void aDescriptorAloneRebuildsTheSameTopologyWithTheSameRanks() {
        ManaJob.Run r = ManaJob.manaRun(4, JAR, "mana.conformance.cart.TopoRebuild");
        assertEquals(0, r.exit(), r.all());
        assertFalse(r.out().contains("FAIL"), r.all());
        assertEquals(11, r.outLines().stream().filter(l -> l.startsWith("OK ")).count(), r.all());
        assertTrue(r.out().contains("DONE"), r.all());
    }

    @Test
    void heatExampleWritesTheSerialResultWithCollectiveIo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("heat.dat");
        ManaJob.Run r = ManaJob.manaRun(4, EXAMPLES, "mana.examples.Heat", file.toString(), "40");
        assertEquals(0, r.exit(), r.all());
        assertTrue(r.out().contains("heat: 24 x 24 grid on 2 x 2 ranks, 40 steps, file 4608 bytes"), r.all());
        assertTrue(r.out().contains("max |file - serial| = 0.0"), r.all());
        assertTrue(r.out().contains("OK heat: the file equals the serial computation"), r.all());
        assertEquals(8L * 24 * 24, Files.size(file));
        ManaJob.Run three = ManaJob.manaRun(3, EXAMPLES, "mana.examples.Heat", dir.resolve("heat3.dat").toString(), "40");
        assertEquals(0, three.exit(), three.all());
        assertTrue(three.out().contains("on 3 x 1 ranks") && three.out().contains("OK heat"), three.all());
        // same physics, any decomposition: the two files are identical
        assertEquals(-1L, Files.mismatch(file, dir.resolve("heat3.dat")));
    }
}
