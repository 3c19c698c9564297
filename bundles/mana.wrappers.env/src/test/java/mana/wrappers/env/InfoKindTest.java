package mana.wrappers.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import mana.core.desc.InfoDescriptor;
import org.junit.jupiter.api.Test;

/** The info kind's saved form (pure logic, no MPI). */
class InfoKindTest {
    @Test
    void saveAndLoadKeepThePairsInOrderAndTheSequence() throws IOException {
        Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("striping_factor", "4");
        pairs.put("cb_nodes", "2");
        pairs.put("ünïcode", "välue");
        InfoDescriptor d = new InfoDescriptor(pairs);
        d.put("late", "x");
        d.remove("cb_nodes");
        InfoKind kind = new InfoKind();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(d, new DataOutputStream(bytes));
        InfoDescriptor back = (InfoDescriptor) kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(d.sequence(), back.sequence());
        assertEquals(d.entries(), back.entries());
        assertEquals("[striping_factor, ünïcode, late]", back.entries().keySet().toString());
    }

    @Test
    void aDifferentFormatIsRejected() {
        byte[] bad = {0, 0, 0, 9};
        assertThrows(IOException.class, () -> new InfoKind().load(new DataInputStream(new ByteArrayInputStream(bad))));
    }
}
