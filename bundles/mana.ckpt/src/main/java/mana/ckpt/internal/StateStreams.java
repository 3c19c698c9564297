package mana.ckpt.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.nio.Buffer;
import java.util.Set;
import mana.core.vid.HandleObjects;

/**
 * The object stream of a checkpoint: the application's state (and the platform's objects that
 * must share identity with it: user-op functions, buffers of pending requests). Upper-half
 * handle objects are written as {@link HandleRef}s and buffers as {@link BufferRef}s; reading
 * turns them back into live objects. Reading admits only the application's classes, these two
 * records and plain JDK value types; anything else is refused with the class named.
 */
final class StateStreams {

    /** Writes handle objects as their handles and buffers as their content. */
    static final class Out extends ObjectOutputStream {
        private final HandleObjects handles;
        /** One memory record per direct memory, so buffers that share memory share it again. */
        private final BufferRef.Memories memories = new BufferRef.Memories();

        Out(OutputStream out, HandleObjects handles) throws IOException {
            super(out);
            this.handles = handles;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            if (obj instanceof Buffer b) {
                return BufferRef.of(b, memories);
            }
            if (handles != null) {
                long vid = handles.vidOf(obj);
                if (vid != HandleObjects.NOT_A_HANDLE) {
                    return new HandleRef(obj.getClass().getName(), (int) vid);
                }
            }
            return obj;
        }
    }

    /** Reads through the filter, resolving classes with the application's loader. */
    static final class In extends ObjectInputStream {
        private final HandleObjects handles;
        private final ClassLoader appLoader;
        private final Filter filter;

        In(InputStream in, HandleObjects handles, ClassLoader appLoader, long streamBytes) throws IOException {
            super(in);
            this.handles = handles;
            this.appLoader = appLoader;
            enableResolveObject(true);
            filter = new Filter(appLoader, streamBytes);
            setObjectInputFilter(filter);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            String n = desc.getName();
            if (n.equals(HandleRef.class.getName())) {
                return HandleRef.class;
            }
            if (n.equals(BufferRef.class.getName())) {
                return BufferRef.class;
            }
            if (n.equals(MemoryRef.class.getName())) {
                return MemoryRef.class;
            }
            if (n.equals(AppObjects.class.getName())) {
                return AppObjects.class;
            }
            if (appLoader != null) {
                try {
                    return Class.forName(n, false, appLoader);
                } catch (ClassNotFoundException e) {
                    // a JDK class the app loader does not see: the default below
                }
            }
            return super.resolveClass(desc);
        }

        /** The class the filter refused last, or null. */
        String rejectedClass() {
            return filter.rejected;
        }

        /** Why the filter refused a size, or null. */
        String rejectedSize() {
            return filter.tooLarge;
        }

        @Override
        protected Object resolveObject(Object obj) throws IOException {
            if (obj instanceof HandleRef h) {
                if (handles == null) {
                    throw new InvalidClassException(h.className(), "no upper half is loaded to make handle objects");
                }
                try {
                    return filter.made(handles.objectFor(h.vid(), h.className()));
                } catch (IllegalArgumentException e) {
                    throw new InvalidClassException(h.className(), e.getMessage());
                }
            }
            if (obj instanceof BufferRef b) {
                try {
                    return filter.made(b.toBuffer());
                } catch (IllegalArgumentException | IndexOutOfBoundsException | NullPointerException
                         | ClassCastException e) {
                    throw new java.io.InvalidObjectException("a saved buffer is inconsistent: " + e.getMessage());
                }
            }
            return obj;
        }
    }

    /**
     * Admits the application's classes (defined by its loader), the two records, and plain JDK
     * value types: primitives and their boxes, String, enums, java.util collections and maps,
     * java.math, java.time, and arrays of admitted types.
     */
    static final class Filter implements ObjectInputFilter {
        private static final Set<String> JDK = Set.of(
                "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character", "java.lang.Short",
                "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double", "java.lang.Number",
                "java.lang.Enum", "java.lang.Record", "java.util.Map$Entry",
                "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.HashMap",
                "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.HashSet", "java.util.LinkedHashSet",
                "java.util.TreeSet", "java.util.EnumMap", "java.util.BitSet", "java.util.Vector", "java.util.Hashtable",
                "java.util.ImmutableCollections$ListN", "java.util.ImmutableCollections$List12",
                "java.util.ImmutableCollections$SetN", "java.util.ImmutableCollections$Set12",
                "java.util.ImmutableCollections$MapN", "java.util.ImmutableCollections$Map1", "java.util.CollSer",
                "java.util.Arrays$ArrayList", "java.util.Collections$EmptyList", "java.util.Collections$EmptyMap",
                "java.util.Collections$EmptySet", "java.util.Collections$SingletonList",
                "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableRandomAccessList",
                "java.util.Collections$UnmodifiableCollection", "java.util.Collections$UnmodifiableMap",
                "java.util.Collections$UnmodifiableSet", "java.util.Optional", "java.util.UUID",
                "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentHashMap$Segment",
                "java.util.concurrent.CopyOnWriteArrayList",
                "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong",
                "java.math.BigInteger", "java.math.BigDecimal", "java.time.Ser");
        private final ClassLoader appLoader;
        /** Largest array length or reference count admitted: more than the stream's bytes can describe. */
        private final long maxCount;

        Filter(ClassLoader appLoader) {
            this(appLoader, Long.MAX_VALUE / 8);
        }

        /**
         * {@code streamBytes}: the length of the stream. Every array element and every object takes
         * at least one byte of it (a collection's table at most a few slots per entry), so a larger
         * count is damage, refused before the JDK allocates for it.
         */
        Filter(ClassLoader appLoader, long streamBytes) {
            this.appLoader = appLoader;
            this.maxCount = 4 * streamBytes + 1024;
        }

        @Override
        public Status checkInput(FilterInfo info) {
            if (info.arrayLength() > maxCount || info.references() > maxCount) {
                tooLarge = info.arrayLength() > maxCount
                        ? "an array of " + info.arrayLength() + " elements" : info.references() + " objects";
                return Status.REJECTED;
            }
            Class<?> c = info.serialClass();
            if (c == null) {
                return Status.UNDECIDED;
            }
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (admitted(c)) {
                return Status.ALLOWED;
            }
            rejected = c.getName();
            return Status.REJECTED;
        }

        /** Classes of the objects the stream made from the two records (the JDK filters a resolved object's class too). */
        private final Set<Class<?>> made = java.util.concurrent.ConcurrentHashMap.newKeySet();

        Object made(Object o) {
            made.add(o.getClass());
            return o;
        }

        /** The last class refused, for the error message (the JDK's says only "REJECTED"). */
        volatile String rejected;

        /** The last count refused as too large for the stream, for the error message. */
        volatile String tooLarge;

        boolean admitted(Class<?> c) {
            if (made.contains(c) || c.isPrimitive() || c == HandleRef.class || c == BufferRef.class || c == MemoryRef.class || c == AppObjects.class || c == Object.class) {
                return true;
            }
            if (appLoader != null && c.getClassLoader() == appLoader) {
                return true;
            }
            if (c.getClassLoader() == null && (JDK.contains(c.getName())
                    || c.getName().startsWith("java.time.") && c.getPackageName().equals("java.time"))) {
                return true;
            }
            return c.isEnum() && c.getClassLoader() == null && c.getPackageName().startsWith("java.");
        }
    }

    /** Reads the engine's record to the end of {@code in} (where a section's CRC is checked). */
    static AppObjects read(InputStream in, HandleObjects handles, ClassLoader appLoader, long streamBytes) throws IOException {
        StateStreams.In os = new StateStreams.In(in, handles, appLoader, streamBytes);
        try {
            Object o = os.readObject();
            if (!(o instanceof AppObjects a) || a.opFunctions() == null || a.buffers() == null) {
                throw new IOException("the object section does not hold the engine's record");
            }
            while (in.read() >= 0) {
                // to the end
            }
            return a;
        } catch (InvalidClassException e) {
            String c = os.rejectedClass();
            String size = os.rejectedSize();
            if (size != null) {
                throw new IOException("the saved application state declares " + size + " in a stream of " + streamBytes
                        + " bytes (damaged)", e);
            }
            throw new IOException(c != null ? "the saved application state holds an object of class " + c
                    + ", which a restart does not admit (only the application's classes, MPI handle objects and plain"
                    + " JDK value types are read back)" : "the saved application state cannot be read back: " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw new IOException("the saved application state needs class " + e.getMessage()
                    + ", which the application does not have", e);
        } catch (ClassCastException | IllegalArgumentException | IllegalStateException | IndexOutOfBoundsException
                 | NullPointerException | ArrayStoreException | NegativeArraySizeException e) {
            // a stream whose checksum matches but whose content does not fit the classes it names
            throw new IOException("the saved application state cannot be read back: " + e, e);
        }
    }

    /**
     * Reads a small stream of the engine's own classes once, so that the JDK's serialization
     * classes and their per-class caches are ready: a restart calls this on a helper thread while
     * the main thread verifies and waits for the other ranks, which takes this work (tens of
     * milliseconds of CPU) off the restart's critical path. Failures do not matter here.
     */
    static void warmUp() {
        try {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                java.util.List<Object> buffers = new java.util.ArrayList<>();
                buffers.add(BufferRef.of(java.nio.ByteBuffer.allocate(1)));
                buffers.add(new HandleRef("mpi.Comm", 0));
                java.util.Map<Long, Object> ops = new java.util.HashMap<>();
                ops.put(1L, 1);
                out.writeObject(new AppObjects("", ops, buffers, new java.util.HashMap<>()));
            }
            try (ObjectInputStream in = new ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
                in.setObjectInputFilter(new Filter(null));
                in.readObject();
            }
        } catch (IOException | ClassNotFoundException | RuntimeException ignored) {
            // only a warm-up: the real read reports its own problems
        }
    }

    private StateStreams() {
    }
}
