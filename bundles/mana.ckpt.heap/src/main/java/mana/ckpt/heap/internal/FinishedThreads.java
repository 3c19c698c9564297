package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Threads that are not running: ended ones, as a program that starts workers and joins them
 * holds them ({@code Thread[] workers}, then an MPI call), and ones never started ({@code Thread
 * t = new Thread()} kept for {@code t.sleep(...)}, or a worker made for later). A terminated
 * {@code java.lang.Thread} holds nothing of the program any more (the JDK drops its {@code
 * Runnable} when it ends): it is saved as its name, daemon flag and priority, and read back as
 * a new thread of that name that has been started and has ended ({@code getState() ==
 * TERMINATED}, {@code isAlive()} false, {@code join()} returns at once). An unstarted one is
 * saved with its {@code Runnable} too (a private field of {@code Thread}: the rank JVM opens
 * java.lang to MANA) and read back unstarted, so the program may still start it. A running
 * thread is refused as before ({@code threads are not saved}), and so is a subclass of {@code
 * Thread} (its fields are the program's).
 */
final class FinishedThreads {

    private FinishedThreads() {
    }

    /** The serializer for {@code type}, or null when it is not {@code java.lang.Thread} itself. */
    static Serializer<?> forType(Class<?> type) {
        return type == Thread.class ? new Ended() : null;
    }

    static final class Ended extends Serializer<Thread> {
        @Override
        public void write(Kryo kryo, Output output, Thread t) {
            Thread.State state = t.getState();
            if (state != Thread.State.TERMINATED && state != Thread.State.NEW) {
                throw new KryoException(HeapKryo.REFUSED + "a thread (" + t.getClass().getName() + "): threads are not saved"
                        + " (only threads that have ended or not started; \"" + t.getName() + "\" is " + state + ")");
            }
            output.writeBoolean(state == Thread.State.NEW);
            output.writeString(t.getName());
            output.writeBoolean(t.isDaemon());
            output.writeVarInt(t.getPriority(), true);
            if (state == Thread.State.NEW) {
                kryo.writeClassAndObject(output, task(t));
            }
        }

        /** An unstarted thread's Runnable: {@code target} (JDK 17), or {@code holder.task} (JDK 19 and later). */
        private static Object task(Thread t) {
            try {
                return JdkFields.get(t, Thread.class, "target");
            } catch (KryoException noSuchField) {
                Object holder = JdkFields.get(t, Thread.class, "holder");
                return holder == null ? null : JdkFields.get(holder, holder.getClass(), "task");
            }
        }

        @Override
        public Thread read(Kryo kryo, Input input, Class<? extends Thread> type) {
            boolean unstarted = input.readBoolean();
            String name = input.readString();
            boolean daemon = input.readBoolean();
            int priority = input.readVarInt(true);
            if (unstarted) {
                // its own Runnable, not a wrapper of ours, so a later checkpoint saves it again (read
                // first: a Runnable that refers back to its thread gets null there)
                Thread t = new Thread((Runnable) kryo.readClassAndObject(input), name);
                kryo.reference(t);
                t.setDaemon(daemon);
                t.setPriority(Math.min(priority, t.getThreadGroup().getMaxPriority()));
                return t;
            }
            Thread t = new Thread(() -> { }, name);
            t.setDaemon(daemon);
            t.setPriority(Math.min(priority, t.getThreadGroup().getMaxPriority()));
            t.start();
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new KryoException("interrupted while making an ended thread again");
            }
            return t;
        }
    }
}
