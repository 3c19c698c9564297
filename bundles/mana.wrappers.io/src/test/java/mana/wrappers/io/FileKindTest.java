package mana.wrappers.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import mana.core.desc.FileDescriptor;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.junit.jupiter.api.Test;

/** The file kind's saved form (pure logic, no MPI): what a reopen needs survives save and load. */
class FileKindTest {
    @Test
    void saveAndLoadKeepEverythingAReopenNeeds() throws IOException {
        int world = Predefined.handle(Kind.COMM, "COMM_WORLD");
        int intType = Predefined.handle(Kind.DATATYPE, "INT");
        int errorsReturn = Predefined.handle(Kind.ERRHANDLER, "ERRORS_RETURN");
        FileDescriptor d = new FileDescriptor("/data/out.dat", 9, world, Map.of("cb_nodes", "2"), FileWrappers.BYTE);
        d.setView(12, intType, null, 0x32000007, null, "external32");
        d.restoreView(12, intType, -1, 0x32000007, 17, "external32");
        d.setAtomic(true);
        d.setErrhandler(errorsReturn);
        d.refresh(5, 11, 4096);
        FileKind kind = new FileKind();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        kind.save(d, new DataOutputStream(bytes));
        FileDescriptor b = (FileDescriptor) kind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        assertEquals(d.sequence(), b.sequence());
        assertEquals("/data/out.dat", b.path());
        assertEquals(9, b.amode());
        assertEquals(world, b.comm());
        assertEquals(Map.of("cb_nodes", "2"), b.hints());
        assertEquals(12, b.disp());
        assertEquals(intType, b.etype());
        assertEquals(-1, b.etypeSequence());
        assertEquals(0x32000007, b.filetype());
        assertEquals(17, b.filetypeSequence(), "a derived filetype is found again by its descriptor's sequence");
        assertEquals("external32", b.datarep());
        assertTrue(b.atomic());
        assertEquals(errorsReturn, b.errhandler());
        assertEquals(5, b.position());
        assertEquals(11, b.sharedPosition());
        assertEquals(4096, b.size());
        assertEquals(d.summary(), b.summary());
    }
}
