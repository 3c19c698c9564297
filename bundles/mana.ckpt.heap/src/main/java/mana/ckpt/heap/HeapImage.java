package mana.ckpt.heap;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import mana.ckpt.heap.internal.ChunkedBytes;
import mana.ckpt.heap.internal.HeapKryo;
import mana.ckpt.heap.internal.ImageOutput;
import mana.core.desc.OpDescriptor;
import mana.core.desc.RestoredUserOp;
import mana.core.fn.TypeProvider;
import mana.core.vid.HandleObjects;
import mana.weaver.api.Continuations;
import mana.weaver.api.FrameRecord;
import mana.weaver.api.FrameStack;

/**
 * Saves a captured main thread ({@link FrameStack}) with everything reachable from its frames and
 * from the statics of the application classes initialized so far, in one object graph (shared
 * objects and cycles stay shared), and puts it back in another JVM.
 *
 * <p>Statics: a restore first reads the whole image (classes are loaded, not initialized), then
 * initializes the saved classes in the order they were first initialized (their class
 * initializers run again, as in the first run), then overwrites their static fields with the
 * saved values; only then may main be resumed. Side effects of class initializers other than
 * static fields (printing, files) happen again.
 */
public final class HeapImage {

    static {
        // Kryo's optional sun.misc.Unsafe paths (unsafe streams) are not used here; keep them off,
        // so that JDK 24+ prints no Unsafe warning in the ranks.
        if (System.getProperty("kryo.unsafe") == null) {
            System.setProperty("kryo.unsafe", "false");
        }
        // initialized here, not first at the bottom of a deep recursion (a failed initializer is final)
        new StringBuffer().append(new KryoException("init").getMessage());
    }

    private static final String MAGIC = "MANA-HEAP";
    /**
     * 2: a pending receive's buffer is written as its request's handle. 3 (session 15): open files
     * by path and position, and byte arrays and buffers the engine restores itself (bsend buffer,
     * window memory) as references to them. 4 (session 16): the functions of user-defined ops. 5
     * (session 18): streamed; the table of application classes follows the graph (it is known
     * only once the graph is written), found from the image's last 8 bytes.
     */
    static final int VERSION = 5;

    private HeapImage() {
    }

    /** The image of {@code stack} and the statics of {@code appLoader}'s initialized woven classes, in memory. */
    public static byte[] save(FrameStack stack, ClassLoader appLoader) throws HeapRefusal {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try {
            saver(stack, appLoader).writeTo(b);
        } catch (IOException e) {
            throw new IllegalStateException(e); // not from memory
        }
        return b.toByteArray();
    }

    /**
     * An image to stream into a checkpoint: what must be seen before the engine's cut (which
     * receives are pending: the drain completes some) is taken now, on the calling thread; the
     * graph is walked and written by {@link Saver#writeTo}, into the rank file, later.
     */
    public static Saver saver(FrameStack stack, ClassLoader appLoader) {
        return new Saver(stack, appLoader, Thread.currentThread());
    }

    /** The same, for the checkpointed thread {@code main} (whose ThreadLocal values the image holds). */
    public static Saver saver(FrameStack stack, ClassLoader appLoader, Thread main) {
        return new Saver(stack, appLoader, main);
    }

    /** A heap image not written yet (see {@link #saver}); written once. */
    public static final class Saver {
        private final FrameStack stack;
        private final ClassLoader appLoader;
        private final HeapKryo kryo;

        private Saver(FrameStack stack, ClassLoader appLoader, Thread main) {
            this.stack = stack;
            this.appLoader = appLoader;
            this.kryo = new HeapKryo(appLoader, HandleObjects.get()).forThread(main);
            kryo.pendingReceiveBuffers(); // as at the capture, before the drain completes some of them
        }

        /**
         * Writes the image to {@code out} while walking the graph (on a thread with a deep stack):
         * {@link HeapRefusal} for a heap that cannot be saved (what was written is then to be
         * thrown away), IOException for a failure of {@code out} itself.
         */
        public void writeTo(OutputStream out) throws HeapRefusal, IOException {
            try {
                onDeepStack("save", () -> {
                    saveHere(kryo, stack, appLoader, out);
                    return null;
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }
    }

    private static void saveHere(HeapKryo kryo, FrameStack stack, ClassLoader appLoader, OutputStream sink) throws HeapRefusal {
        java.util.Set<String> appClasses = new java.util.TreeSet<>();
        ImageOutput out = new ImageOutput(sink);
        try {
            out.writeString(MAGIC);
            out.writeInt(VERSION);
            List<Class<?>> classes = Continuations.initializedClasses(appLoader);
            out.writeVarInt(classes.size(), true);
            for (Class<?> c : classes) {
                List<Field> fields = staticState(c);
                out.writeString(c.getName());
                appClasses.add(c.getName());
                out.writeVarInt(fields.size(), true);
                for (Field f : fields) {
                    out.writeString(f.getName());
                    Object v;
                    try {
                        v = f.get(null);
                    } catch (IllegalAccessException e) {
                        throw new HeapRefusal("cannot read static field " + c.getName() + "." + f.getName() + ": " + e.getMessage());
                    }
                    write(kryo, out, v, "static " + c.getName() + "." + f.getName());
                }
            }
            out.writeString(stack.cutCall());
            List<FrameRecord> frames = stack.frames();
            out.writeVarInt(frames.size(), true);
            for (FrameRecord r : frames) {
                appClasses.add(r.owner.replace('/', '.'));
                out.writeString(r.owner);
                out.writeString(r.method);
                out.writeString(r.desc);
                out.writeVarInt(r.site, true);
                out.writeVarInt(r.locals.length, true);
                out.writeVarInt(r.stack.length, true);
                for (int i = 0; i < r.locals.length; i++) {
                    write(kryo, out, r.locals[i], "frame " + r.where() + " local " + i);
                }
                for (int i = 0; i < r.stack.length; i++) {
                    write(kryo, out, r.stack[i], "frame " + r.where() + " stack " + i);
                }
            }
            writeOpFunctions(kryo, out);
            for (var e : kryo.pendingReceiveBuffers().entrySet()) {
                if (!kryo.pendingBuffersWritten().contains(e.getValue())) {
                    // the engine restores the request's buffer; the program would hold another copy that MPI never fills
                    throw new HeapRefusal("request " + mana.core.vid.Vid.toString(e.getValue()) + " is a receive pending at the cut"
                            + " or a persistent request whose buffer main's frames and statics do not hold as the same object (a view"
                            + " or slice of it?): after a restart the program and MPI would not share it");
                }
            }
            for (Class<?> c : kryo.classesWritten()) {
                if (c.getClassLoader() == appLoader) {
                    appClasses.add(c.getName());
                }
            }
            // the classes the image names, with a CRC of each: known only now, so after the graph
            long table = out.total();
            out.writeVarInt(appClasses.size(), true);
            for (String c : appClasses) {
                out.writeString(c);
                out.writeLong(ClassCheck.crcOf(appLoader, c));
            }
            out.writeLong(table);
            out.flush();
        } catch (KryoException e) {
            if (out.failure() != null) {
                throw new UncheckedIOException(out.failure()); // the disk, not the heap
            }
            throw e;
        } finally {
            kryo.reset();
        }
    }

    /**
     * Reads an image made by {@link #save}, initializes its classes in their saved order and puts
     * their statics back; returns the frames to resume.
     */
    public static FrameStack restore(byte[] image, ClassLoader appLoader) throws HeapRefusal {
        return restore(List.of(java.nio.ByteBuffer.wrap(image)), appLoader);
    }

    /** The same from the image's chunks, read one after another: an image is not limited to one array (2 GiB). */
    public static FrameStack restore(List<java.nio.ByteBuffer> image, ClassLoader appLoader) throws HeapRefusal {
        Read r = onDeepStack("read", () -> read(image, appLoader));
        r.kryo.applyThreadLocals(); // on this thread, the new main: the image was read on another
        try {
            r.kryo.truncateReopened(); // every open file checked and reopened: now cut written ones back to the cut
        } catch (mana.ckpt.heap.internal.OpenFile.Refused e) {
            throw new HeapRefusal(e.getMessage());
        }
        for (int c = 0; c < r.classNames.size(); c++) {
            restoreStatics(appLoader, r.classNames.get(c), r.fieldNames.get(c), r.values.get(c));
        }
        bindOpFunctions(r.opFunctions);
        int dot = r.cut.lastIndexOf('.');
        return new FrameStack(r.frames, r.cut.substring(0, dot).replace('.', '/'), r.cut.substring(dot + 1));
    }

    /** A heap image read, before its statics are put back. */
    private record Read(HeapKryo kryo, List<String> classNames, List<String[]> fieldNames, List<Object[]> values, String cut,
            List<FrameRecord> frames, Map<Long, Object> opFunctions) {
    }

    private static Read read(List<java.nio.ByteBuffer> image, ClassLoader appLoader) throws HeapRefusal {
        HeapKryo kryo = new HeapKryo(appLoader, HandleObjects.get());
        try (Input in = new Input(ChunkedBytes.in(image), 1 << 16)) {
            String magic = in.readString();
            if (!MAGIC.equals(magic)) {
                throw new HeapRefusal("the heap section is not a MANA heap image");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new HeapRefusal("the heap image is of format version " + version + " (" + (version < VERSION ? "an earlier" : "a later")
                        + " MANA wrote it); this MANA reads version " + VERSION + " only: restart it with the MANA that took it");
            }
            checkClasses(image, appLoader); // before anything of the graph is read
            int nClasses = in.readVarInt(true);
            List<String> classNames = new ArrayList<>();
            List<String[]> fieldNames = new ArrayList<>();
            List<Object[]> values = new ArrayList<>();
            for (int c = 0; c < nClasses; c++) {
                classNames.add(in.readString());
                int n = in.readVarInt(true);
                String[] names = new String[n];
                Object[] vals = new Object[n];
                for (int i = 0; i < n; i++) {
                    names[i] = in.readString();
                    vals[i] = kryo.readClassAndObject(in);
                }
                fieldNames.add(names);
                values.add(vals);
            }
            String cut = in.readString();
            int depth = in.readVarInt(true);
            List<FrameRecord> frames = new ArrayList<>(depth);
            for (int d = 0; d < depth; d++) {
                FrameRecord r = new FrameRecord(in.readString(), in.readString(), in.readString(), in.readVarInt(true),
                        in.readVarInt(true), in.readVarInt(true));
                for (int i = 0; i < r.locals.length; i++) {
                    r.locals[i] = kryo.readClassAndObject(in);
                }
                for (int i = 0; i < r.stack.length; i++) {
                    r.stack[i] = kryo.readClassAndObject(in);
                }
                frames.add(r);
            }
            Map<Long, Object> ops = new HashMap<>();
            int nOps = in.readVarInt(true);
            for (int i = 0; i < nOps; i++) {
                ops.put(in.readVarLong(true), kryo.readClassAndObject(in));
            }
            return new Read(kryo, classNames, fieldNames, values, cut, frames, ops);
        } catch (KryoException e) {
            throw new HeapRefusal(HeapKryo.readFailure(e), e);
        } finally {
            kryo.reset();
        }
    }

    /** The application classes the image names, each against its CRC at the checkpoint (the table after the graph). */
    private static void checkClasses(List<java.nio.ByteBuffer> image, ClassLoader appLoader) throws HeapRefusal {
        long total = 0;
        for (java.nio.ByteBuffer b : image) {
            total += b.remaining();
        }
        if (total < 8) {
            throw new HeapRefusal("the heap image is truncated");
        }
        long table;
        try (Input t = new Input(ChunkedBytes.in(image, total - 8), 8)) {
            table = t.readLong();
        }
        if (table < 0 || table > total - 8) {
            throw new HeapRefusal("the heap image is damaged (its class table is at " + table + " of " + total + " bytes)");
        }
        try (Input in = new Input(ChunkedBytes.in(image, table), 1 << 12)) {
            int nChecked = in.readVarInt(true);
            for (int i = 0; i < nChecked; i++) {
                String c = in.readString();
                long crc = in.readLong();
                long now = ClassCheck.crcOf(appLoader, c);
                if (now == ClassCheck.MISSING) {
                    throw new HeapRefusal("class " + c + " of the checkpoint is not in the application");
                }
                if (now != crc) {
                    throw new HeapRefusal("class " + c + " differs from the checkpointed one (the application changed)");
                }
            }
        }
    }

    /** The stack Kryo recurses on: one level per object along a chain of references (-Dmana.heap.stackMiB). */
    static final long STACK_MIB = Long.getLong("mana.heap.stackMiB", 1024);

    interface Body<T> {
        T run() throws HeapRefusal;
    }

    /**
     * Runs {@code body} on a thread with a deep stack: Kryo writes and reads an object graph
     * recursively, so a linked list of a few thousand nodes overflows a main thread's 1 MiB. A
     * graph deeper still is refused (the checkpoint is abandoned, the job goes on).
     */
    static <T> T onDeepStack(String what, Body<T> body) throws HeapRefusal {
        Object[] result = new Object[1];
        Throwable[] failure = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                result[0] = body.run();
            } catch (StackOverflowError e) {
                failure[0] = new HeapRefusal("the object graph is too deep to " + what + " (a chain of references longer than a "
                        + STACK_MIB + " MiB stack allows, e.g. a very long linked list): raise -Dmana.heap.stackMiB");
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "mana-heap-" + what, STACK_MIB << 20);
        t.setDaemon(true);
        t.setContextClassLoader(Thread.currentThread().getContextClassLoader());
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] instanceof HeapRefusal r) {
            throw r;
        } else if (failure[0] instanceof RuntimeException r) {
            throw r;
        } else if (failure[0] instanceof Error e) {
            throw e;
        } else if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
        @SuppressWarnings("unchecked")
        T r = (T) result[0];
        return r;
    }

    /**
     * The function objects of the live user-defined ops, in the same graph as the frames and
     * statics: a function need not be Serializable, and one the program also holds stays one
     * object. (The checkpoint engine leaves them out of its own object stream for a heap image.)
     */
    private static void writeOpFunctions(HeapKryo kryo, Output out) throws HeapRefusal {
        List<Object[]> ops = new ArrayList<>();
        for (OpDescriptor d : OpDescriptor.live()) {
            if (d.userFunction() instanceof TypeProvider.UserOp u && u.function() != null) {
                ops.add(new Object[] {d.sequence(), u.function()});
            }
        }
        out.writeVarInt(ops.size(), true);
        for (Object[] op : ops) {
            out.writeVarLong((Long) op[0], true);
            write(kryo, out, op[1], "the function of user-defined op #" + op[0]);
        }
    }

    /** After a restart rebuilt the ops: each op read back without its function gets the image's. */
    private static void bindOpFunctions(Map<Long, Object> functions) throws HeapRefusal {
        HandleObjects objects = HandleObjects.get();
        for (OpDescriptor d : OpDescriptor.live()) {
            if (d.userFunction() instanceof RestoredUserOp u && !u.isBound()) {
                Object f = functions.get(d.sequence());
                if (f == null || objects == null) {
                    throw new HeapRefusal("the function of user-defined op #" + d.sequence() + " (" + u.functionClass()
                            + ") is not in the heap image");
                }
                u.bind(objects.userOp(f));
            }
        }
    }

    private static void write(HeapKryo kryo, Output out, Object v, String path) throws HeapRefusal {
        try {
            kryo.writeClassAndObject(out, v);
        } catch (KryoException e) {
            if (out instanceof ImageOutput io && io.failure() != null) {
                throw new UncheckedIOException(io.failure()); // the disk, not the heap
            }
            throw new HeapRefusal(HeapKryo.describe(e, path), e);
        }
    }

    private static void restoreStatics(ClassLoader loader, String className, String[] names, Object[] values) throws HeapRefusal {
        Class<?> c;
        try {
            c = Class.forName(className, true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new HeapRefusal("class " + className + " of the checkpoint cannot be loaded: " + e);
        }
        for (int i = 0; i < names.length; i++) {
            try {
                Field f = c.getDeclaredField(names[i]);
                f.setAccessible(true);
                f.set(null, values[i]);
            } catch (NoSuchFieldException e) {
                throw new HeapRefusal("class " + className + " has no static field " + names[i] + " (the application changed?)");
            } catch (IllegalAccessException | IllegalArgumentException e) {
                throw new HeapRefusal("cannot restore static field " + className + "." + names[i] + ": " + e.getMessage());
            }
        }
    }

    /** Static fields a restart must put back: not final (the weaver dropped final from all but constants), not synthetic. */
    static List<Field> staticState(Class<?> c) throws HeapRefusal {
        List<Field> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) && !Modifier.isFinal(m) && !f.isSynthetic() && !f.isEnumConstant()) {
                try {
                    f.setAccessible(true);
                } catch (RuntimeException e) {
                    throw new HeapRefusal("cannot access static field " + c.getName() + "." + f.getName() + ": " + e.getMessage());
                }
                out.add(f);
            }
        }
        return out;
    }
}
