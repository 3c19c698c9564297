package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Threads that have ended, as a program that starts workers and joins them holds them
 * ({@code Thread[] workers}, then an MPI call): a terminated {@code java.lang.Thread} holds
 * nothing of the program any more (the JDK drops its {@code Runnable} when it ends), so it is
 * saved as its name, daemon flag and priority, and read back as a new thread of that name that
 * has been started and has ended ({@code getState() == TERMINATED}, {@code isAlive()} false,
 * {@code join()} returns at once). A thread that has not ended, or that was never started, is
 * refused as before ({@code threads are not saved}), and so is a subclass of {@code Thread} (its
 * fields are the program's).
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
            if (t.getState() != Thread.State.TERMINATED) {
                throw new KryoException(HeapKryo.REFUSED + "a thread (" + t.getClass().getName() + "): threads are not saved"
                        + " (only threads that have ended; \"" + t.getName() + "\" is " + t.getState() + ")");
            }
            output.writeString(t.getName());
            output.writeBoolean(t.isDaemon());
            output.writeVarInt(t.getPriority(), true);
        }

        @Override
        public Thread read(Kryo kryo, Input input, Class<? extends Thread> type) {
            Thread t = new Thread(() -> { }, input.readString());
            t.setDaemon(input.readBoolean());
            t.setPriority(Math.min(input.readVarInt(true), t.getThreadGroup().getMaxPriority()));
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
