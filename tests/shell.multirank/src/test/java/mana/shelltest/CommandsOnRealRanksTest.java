package mana.shelltest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** The mana:* commands on the real MPI objects of a 2-rank job (mana run --at-finalize). */
class CommandsOnRealRanksTest {

    @Test
    void everyRankShowsItsCommunicatorsDatatypesKindsAndCalls() {
        ManaJob.Run job = ManaJob.mana("run", "--at-finalize",
                "mana:handles; mana:handles --kind datatype --json; mana:kinds; mana:ckpt; mana:stats; mana:handle 0x10000000",
                "-np", "2", "--class", Objects.class.getName(), System.getProperty("programs.jar"));
        System.out.println(job.all());
        assertEquals(0, job.exit(), job.all());
        for (int r0 = 0; r0 < 2; r0++) {
            int rank = r0;
            String p = "[rank " + rank + "] ";
            List<String> lines = job.outLines().stream().filter(l -> l.startsWith(p)).map(l -> l.substring(p.length())).toList();
            String all = String.join("\n", lines);
            assertTrue(lines.stream().anyMatch(l -> l.matches("0x1[0-9a-f]{7}\\s+communicator\\s+\\d+\\s+\\d+\\s+\\d+\\s+0x[0-9a-f]+\\s+"
                    + "comm gid=\\p{XDigit}+ rank=" + rank + "/2 members=\\[0, 1\\].*")), "the dup: " + all);
            assertTrue(lines.stream().anyMatch(l -> l.contains("communicator") && l.contains("rank=0/1 members=[" + rank + "]")),
                    "the split: " + all);
            assertTrue(lines.stream().anyMatch(l -> l.contains("datatype vector ints=[3, 2, 4]") && l.contains("refs=2")), all);
            assertTrue(lines.stream().anyMatch(l -> l.contains("datatype contiguous ints=[2]") && l.contains("committed")), all);
            assertTrue(lines.stream().anyMatch(l -> l.matches("\\d+ handle\\(s\\): 2 communicator, 2 datatype")), all);
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("[{\"vid\":\"0x3")), "json: " + all);
            assertTrue(lines.stream().anyMatch(l -> l.matches("300\\s+datatype\\s+datatype\\s+2\\s+mana.wrappers.types")), all);
            assertTrue(lines.stream().anyMatch(l -> l.matches("MPI_Allreduce\\s+1")), all);
            assertTrue(all.contains("pending point-to-point requests: 0"), all);
            assertTrue(all.contains("members (world ranks): [0, 1]") && all.contains("collective sequence: 1"), all);
            assertFalse(all.contains("Exception"), all);
        }
    }
}
