package mana.launcher.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class HydraOptionsTest {

    @Test
    void theLaunchersOwnOptionsBecomeHydrasWithoutTheTokenOnTheCommandLine() throws Exception {
        List<String> out = HydraOptions.translate(List.of("--allow-run-as-root", "--oversubscribe", "-np", "3", "--mca", "topo", "basic",
                "-x", "MANA_COORD", "-x", "MANA_JOB_TOKEN"));
        assertEquals(List.of("-genvall", "-n", "3"), out);
    }

    @Test
    void valuedOptionsAreRenamed() throws Exception {
        assertEquals(List.of("-genvall", "-f", "/h/hosts", "-ppn", "2", "-hosts", "a,b", "-wdir", "/w", "-genv", "K", "v=1",
                "-prepend-rank", "-bind-to", "core"),
                HydraOptions.translate(List.of("--hostfile", "/h/hosts", "-N", "2", "--host=a,b", "--wdir", "/w", "-x", "K=v=1",
                        "--tag-output", "--bind-to", "core")));
    }

    @Test
    void anOptionWithoutTranslationIsOneLine() {
        HydraOptions.Untranslatable e = assertThrows(HydraOptions.Untranslatable.class,
                () -> HydraOptions.translate(List.of("--report-bindings")));
        assertTrue(e.getMessage().startsWith("mpirun option --report-bindings has no MPICH (hydra) translation"), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"));
        assertThrows(HydraOptions.Untranslatable.class, () -> HydraOptions.translate(List.of("-np")));
    }
}
