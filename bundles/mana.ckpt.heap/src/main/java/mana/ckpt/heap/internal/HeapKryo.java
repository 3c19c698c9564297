package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CollectionSerializer;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import com.esotericsoftware.kryo.serializers.JavaSerializer;
import com.esotericsoftware.kryo.serializers.MapSerializer;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.nio.Buffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import mana.ckpt.state.BufferState;
import mana.core.desc.EngineObjects;
import mana.core.desc.RequestDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.HandleObjects;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo set up for an application heap: references on (cycles, shared objects), no registration
 * needed, objects made without calling constructors (Objenesis), classes resolved by the
 * application's loader. Around Kryo's own serializers: MPI handle objects go as virtual handles,
 * java.nio buffers as mana.ckpt's buffer records, System.out/err/in as themselves, and what cannot
 * be restored (threads, sockets, open streams, class loaders, lambdas, JDK classes whose fields
 * are closed to us) is refused with the class named.
 */
public final class HeapKryo extends Kryo {

    static final String REFUSED = "MANA-REFUSED: ";

    private final HandleObjects handles;
    /** The checkpointed thread (main): whose ThreadLocal values an image written by this Kryo holds. */
    private Thread owner = Thread.currentThread();

    /** See {@link #owner}. */
    Thread owner() {
        return owner;
    }

    /** The thread whose ThreadLocal values this Kryo writes (by default the one that made it). */
    public HeapKryo forThread(Thread checkpointed) {
        owner = checkpointed;
        return this;
    }

    /** ThreadLocal values read, to set on the restored main ({@link #applyThreadLocals}): the image is read on another thread. */
    private final List<Object[]> threadLocalsRead = new ArrayList<>();

    void threadLocalRead(ThreadLocal<?> t, Object value) {
        threadLocalsRead.add(new Object[] {t, value});
    }

    /** Sets the ThreadLocal values the image held on the calling thread (the new main), once the image is read. */
    @SuppressWarnings("unchecked")
    public void applyThreadLocals() {
        for (Object[] e : threadLocalsRead) {
            ((ThreadLocal<Object>) e[0]).set(e[1]);
        }
        threadLocalsRead.clear();
    }
    private final BufferState.Memories memories = new BufferState.Memories();

    public HeapKryo(ClassLoader appLoader, HandleObjects handles) {
        super(new ClassesSeen(), new ImageReferences());
        this.handles = handles;
        setRegistrationRequired(false);
        setReferences(true);
        setAutoReset(false);
        setClassLoader(appLoader);
        setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        // synthetic fields too: an anonymous or inner class's captured variables and outer instance
        // (a user op's UserFunction, HashMap.keySet()'s map) are state; Kryo skips them by default
        com.esotericsoftware.kryo.SerializerFactory.FieldSerializerFactory fields =
                new com.esotericsoftware.kryo.SerializerFactory.FieldSerializerFactory();
        fields.getConfig().setIgnoreSyntheticFields(false);
        setDefaultSerializer(fields);
        // the records are mana.ckpt's classes, which the application's loader does not see: by id
        for (Class<?> c : BufferState.recordClasses()) {
            register(c);
        }
        PrimitiveArrays.register(this);
        // the bsend buffer is a byte[] the engine restores itself: the program must get that one back
        register(byte[].class, new EngineAware<>(getSerializer(byte[].class)));
    }

    /** The objects the engine saves with its descriptors and restores itself, found once per image. */
    private java.util.Map<Object, EngineObjects.Ref> engineObjects;

    private EngineObjects.Ref engineRef(Object o) {
        if (engineObjects == null) {
            engineObjects = EngineObjects.now();
        }
        return engineObjects.get(o);
    }

    private static void writeRef(Output output, EngineObjects.Ref r) {
        output.writeString(r.kind());
        output.writeLong(r.sequence());
        output.writeVarInt(r.index(), true);
    }

    private static Object readRef(Input input) {
        EngineObjects.Ref r = new EngineObjects.Ref(input.readString(), input.readLong(), input.readVarInt(true));
        Object o = EngineObjects.find(r);
        if (o == null) {
            throw new KryoException("the " + r.kind() + " object #" + r.sequence() + " is not among the restored MPI objects");
        }
        return o;
    }

    /**
     * An object the engine restores itself (see {@link EngineObjects}) as a reference to it; any
     * other object by {@code plain}.
     */
    final class EngineAware<T> extends Serializer<T> {
        private final Serializer<T> plain;

        EngineAware(Serializer<T> plain) {
            this.plain = plain;
        }

        @Override
        public void write(Kryo kryo, Output output, T o) {
            EngineObjects.Ref r = engineRef(o);
            output.writeBoolean(r != null);
            if (r != null) {
                writeRef(output, r);
            } else {
                plain.write(kryo, output, o);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public T read(Kryo kryo, Input input, Class<? extends T> type) {
            if (input.readBoolean()) {
                Object o = readRef(input);
                if (!type.isInstance(o)) {
                    throw new KryoException("the restored MPI object is a " + o.getClass().getName() + ", expected " + type.getName());
                }
                return (T) o;
            }
            return plain.read(kryo, input, type);
        }
    }

    @Override
    public Serializer getDefaultSerializer(Class type) {
        Serializer<?> special = FileSerializers.forType(type);
        special = special != null ? special : JdkSerializers.forType(type);
        special = special != null ? special : ExecutorSerializers.forType(type); // idle pools, complete futures
        special = special != null ? special : FinishedThreads.forType(type); // threads that have ended
        special = special != null ? special : MainThreadLocals.forType(type); // with the main thread's value
        if (special != null) {
            return special;
        }
        String refused = refusedKind(type);
        if (refused != null) {
            return new Refusing(refused);
        }
        if (Buffer.class.isAssignableFrom(type)) {
            return new BufferSerializer();
        }
        Serializer<?> s = byFields(type);
        if (PrintStream.class.isAssignableFrom(type) || InputStream.class.isAssignableFrom(type)) {
            return new StandardOr(s); // System.out, err, in as the new JVM's; other streams by fields
        }
        return s;
    }

    /** Open files reopened by this restore: cut back to their length at the cut once the whole image is read. */
    public void truncateReopened() throws OpenFile.Refused {
        for (OpenFile f : reopened) {
            f.truncate();
        }
    }

    void reopened(OpenFile f) {
        reopened.add(f);
    }

    private final List<OpenFile> reopened = new ArrayList<>();

    /** The message of a failed read: a refusal (a changed file, a missing class) as it is, else as a corrupt image. */
    public static String readFailure(KryoException e) {
        String msg = String.valueOf(e.getMessage());
        int at = msg.indexOf(REFUSED);
        if (at >= 0) {
            return msg.substring(at + REFUSED.length()).lines().findFirst().orElse("");
        }
        return "the heap image cannot be read: " + msg;
    }

    private Serializer<?> byFields(Class<?> type) {
        // an array's package is its element's: Request[] is written element by element
        if (handles != null && !type.isArray() && type.getPackageName().equals("mpi")) {
            return new HandleSerializer(new FieldSerializer<>(this, type, keepSynthetic())); // Int2.Data's outer Int2
        }
        if (Throwable.class.isAssignableFrom(type)) {
            // Throwable's own fields are closed to us; it is Serializable and the JDK writes them
            return new JavaSerializer();
        }
        Serializer s;
        try {
            if (isStream(type) && type.getModule().isNamed()) {
                // JDK streams by all their fields: Channels' anonymous streams keep their channel in a synthetic one
                return checked(type, new FieldSerializer<>(this, type, keepSynthetic()));
            }
            s = super.getDefaultSerializer(type);
        } catch (RuntimeException e) {
            return new Refusing("an object of class " + type.getName() + " that cannot be saved here (" + e.getMessage() + ")");
        }
        return checked(type, s);
    }

    private static FieldSerializer.FieldSerializerConfig keepSynthetic() {
        FieldSerializer.FieldSerializerConfig c = new FieldSerializer.FieldSerializerConfig();
        c.setIgnoreSyntheticFields(false);
        return c;
    }

    private Serializer<?> checked(Class<?> type, Serializer<?> s) {
        String closed = closedJdkClass(type, s);
        return closed == null ? s : new Refusing(closed);
    }

    /** The classes of the objects written so far (arrays as their element class). */
    public java.util.Set<Class<?>> classesWritten() {
        return ((ClassesSeen) getClassResolver()).seen;
    }

    /** Notes every class written, so that the image can name (and a restore check) the application's. */
    static final class ClassesSeen extends com.esotericsoftware.kryo.util.DefaultClassResolver {
        final java.util.Set<Class<?>> seen = new java.util.LinkedHashSet<>();

        @Override
        public com.esotericsoftware.kryo.Registration writeClass(Output output, Class type) {
            if (type != null) {
                Class<?> c = type;
                while (c.isArray()) {
                    c = c.getComponentType();
                }
                seen.add(c);
            }
            return super.writeClass(output, type);
        }

        /** JDK classes outside java.* (sun.nio.cs's stream encoder): the application's bundle loader does not see them. */
        @Override
        protected Class<?> getTypeByName(String className) {
            Class<?> c = super.getTypeByName(className);
            if (c == null && (className.startsWith("sun.") || className.startsWith("jdk."))) {
                try {
                    c = Class.forName(className, false, null);
                } catch (ClassNotFoundException e) {
                    return null;
                }
            }
            return c;
        }
    }

    /** Kinds of objects whose state is not in the heap: null if {@code type} is not one. */
    static String refusedKind(Class<?> type) {
        if (Thread.class.isAssignableFrom(type) || ThreadGroup.class.isAssignableFrom(type)) {
            return "a thread (" + type.getName() + "): threads are not saved";
        }
        if (ClassLoader.class.isAssignableFrom(type)) {
            return "a class loader (" + type.getName() + ")";
        }
        if (java.net.Socket.class.isAssignableFrom(type) || java.net.ServerSocket.class.isAssignableFrom(type)
                || java.net.DatagramSocket.class.isAssignableFrom(type) || java.nio.channels.Channel.class.isAssignableFrom(type)) {
            return "an open socket or channel (" + type.getName() + ")";
        }
        if (isStream(type) && type.getModule().isNamed() && !savableJdkStream(type)) {
            return "an open stream (" + type.getName() + "): only streams over files (java.io, FileChannel), the standard"
                    + " streams and in-memory streams are saved";
        }
        if (java.util.concurrent.ExecutorService.class.isAssignableFrom(type) || Process.class.isAssignableFrom(type)) {
            return "an executor or process (" + type.getName() + "): only the JDK's own thread pools, idle at the cut, are"
                    + " saved";
        }
        if (type.isHidden()) {
            return "a lambda or hidden class (" + type.getName() + "): its class cannot be found again in another JVM";
        }
        return null;
    }

    private static boolean isStream(Class<?> type) {
        return java.io.OutputStream.class.isAssignableFrom(type) || InputStream.class.isAssignableFrom(type)
                || java.io.Reader.class.isAssignableFrom(type) || java.io.Writer.class.isAssignableFrom(type);
    }

    /**
     * JDK streams saved by fields: java.io's wrappers and in-memory streams, the charset coders'
     * streams behind readers and writers (sun.nio.cs), a FileChannel's streams (sun.nio.ch,
     * java.nio.channels). Not pipes between threads, object streams, nor streams of other JDK
     * packages (compression, sockets, processes), whose state is native or elsewhere.
     */
    private static boolean savableJdkStream(Class<?> type) {
        String pkg = type.getPackageName();
        boolean known = pkg.equals("java.io") || pkg.equals("sun.nio.cs") || pkg.equals("sun.nio.ch") || pkg.equals("java.nio.channels");
        return known && !type.getSimpleName().startsWith("Piped") && !java.io.ObjectOutputStream.class.isAssignableFrom(type)
                && !java.io.ObjectInputStream.class.isAssignableFrom(type) && !type.getName().startsWith("java.io.Console");
    }

    /**
     * A JDK class Kryo has no serializer of its own for: its fields are closed to us (strong
     * encapsulation), or a collection Kryo would rebuild through a public no-argument
     * constructor it does not have (unmodifiable and synchronized wrappers).
     */
    private String closedJdkClass(Class<?> type, Serializer<?> s) {
        Module m = type.getModule();
        if (!m.isNamed() || type.isArray() || type.isEnum()) {
            return null;
        }
        if (s instanceof CollectionSerializer || s instanceof MapSerializer) {
            try {
                Constructor<?> c = type.getConstructor();
                return Modifier.isPublic(type.getModifiers()) ? null : notPublic(type);
            } catch (NoSuchMethodException e) {
                return "a JDK collection (" + type.getName() + ") without a public constructor to rebuild it"
                        + " (an unmodifiable or synchronized view?)";
            }
        }
        if (s instanceof FieldSerializer && (!m.isOpen(type.getPackageName(), HeapKryo.class.getModule())
                || OPENED_FOR_SERIALIZERS.contains(type.getPackageName()))) {
            String pkg = type.getPackageName();
            return "a JDK object (" + type.getName() + ", module " + m.getName() + ") whose fields are closed to the checkpoint"
                    + (pkg.equals("java.io") || pkg.startsWith("sun.nio.") ? " (" + JdkFields.OPENS_HINT + ")" : "");
        }
        return null;
    }

    /**
     * Packages the rank JVM opens for this bundle's own serializers only (thread pools and
     * ThreadLocals): their other classes stay as closed as before, not saved field by field.
     */
    static final java.util.Set<String> OPENED_FOR_SERIALIZERS = java.util.Set.of("java.lang", "java.util.concurrent");

    private static String notPublic(Class<?> type) {
        return "a JDK collection (" + type.getName() + ") that is not public";
    }

    /** The message of a refusal, with the path from {@code root} to the object. */
    public static String describe(KryoException e, String root) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        String[] lines = msg.split("\n");
        String head = lines[0];
        List<String> trace = new ArrayList<>();
        boolean inTrace = false;
        for (String l : lines) {
            if (l.startsWith("Serialization trace:")) {
                inTrace = true;
            } else if (inTrace && !l.isBlank()) {
                trace.add(l.trim());
            }
        }
        Collections.reverse(trace);
        StringBuilder path = new StringBuilder(root);
        for (String t : trace) {
            path.append(" -> ").append(t);
        }
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String why = head.startsWith(REFUSED) ? head.substring(REFUSED.length())
                : "cannot save it: " + (cause == e ? head : cause.toString());
        return "the heap cannot be saved: " + why + "; reached from " + path;
    }

    /** Throws on write: this object cannot be saved. */
    static final class Refusing extends Serializer<Object> {
        private final String reason;

        Refusing(String reason) {
            this.reason = reason;
        }

        @Override
        public void write(Kryo kryo, Output output, Object object) {
            throw new KryoException(REFUSED + reason);
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<? extends Object> type) {
            throw new KryoException("an object of a refused kind is in the image: " + reason);
        }
    }

    /**
     * The buffers of the receives pending when this image is written, and of the persistent
     * requests (which the engine makes again over the buffer it restores), by identity, with their
     * requests' handles: such a buffer is written as its request's handle, and read back as the
     * buffer the checkpoint engine restored for that request (the one its re-posted receive
     * fills, or that the drain filled at the cut), so that the program and MPI share it again.
     */
    public java.util.Map<Object, Integer> pendingReceiveBuffers() {
        if (pendingReceives == null) {
            pendingReceives = new java.util.IdentityHashMap<>();
            for (RequestDescriptor.Pending p : RequestDescriptor.pending()) {
                RequestDescriptor d = p.descriptor();
                boolean pendingReceive = d.op().isReceive() && d.isActive() && d.completion() == null;
                if ((d.isPersistent() || pendingReceive) && d.buffer() instanceof Buffer) {
                    pendingReceives.put(d.buffer(), p.vid());
                }
            }
        }
        return pendingReceives;
    }

    /** Handles of the pending receives whose buffer this image wrote (see {@link #pendingReceiveBuffers}). */
    public java.util.Set<Integer> pendingBuffersWritten() {
        return pendingWritten;
    }

    private java.util.Map<Object, Integer> pendingReceives;
    private final java.util.Set<Integer> pendingWritten = new java.util.HashSet<>();
    /** The direct memories pending receives lie in (by owning ByteBuffer): every receive in each. */
    private java.util.Map<java.nio.ByteBuffer, java.util.List<Integer>> pendingMemories;

    private java.util.Map<java.nio.ByteBuffer, java.util.List<Integer>> pendingMemories() {
        if (pendingMemories == null) {
            pendingMemories = new java.util.IdentityHashMap<>();
            for (var e : pendingReceiveBuffers().entrySet()) {
                java.nio.ByteBuffer owner = BufferState.owner((Buffer) e.getKey());
                if (owner != null) {
                    pendingMemories.computeIfAbsent(owner, o -> new java.util.ArrayList<>()).add(e.getValue());
                }
            }
        }
        return pendingMemories;
    }

    /** A buffer as mana.ckpt's record of it (shared direct memory stays shared within one image), or as its pending receive's handle. */
    final class BufferSerializer extends Serializer<Buffer> {
        @Override
        public void write(Kryo kryo, Output output, Buffer b) {
            EngineObjects.Ref engine = engineRef(b);
            if (engine != null) { // a window's memory: the engine restores it, the program must hold that one
                output.writeByte(3);
                writeRef(output, engine);
                return;
            }
            Integer request = pendingReceiveBuffers().get(b);
            if (request != null) {
                output.writeByte(1);
                output.writeInt(request);
                pendingWritten.add(request);
                return;
            }
            // a buffer sharing its memory with pending receives (e.g. the program keeps a buffer and
            // receives into slices of it): a view of the memory the engine restores for them
            java.util.List<Integer> requests = b.isDirect() ? pendingMemories().get(BufferState.owner(b)) : null;
            Object view = requests == null ? null : BufferState.saveInOwner(b);
            if (view != null) {
                output.writeByte(2);
                output.writeInt(requests.get(0));
                kryo.writeClassAndObject(output, view);
                pendingWritten.addAll(requests);
                return;
            }
            output.writeByte(0);
            kryo.writeClassAndObject(output, BufferState.save(b, memories));
        }

        @Override
        public Buffer read(Kryo kryo, Input input, Class<? extends Buffer> type) {
            byte how = input.readByte();
            if (how == 0) {
                return BufferState.restore(kryo.readClassAndObject(input));
            }
            if (how == 3) {
                Object o = readRef(input);
                if (!(o instanceof Buffer engine)) {
                    throw new KryoException("the restored MPI object is a " + o.getClass().getName() + ", expected a buffer");
                }
                return engine;
            }
            int request = input.readInt();
            Buffer b = null;
            try {
                if (Handles.descriptor(request, Kind.REQUEST) instanceof RequestDescriptor d && d.buffer() instanceof Buffer rb) {
                    b = rb;
                }
            } catch (ManaException e) {
                // named below
            }
            if (b == null) {
                throw new KryoException("the buffer of request " + Vid.toString(request) + " is not among the restored requests");
            }
            if (how == 1) {
                return b;
            }
            Object view = kryo.readClassAndObject(input);
            java.nio.ByteBuffer memory = BufferState.owner(b);
            if (memory == null) {
                throw new KryoException("the memory of request " + Vid.toString(request) + "'s buffer cannot be placed");
            }
            return BufferState.restoreIn(view, memory);
        }
    }

    /** System.out, System.err and System.in as the restarted JVM's own; any other stream through {@code other}. */
    static final class StandardOr extends Serializer<Object> {
        private final Serializer<Object> other;

        @SuppressWarnings("unchecked")
        StandardOr(Serializer<?> other) {
            this.other = (Serializer<Object>) other;
        }

        @Override
        public void write(Kryo kryo, Output output, Object o) {
            int which = o == System.out ? 0 : o == System.err ? 1 : o == System.in ? 2 : -1;
            output.writeByte(which);
            if (which < 0) {
                other.write(kryo, output, o);
            }
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<? extends Object> type) {
            return switch (input.readByte()) {
                case 0 -> System.out;
                case 1 -> System.err;
                case 2 -> System.in;
                case -1 -> other.read(kryo, input, type);
                default -> throw new KryoException("bad standard stream in the image");
            };
        }
    }

    /** An upper-half MPI handle object as its class and virtual handle; other mpi objects (Status) by fields. */
    final class HandleSerializer extends Serializer<Object> {
        private final FieldSerializer<Object> fields;

        @SuppressWarnings("unchecked")
        HandleSerializer(FieldSerializer<?> fields) {
            this.fields = (FieldSerializer<Object>) fields;
        }

        @Override
        public void write(Kryo kryo, Output output, Object o) {
            long vid = handles.vidOf(o);
            output.writeBoolean(vid != HandleObjects.NOT_A_HANDLE);
            if (vid != HandleObjects.NOT_A_HANDLE) {
                output.writeString(o.getClass().getName());
                output.writeInt((int) vid);
            } else {
                fields.write(kryo, output, o);
            }
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<? extends Object> type) {
            if (input.readBoolean()) {
                String cls = input.readString();
                int vid = input.readInt();
                try {
                    return handles.objectFor(vid, cls);
                } catch (IllegalArgumentException e) {
                    throw new KryoException("MPI object " + cls + " (handle " + vid + "): " + e.getMessage());
                }
            }
            return fields.read(kryo, input, type);
        }
    }
}
