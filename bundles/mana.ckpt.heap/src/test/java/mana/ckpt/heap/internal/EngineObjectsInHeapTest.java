package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.DataInput;
import java.io.DataOutput;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.EngineObjects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Objects the engine saves with its descriptors and gives back to MPI itself at a restart (the
 * buffer attached for buffered sends, a window's memory) are written into the heap image as
 * references to them, so that after a restart the program holds the very array MPI holds: Open
 * MPI's Bsend test checks that MPI.detachBuffer() returns the array it attached (it failed with
 * "wrong buffer returned" when the heap carried a copy). The kind here stands for the engine's
 * side: its descriptors and objects are what a checkpoint saved and a restart rebuilt.
 */
class EngineObjectsInHeapTest {

    /** One descriptor holding one object, as BsendBufferKind or WinKind do. */
    static final class OneObjectKind implements DescriptorKind {
        final List<Descriptor> ds = new ArrayList<>();
        final List<Object> objects = new ArrayList<>();

        void hold(long sequence, Object o) {
            ds.clear();
            objects.clear();
            ds.add(new Descriptor() {
                @Override
                public int kind() {
                    return 99;
                }

                @Override
                public long sequence() {
                    return sequence;
                }

                @Override
                public String summary() {
                    return "test object";
                }
            });
            objects.add(o);
        }

        @Override
        public int kind() {
            return 99;
        }

        @Override
        public String name() {
            return "test-kind";
        }

        @Override
        public int restoreOrder() {
            return 0;
        }

        @Override
        public List<? extends Descriptor> descriptors() {
            return ds;
        }

        @Override
        public List<Object> objects(Descriptor d) {
            return objects;
        }

        @Override
        public void save(Descriptor d, DataOutput out) {
        }

        @Override
        public Descriptor load(DataInput in) {
            return null;
        }

        @Override
        public Object rebuild(Descriptor d) {
            return null;
        }
    }

    final OneObjectKind kind = new OneObjectKind();

    @AfterEach
    void noKinds() {
        EngineObjects.kinds(null);
    }

    @Test
    void theAttachedArrayComesBackAsTheOneTheEngineRestoredNotACopy() {
        EngineObjects.kinds(() -> List.of(kind));
        byte[] attached = new byte[] {1, 2, 3};
        byte[] other = new byte[] {4, 5};
        kind.hold(7, attached);
        Output out = new Output(256, -1);
        new HeapKryo(getClass().getClassLoader(), null).writeClassAndObject(out, new Object[] {attached, other, attached});

        byte[] restored = new byte[3]; // the restart's array: read from the engine's stream, attached again to MPI
        kind.hold(7, restored);
        Object[] back = (Object[]) new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes()));
        assertSame(restored, back[0], "the program's local must be the array MPI.detachBuffer() returns");
        assertSame(back[0], back[2]);
        assertNotSame(other, back[1]);
        assertArrayEquals(new byte[] {4, 5}, (byte[]) back[1], "any other array is written with its content");
    }

    @Test
    void aWindowsMemoryComesBackAsTheOneTheEngineRestored() {
        EngineObjects.kinds(() -> List.of(kind));
        ByteBuffer base = ByteBuffer.allocateDirect(16);
        kind.hold(3, base);
        Output out = new Output(256, -1);
        new HeapKryo(getClass().getClassLoader(), null).writeClassAndObject(out, base);

        ByteBuffer restored = ByteBuffer.allocateDirect(16);
        kind.hold(3, restored);
        assertSame(restored, new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes())));
    }

    @Test
    void anEngineObjectMissingOnRestoreIsNamed() {
        EngineObjects.kinds(() -> List.of(kind));
        byte[] attached = new byte[4];
        kind.hold(5, attached);
        Output out = new Output(256, -1);
        new HeapKryo(getClass().getClassLoader(), null).writeClassAndObject(out, attached);
        kind.hold(6, new byte[4]); // another descriptor: not the saved one
        KryoException e = assertThrows(KryoException.class,
                () -> new HeapKryo(getClass().getClassLoader(), null).readClassAndObject(new Input(out.toBytes())));
        assertTrue(e.getMessage().contains("test-kind object #5 is not among the restored MPI objects"), e.getMessage());
    }
}
