package mana.ckpt.heap.internal;

import static org.junit.jupiter.api.Assertions.assertThrows;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/** An object graph written by one HeapKryo and read by another, as a checkpoint and its restart do. */
final class HeapRoundTrip {

    private HeapRoundTrip() {
    }

    static Object roundTrip(Object o) {
        ClassLoader l = HeapRoundTrip.class.getClassLoader();
        Output out = new Output(4096, -1);
        new HeapKryo(l, null).writeClassAndObject(out, o);
        HeapKryo reader = new HeapKryo(l, null);
        Object back = reader.readClassAndObject(new Input(out.toBytes()));
        reader.applyThreadLocals();
        return back;
    }

    /** Why writing {@code o} is refused (fails the test when it is not). */
    static String refusal(Object o) {
        KryoException e = assertThrows(KryoException.class,
                () -> new HeapKryo(HeapRoundTrip.class.getClassLoader(), null).writeClassAndObject(new Output(4096, -1), o));
        return HeapKryo.readFailure(e);
    }
}
