package mana.ckpt.heap.internal;

import static mana.ckpt.heap.internal.HeapRoundTrip.refusal;
import static mana.ckpt.heap.internal.HeapRoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** ThreadLocals saved with this (the checkpointed) thread's value; subclasses refused, naming them. */
class MainThreadLocalsTest {

    static final class Holder {
        final ThreadLocal<int[]> scratch = new ThreadLocal<>();
        final InheritableThreadLocal<String> label = new InheritableThreadLocal<>();
        final ThreadLocal<String> unset = new ThreadLocal<>();
        int[] shared;
    }

    @Test
    void theValueOnThisThreadComesBackAndStaysSharedWithTheRestOfTheHeap() {
        Holder h = new Holder();
        h.shared = new int[] {4, 2};
        h.scratch.set(h.shared);
        h.label.set("rank 0");
        Holder b = (Holder) roundTrip(h);
        assertNotSame(h.scratch, b.scratch);
        assertArrayEquals(new int[] {4, 2}, b.scratch.get());
        assertSame(b.shared, b.scratch.get(), "the value is the same object as the field that also holds it");
        assertInstanceOf(InheritableThreadLocal.class, b.label);
        assertTrue("rank 0".equals(b.label.get()));
        assertNull(b.unset.get());
    }

    /** As at a cut: the Kryo is made on main, the image written on the engine's thread. */
    @Test
    void writtenOnAnotherThreadTheValuesAreMainsNotThatThreads() throws Exception {
        Holder h = new Holder();
        h.scratch.set(new int[] {7});
        h.label.set("main's");
        HeapKryo writer = new HeapKryo(getClass().getClassLoader(), null); // on this thread: the owner
        com.esotericsoftware.kryo.io.Output out = new com.esotericsoftware.kryo.io.Output(4096, -1);
        Throwable[] failed = new Throwable[1];
        Thread engine = new Thread(() -> {
            try {
                h.scratch.set(new int[] {-1}); // this thread's own value: not the one saved
                writer.writeClassAndObject(out, h);
            } catch (Throwable t) {
                failed[0] = t;
            }
        }, "engine");
        engine.start();
        engine.join();
        if (failed[0] != null) {
            throw new AssertionError(failed[0]);
        }
        HeapKryo reader = new HeapKryo(getClass().getClassLoader(), null);
        Holder b = (Holder) reader.readClassAndObject(new com.esotericsoftware.kryo.io.Input(out.toBytes()));
        assertNull(b.scratch.get(), "read, not applied yet (the image is read on a thread of its own)");
        reader.applyThreadLocals();
        assertArrayEquals(new int[] {7}, b.scratch.get());
        assertTrue("main's".equals(b.label.get()));
    }

    @Test
    void otherJavaLangObjectsStayClosed() {
        assertTrue(refusal(Runtime.getRuntime()).contains("whose fields are closed"), refusal(Runtime.getRuntime()));
    }

    @Test
    void aSubclassOrWithInitialIsRefusedNamingIt() {
        ThreadLocal<String> anon = new ThreadLocal<>() {
            @Override
            protected String initialValue() {
                return "x";
            }
        };
        String why = refusal(anon);
        assertTrue(why.contains("a ThreadLocal of class " + anon.getClass().getName()), why);
        assertTrue(refusal(ThreadLocal.withInitial(() -> 1)).contains("only java.lang.ThreadLocal and InheritableThreadLocal"));
    }
}
