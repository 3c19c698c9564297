package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a checkpoint records of an open file, and what a restart checks before reopening it. */
class OpenFileTest {

    @TempDir
    Path tmp;

    @Test
    void aWrittenFileIsRecordedWithItsPathModePositionLengthAndChecksum() throws Exception {
        Path p = tmp.resolve("out.txt");
        try (FileOutputStream s = new FileOutputStream(p.toFile())) {
            s.write("hello\n".getBytes());
            OpenFile f = OpenFile.at(s.getFD(), JdkFields.fdNumber(s.getFD()), p.toString());
            assertEquals(p.toAbsolutePath().toString(), f.path());
            assertTrue(f.written());
            assertFalse(f.append());
            assertEquals(6, f.position());
            assertEquals(6, f.length());
            assertEquals(6, f.checkedBytes());
            assertEquals("rw", f.rafMode());
            f.check();
            // the run goes on after the cut: the restart accepts the longer file and cuts it back
            s.write("more\n".getBytes());
            f.check();
            f.truncate();
            assertArrayEquals("hello\n".getBytes(), Files.readAllBytes(p));
        }
    }

    @Test
    void aRelativePathIsMadeAbsoluteAndAppendModeIsKept() throws Exception {
        Path p = Path.of("").toAbsolutePath().resolve("target").resolve("openfile-" + ProcessHandle.current().pid() + ".txt");
        try (FileOutputStream s = new FileOutputStream("target/" + p.getFileName(), true)) {
            s.write("x".getBytes());
            OpenFile f = OpenFile.at(s.getFD(), JdkFields.fdNumber(s.getFD()), "target/" + p.getFileName());
            assertEquals(p.toString(), f.path());
            assertTrue(f.append());
            assertArrayEquals(new OpenOption[] {StandardOpenOption.APPEND}, f.channelOptions());
        } finally {
            Files.deleteIfExists(p);
        }
    }

    @Test
    void aFileChangedBeforeTheCutOrShorterIsRefused() throws Exception {
        Path p = tmp.resolve("data.bin");
        Files.write(p, new byte[] {1, 2, 3, 4});
        OpenFile f;
        try (RandomAccessFile r = new RandomAccessFile(p.toFile(), "rw")) {
            r.seek(2);
            f = OpenFile.at(r.getFD(), JdkFields.fdNumber(r.getFD()), p.toString());
        }
        assertEquals(2, f.position());
        assertEquals("rw", f.rafMode());
        Files.write(p, new byte[] {1, 9, 3, 4, 5});
        OpenFile.Refused e = assertThrows(OpenFile.Refused.class, f::check);
        assertEquals("file " + p + " changed since the checkpoint: its first 4 bytes differ from those at the cut (CRC-32C)", e.getMessage());
        Files.write(p, new byte[] {1, 2, 3});
        e = assertThrows(OpenFile.Refused.class, f::check);
        assertTrue(e.getMessage().contains("3 bytes, 4 at the cut (content written before the cut is gone)"), e.getMessage());
        Files.delete(p);
        e = assertThrows(OpenFile.Refused.class, f::check);
        assertTrue(e.getMessage().startsWith("file " + p + " of the checkpoint is missing"), e.getMessage());
    }

    @Test
    void anInputFileMustKeepItsLength() throws Exception {
        Path p = tmp.resolve("in.txt");
        Files.write(p, "abc".getBytes());
        OpenFile f;
        try (FileInputStream s = new FileInputStream(p.toFile())) {
            s.read();
            f = OpenFile.at(s.getFD(), JdkFields.fdNumber(s.getFD()), p.toString());
        }
        assertFalse(f.written());
        assertEquals(1, f.position());
        assertEquals("r", f.rafMode());
        f.check();
        Files.write(p, "abcd".getBytes());
        OpenFile.Refused e = assertThrows(OpenFile.Refused.class, f::check);
        assertTrue(e.getMessage().contains("(an input file must not change)"), e.getMessage());
    }

    @Test
    void deletedRenamedAndNonRegularFilesAreRefusedAtTheCut() throws Exception {
        Path p = tmp.resolve("gone.txt");
        try (FileOutputStream s = new FileOutputStream(p.toFile())) {
            Files.move(p, tmp.resolve("moved.txt"));
            Files.write(p, "another".getBytes()); // the name now names another file
            OpenFile.Refused e = assertThrows(OpenFile.Refused.class, () -> OpenFile.at(s.getFD(), JdkFields.fdNumber(s.getFD()), p.toString()));
            assertTrue(e.getMessage().contains("no longer names the open file (renamed or replaced"), e.getMessage());
            Files.delete(tmp.resolve("moved.txt"));
            e = assertThrows(OpenFile.Refused.class, () -> OpenFile.at(s.getFD(), JdkFields.fdNumber(s.getFD()), p.toString()));
            assertTrue(e.getMessage().endsWith("was deleted while open: it cannot be reopened by name"), e.getMessage());
        }
        Path fifo = tmp.resolve("fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        try (RandomAccessFile r = new RandomAccessFile(fifo.toFile(), "rw")) { // O_RDWR: does not wait for a writer
            OpenFile.Refused e = assertThrows(OpenFile.Refused.class, () -> OpenFile.at(r.getFD(), JdkFields.fdNumber(r.getFD()), fifo.toString()));
            assertTrue(e.getMessage().contains("is not a regular file (" + fifo + ": a pipe, device or socket)"), e.getMessage());
        }
    }

    @Test
    void openFlagsGiveTheModesToReopenWith() {
        assertEquals("rws", new OpenFile("/x", OpenFile.O_RDWR | OpenFile.O_SYNC, 0, 0, 0, 0).rafMode());
        assertEquals("rwd", new OpenFile("/x", OpenFile.O_RDWR | OpenFile.O_DSYNC, 0, 0, 0, 0).rafMode());
        assertArrayEquals(new OpenOption[] {StandardOpenOption.WRITE},
                new OpenFile("/x", OpenFile.O_WRONLY, 0, 0, 0, 0).channelOptions());
        assertArrayEquals(new OpenOption[] {StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DSYNC},
                new OpenFile("/x", OpenFile.O_RDWR | OpenFile.O_DSYNC, 0, 0, 0, 0).channelOptions());
        assertArrayEquals(new OpenOption[] {StandardOpenOption.READ}, new OpenFile("/x", 0, 0, 0, 0, 0).channelOptions());
    }
}
