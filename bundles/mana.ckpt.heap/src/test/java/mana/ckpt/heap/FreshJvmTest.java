package mana.ckpt.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import mana.weaver.api.Continuations;
import mana.weaver.internal.CaptureAt;
import mana.weaver.internal.Runs;
import mana.weaver.internal.SampleLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import testmpi.Mpi;

/**
 * The whole path without MPI: weave a program, run it to its k-th cut point call, capture, save
 * the frames and the heap to bytes; then in a fresh class loader (a new JVM as far as the
 * program's classes and statics go) restore the heap and resume to the end. The output and the
 * cut point calls must be those of one uninterrupted, unwoven run, for every k.
 */
class FreshJvmTest {

    @AfterEach
    void disarm() {
        Continuations.disarm();
    }

    private record Plain(String out, List<String> calls) {
    }

    private static Plain plain(String pkg, String cls, String... args) throws Throwable {
        Mpi.LOG.clear();
        SampleLoader l = new SampleLoader(pkg, false);
        String out = Runs.capturingOut(() -> {
            Runs.main(l, cls, args).invokeExact();
            return null;
        }).out();
        return new Plain(out, new ArrayList<>(Mpi.LOG));
    }

    static List<java.nio.ByteBuffer> chunks(byte[] image, int size) {
        List<java.nio.ByteBuffer> out = new ArrayList<>();
        for (int at = 0; at < image.length; at += size) {
            out.add(java.nio.ByteBuffer.wrap(java.util.Arrays.copyOfRange(image, at, Math.min(image.length, at + size))));
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"heapsamples,heapsamples.Graphs,4", "heapsamples,heapsamples.Buffers,-", "heapsamples,heapsamples.LongList,200000", "samples,samples.Loops,4", "samples,samples.Recursion,-"})
    void savedAndRestoredInAFreshLoaderAtEveryCutPoint(String pkg, String cls, String arg) throws Throwable {
        String[] args = arg.equals("-") ? new String[0] : new String[] {arg};
        Plain ref = plain(pkg, cls, args);
        for (int k = 1; k <= ref.calls().size(); k++) {
            Mpi.LOG.clear();
            SampleLoader first = new SampleLoader(pkg, true);
            CaptureAt policy = new CaptureAt(k);
            Continuations.arm(policy);
            final int kk = k;
            Continuations.Captured[] captured = new Continuations.Captured[1];
            // saved while System.out is still the stream the frames printed to (it is saved as "System.out")
            Runs.Result<byte[]> before = Runs.capturingOut(() -> {
                Continuations.Outcome o = Continuations.run(Runs.main(first, cls, args));
                Continuations.disarm();
                captured[0] = assertInstanceOf(Continuations.Captured.class, o, "k=" + kk + " " + policy.declines);
                return HeapImage.save(captured[0].stack(), first);
            });
            Continuations.Captured c = captured[0];
            byte[] image = before.value();

            SampleLoader fresh = new SampleLoader(pkg, true);
            // every other cut read back from 1000-byte chunks, as a restart reads a large image (across chunk edges)
            List<java.nio.ByteBuffer> chunks = k % 2 == 1 ? chunks(image, 1000) : List.of(java.nio.ByteBuffer.wrap(image));
            Runs.Result<Continuations.Outcome> after = Runs.capturingOut(() ->
                    Continuations.resume(HeapImage.restore(chunks, fresh), Runs.main(fresh, cls, args)));
            assertInstanceOf(Continuations.Completed.class, after.value());
            assertEquals(ref.out(), before.out() + after.out(), "output with a checkpoint at call " + k + " (" + c.stack() + ")");
            assertEquals(ref.calls(), Mpi.LOG, "cut point calls with a checkpoint at call " + k);
        }
    }

    @Test
    void staticsAreThoseOfTheCutNotOfTheClassInitializer() throws Throwable {
        SampleLoader first = new SampleLoader("heapsamples", true);
        Continuations.arm(new CaptureAt(7));   // 3 calls a step: step 2's barrier, counter = 100 + 0 + 1
        byte[] image = Runs.capturingOut(() -> {
            Continuations.Outcome o = Continuations.run(Runs.main(first, "heapsamples.Graphs", "4"));
            Continuations.disarm();
            return HeapImage.save(((Continuations.Captured) o).stack(), first);
        }).value();
        SampleLoader fresh = new SampleLoader("heapsamples", true);
        HeapImage.restore(image, fresh);
        Class<?> g = Class.forName("heapsamples.Graphs", false, fresh);
        java.lang.reflect.Field counter = g.getDeclaredField("counter");
        java.lang.reflect.Field history = g.getDeclaredField("HISTORY");
        counter.setAccessible(true);
        history.setAccessible(true);
        assertEquals(101, counter.getInt(null));
        assertEquals(List.of("h0", "h1"), history.get(null));
    }

    @Test
    void aRestoreWithChangedClassesIsRefusedNamingTheClass() throws Throwable {
        SampleLoader first = new SampleLoader("heapsamples", true);
        Continuations.arm(new CaptureAt(4));
        byte[] image = Runs.capturingOut(() -> {
            Continuations.Outcome o = Continuations.run(Runs.main(first, "heapsamples.Graphs", "4"));
            Continuations.disarm();
            return HeapImage.save(((Continuations.Captured) o).stack(), first);
        }).value();
        SampleLoader changed = new SampleLoader("heapsamples", true) {
            @Override
            public java.io.InputStream getResourceAsStream(String name) {
                if (name.equals("heapsamples/Graphs$Node.class")) {
                    try (java.io.InputStream in = super.getResourceAsStream(name)) {
                        byte[] b = in.readAllBytes();
                        return new java.io.ByteArrayInputStream(java.util.Arrays.copyOf(b, b.length + 1));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
                return super.getResourceAsStream(name);
            }
        };
        HeapRefusal r = assertThrows(HeapRefusal.class, () -> HeapImage.restore(image, changed));
        assertEquals("class heapsamples.Graphs$Node differs from the checkpointed one (the application changed)", r.getMessage());
        // the unchanged application restores
        HeapImage.restore(image, new SampleLoader("heapsamples", true));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "thread|a thread (java.lang.Thread): threads are not saved (only threads that have ended or not started; \"main\" is ",
            "deleted|an open file (java.io.FileOutputStream): file /tmp/mana-heap",
            "deleted|.tmp was deleted while open: it cannot be reopened by name; reached from frame heapsamples.Holders.main([Ljava/lang/String;)V#0 local 1 -> thing (heapsamples.Holders$Holder) -> ",
            "proc|file /proc/self/status is the kernel's (/proc, /sys): its content and position are not saved",
            "unnamed|an open file (java.io.FileInputStream): an unnamed file",
            "zip|an open stream (java.util.zip.GZIPOutputStream): only streams over files",
            "lambda|a lambda or hidden class"})
    void whatCannotBeRestoredIsRefusedWithItsPath(String what, String expected) throws Throwable {
        SampleLoader l = new SampleLoader("heapsamples", true);
        Continuations.arm(new CaptureAt(1));
        Continuations.Outcome o = Runs.capturingOut(() -> Continuations.run(Runs.main(l, "heapsamples.Holders", what))).value();
        Continuations.disarm();
        Continuations.Captured c = assertInstanceOf(Continuations.Captured.class, o);
        HeapRefusal r = assertThrows(HeapRefusal.class, () -> HeapImage.save(c.stack(), l));
        assertTrue(r.getMessage().contains(expected), r.getMessage());
    }

    private static byte[] graphsImage(SampleLoader first) throws Throwable {
        Continuations.arm(new CaptureAt(4));
        return Runs.capturingOut(() -> {
            Continuations.Outcome o = Continuations.run(Runs.main(first, "heapsamples.Graphs", "4"));
            Continuations.disarm();
            return HeapImage.save(((Continuations.Captured) o).stack(), first);
        }).value();
    }

    /** Format version 5 (streamed, the class table after the graph): an image of version 4 is refused in one line. */
    @Test
    void anImageOfAnEarlierFormatVersionIsRefusedInOneLine() throws Throwable {
        byte[] image = graphsImage(new SampleLoader("heapsamples", true));
        com.esotericsoftware.kryo.io.Output head = new com.esotericsoftware.kryo.io.Output(64);
        head.writeString("MANA-HEAP");
        int at = head.position();
        head.writeInt(HeapImage.VERSION);
        assertEquals(java.util.Arrays.toString(head.toBytes()), java.util.Arrays.toString(java.util.Arrays.copyOf(image, head.position())));
        head.setPosition(at);
        head.writeInt(4);
        System.arraycopy(head.getBuffer(), at, image, at, 4);
        HeapRefusal r = assertThrows(HeapRefusal.class, () -> HeapImage.restore(image, new SampleLoader("heapsamples", true)));
        assertEquals("the heap image is of format version 4 (an earlier MANA wrote it); this MANA reads version 5 only: restart it"
                + " with the MANA that took it", r.getMessage());
    }

    /**
     * A streamed image: bytes reach the stream while the graph is walked, so a refusal comes after
     * some were written (the engine then deletes the rank file's part); a failing stream is an
     * IOException, not a refusal of the heap.
     */
    @Test
    void aStreamedImageIsRefusedAsBeforeAndAFailingStreamIsNotARefusal() throws Throwable {
        SampleLoader l = new SampleLoader("heapsamples", true);
        Continuations.arm(new CaptureAt(1));
        Continuations.Outcome o = Runs.capturingOut(() -> Continuations.run(Runs.main(l, "heapsamples.Holders", "thread"))).value();
        Continuations.disarm();
        Continuations.Captured c = assertInstanceOf(Continuations.Captured.class, o);
        java.io.ByteArrayOutputStream sink = new java.io.ByteArrayOutputStream();
        HeapRefusal r = assertThrows(HeapRefusal.class, () -> HeapImage.saver(c.stack(), l).writeTo(sink));
        assertTrue(r.getMessage().contains("a thread (java.lang.Thread): threads are not saved"), r.getMessage());

        SampleLoader g = new SampleLoader("heapsamples", true);
        Continuations.arm(new CaptureAt(1));
        Continuations.Outcome og = Runs.capturingOut(() -> Continuations.run(Runs.main(g, "heapsamples.LongList", "200000"))).value();
        Continuations.disarm();
        Continuations.Captured cg = assertInstanceOf(Continuations.Captured.class, og);
        java.io.IOException disk = new java.io.IOException("No space left on device");
        java.io.OutputStream full = new java.io.OutputStream() {
            long n;

            @Override
            public void write(int b) throws java.io.IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                n += len;
                if (n > 100_000) {
                    throw disk;
                }
            }
        };
        java.io.IOException e = assertThrows(java.io.IOException.class, () -> HeapImage.saver(cg.stack(), g).writeTo(full));
        assertEquals(disk, e);
    }
}
