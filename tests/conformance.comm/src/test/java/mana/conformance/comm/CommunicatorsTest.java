package mana.conformance.comm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Communicators, groups, attributes, errhandlers and gids through MANA on real ranks, against the raw binding. */
class CommunicatorsTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));
    static final String MAIN = "mana.conformance.comm.Communicators";
    /** A row of mana:handles: "[rank R] ... comm gid=G rank=r/n members=[...] ... name=NAME". */
    static final Pattern ROW = Pattern.compile("\\[rank (\\d+)\\].*comm gid=([0-9a-f]+) rank=(\\d+)/(\\d+) .*name=(\\S+)");

    static List<String> checks(ManaJob.Run r) {
        return r.outLines().stream().filter(l -> l.startsWith("OK") || l.startsWith("DONE")).toList();
    }

    @ParameterizedTest(name = "{0} ranks")
    @ValueSource(ints = {3, 4})
    void everyCheckPassesAndMatchesTheRawBinding(int ranks) {
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles", "-np", String.valueOf(ranks),
                "--class", MAIN, JAR.toString());
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains("DONE"), mana.all());
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, MAIN);
        assertEquals(0, raw.exit(), raw.all());
        List<String> m = checks(mana);
        assertEquals(checks(raw), m, "MANA and the raw binding must report the same checks");
        assertTrue(m.size() > 80, "too few checks ran: " + m.size());

        // a freed communicator used again: the message says it was freed
        assertTrue(mana.out().lines().anyMatch(l -> l.startsWith("INFO freed comm message:") && l.contains("freed")),
                mana.all());

        // gids of the communicators left alive: all members agree, distinct communicators differ
        Map<String, Set<String>> gidsByName = new HashMap<>();
        Map<String, Set<Integer>> ranksByName = new HashMap<>();
        Map<String, Integer> sizeByName = new HashMap<>();
        for (String line : mana.all().split("\n")) {
            Matcher x = ROW.matcher(line);
            if (x.find() && x.group(5).startsWith("keep-")) {
                // split results share a name across colours: key by name and size
                String name = x.group(5);
                gidsByName.computeIfAbsent(name, k -> new HashSet<>()).add(x.group(2));
                ranksByName.computeIfAbsent(name, k -> new HashSet<>()).add(Integer.parseInt(x.group(1)));
                sizeByName.put(name, Integer.parseInt(x.group(4)));
            }
        }
        assertTrue(gidsByName.keySet().containsAll(Set.of("keep-dup", "keep-dup2", "keep-half0", "keep-half1",
                "keep-sub0", "keep-sub1", "keep-notzero", "keep-create", "keep-createGroup", "keep-inter",
                "keep-interdup", "keep-merged")), gidsByName + "\n" + mana.all());
        Set<String> all = new HashSet<>();
        for (var e : gidsByName.entrySet()) {
            String name = e.getKey();
            assertEquals(1, e.getValue().size(), "members of " + name + " disagree on its gid: " + e.getValue());
            int expectedMembers = name.equals("keep-inter") || name.equals("keep-interdup") ? ranks : sizeByName.get(name);
            assertEquals(expectedMembers, ranksByName.get(name).size(), "ranks reporting " + name);
            String gid = e.getValue().iterator().next();
            assertNotEquals("0", gid, name + " has the world's gid");
            assertTrue(all.add(gid), "two communicators share gid " + gid + ": " + gidsByName);
        }
    }

    @Test
    void aFreedCommunicatorUnderErrorsAreFatalAbortsLikeTheRawBinding() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.comm.FreedFatal");
        ManaJob.Run raw = ManaJob.raw(2, JAR, "mana.conformance.comm.FreedFatal");
        assertNotEquals(0, raw.exit(), raw.all());
        assertEquals(raw.exit(), mana.exit(), "exit status\n" + mana.all());
        assertFalse(mana.out().contains("NOT REACHED"), mana.all());
        assertTrue(mana.err().contains("MPI_ERRORS_ARE_FATAL") && mana.err().contains("freed"), mana.all());
    }
}
