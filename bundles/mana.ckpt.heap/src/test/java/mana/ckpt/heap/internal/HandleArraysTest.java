package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.util.HashMap;
import java.util.Map;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import mpi.FakeRequest;
import org.junit.jupiter.api.Test;

/**
 * MPI objects are written as their handles, also inside arrays (a {@code Request[]} passed to
 * waitAll is a local of the frame that is cut): an array of them must not be taken for one.
 */
class HandleArraysTest {

    /** Handles as in the upper half: one object per live handle, looked up again on restore. */
    static final class Handles implements HandleObjects {
        final Map<Integer, FakeRequest> live = new HashMap<>();

        @Override
        public long vidOf(Object o) {
            return o instanceof FakeRequest r ? r.vid : NOT_A_HANDLE;
        }

        @Override
        public Object objectFor(int vid, String className) {
            return live.computeIfAbsent(vid, FakeRequest::new);
        }

        @Override
        public TypeProvider.UserOp userOp(Object function) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void anArrayOfHandleObjectsIsWrittenElementByElement() {
        Handles handles = new Handles();
        FakeRequest a = new FakeRequest(7);
        FakeRequest[] requests = {a, null, new FakeRequest(9), a};
        Output out = new Output(256, -1);
        new HeapKryo(getClass().getClassLoader(), handles).writeClassAndObject(out, requests);

        Object back = new HeapKryo(getClass().getClassLoader(), handles).readClassAndObject(new Input(out.toBytes()));
        FakeRequest[] r = (FakeRequest[]) back;
        assertEquals(4, r.length);
        assertEquals(7, r[0].vid);
        assertNull(r[1]);
        assertEquals(9, r[2].vid);
        assertSame(r[0], r[3], "the same handle object twice stays one object");
        assertSame(handles.live.get(7), r[0], "restored through the upper half's objects");
    }
}
