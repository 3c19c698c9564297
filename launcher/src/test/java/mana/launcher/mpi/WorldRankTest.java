package mana.launcher.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WorldRankTest {
    @Test
    void openMpisVariablesElseHydras() {
        assertEquals("3", WorldRank.rank(Map.of("OMPI_COMM_WORLD_RANK", "3", "PMI_RANK", "1")));
        assertEquals("1", WorldRank.rank(Map.of("PMI_RANK", "1")));
        assertEquals("4", WorldRank.size(Map.of("PMI_SIZE", "4")));
        assertNull(WorldRank.rank(Map.of()));
    }
}
