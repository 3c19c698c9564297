package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.nio.Buffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;
import mana.core.fn.TypeProvider;
import mana.core.vid.Kind;
import mana.core.vid.Vid;

/**
 * An MPI Datatype; it holds a MANA handle, never a lower-half one. Derived datatypes are
 * virtual handles made by mana.wrappers.types; after {@link #free()} the object holds the
 * null datatype, as Open MPI's does.
 */
public final class Datatype implements Freeable, Cloneable {
    /**
     * The MANA handle (see mana.core.vid.Vid). After {@link #free()} a derived datatype keeps its
     * now stale handle, so using it gives MANA's clear "freed" error where Open MPI's binding,
     * which holds MPI_DATATYPE_NULL then, crashes the JVM in a send; {@link #isNull()} is true as in Open MPI.
     */
    int vid;
    private boolean freed;
    /** Open MPI's base type code and its size in bytes, fetched once (-1: not yet). */
    private int baseType = -1;
    private int baseSize;

    // Open MPI's base type codes (the index of each predefined type in mana.core.vid.Predefined.DATATYPES).
    static final int NULL = 0;
    static final int BYTE = 1;
    static final int CHAR = 2;
    static final int SHORT = 3;
    static final int BOOLEAN = 4;
    static final int INT = 5;
    static final int LONG = 6;
    static final int FLOAT = 7;
    static final int DOUBLE = 8;
    static final int PACKED = 9;
    static final int INT2 = 10;
    static final int SHORT_INT = 11;
    static final int LONG_INT = 12;
    static final int FLOAT_INT = 13;
    static final int DOUBLE_INT = 14;
    static final int FLOAT_COMPLEX = 15;
    static final int DOUBLE_COMPLEX = 16;

    private static final int NULL_VID = Vid.predefined(Kind.DATATYPE, NULL);

    /** The application's objects of the live derived datatypes, so a callback gets the same object back. */
    private static final Map<Integer, Datatype> DERIVED = new ConcurrentHashMap<>();

    Datatype(int vid) {
        this.vid = vid;
    }

    protected Datatype() {
        this.vid = NULL_VID;
    }

    protected void setBasic(int type) {
        vid = Vid.predefined(Kind.DATATYPE, type);
        baseType = -1;
    }

    protected void setBasic(int type, Datatype oldType) {
        vid = Vid.predefined(Kind.DATATYPE, type);
        baseType = -1;
    }

    private static TypeProvider types() {
        return FunctionTable.type();
    }

    private static Datatype derived(int vid) {
        Datatype t = new Datatype(vid);
        DERIVED.put(vid, t);
        return t;
    }

    /** The object of a derived datatype read back from a checkpoint (one object per handle). */
    static Datatype restored(int vid) {
        return DERIVED.computeIfAbsent(vid, Datatype::new);
    }

    /** The application's object for a handle (the MPI constant for a predefined one). */
    static Datatype of(int vid) {
        if (Vid.isPredefined(vid)) {
            Datatype p = predefined(Vid.slot(vid));
            if (p != null) {
                return p;
            }
        }
        Datatype t = DERIVED.get(vid);
        return t != null ? t : new Datatype(vid);
    }

    private static Datatype predefined(int code) {
        switch (code) {
            case NULL: return MPI.DATATYPE_NULL;
            case BYTE: return MPI.BYTE;
            case CHAR: return MPI.CHAR;
            case SHORT: return MPI.SHORT;
            case BOOLEAN: return MPI.BOOLEAN;
            case INT: return MPI.INT;
            case LONG: return MPI.LONG;
            case FLOAT: return MPI.FLOAT;
            case DOUBLE: return MPI.DOUBLE;
            case PACKED: return MPI.PACKED;
            case INT2: return MPI.INT2;
            case SHORT_INT: return MPI.SHORT_INT;
            case LONG_INT: return MPI.LONG_INT;
            case FLOAT_INT: return MPI.FLOAT_INT;
            case DOUBLE_INT: return MPI.DOUBLE_INT;
            case FLOAT_COMPLEX: return MPI.FLOAT_COMPLEX;
            case DOUBLE_COMPLEX: return MPI.DOUBLE_COMPLEX;
            default: return null;
        }
    }

    private void fetchBase() {
        int v = vid;
        if (v == NULL_VID || freed) {
            baseSize = 0;
            baseType = NULL;
            return;
        }
        try {
            baseSize = types().baseSize(v);
            baseType = types().baseType(v);
        } catch (ManaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** Open MPI's {@code baseType} of this datatype. */
    int baseType() {
        if (baseType < 0) {
            fetchBase();
        }
        return baseType;
    }

    /** Open MPI's {@code baseSize}: the size in bytes of the base type. */
    int baseSize() {
        if (baseType < 0) {
            fetchBase();
        }
        return baseSize;
    }

    public int getLb() throws MPIException {
        try {
            return types().lb(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getExtent() throws MPIException {
        try {
            return types().extent(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getTrueLb() throws MPIException {
        try {
            return types().trueLb(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getTrueExtent() throws MPIException {
        try {
            return types().trueExtent(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public int getSize() throws MPIException {
        try {
            return types().size(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void commit() throws MPIException {
        try {
            types().commit(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    @Override
    public void free() throws MPIException {
        if (freed) {
            return; // Open MPI's binding frees its MPI_DATATYPE_NULL again without an error
        }
        try {
            int old = vid;
            int now = types().free(old);
            if (now != old) {
                DERIVED.remove(old);
                freed = true;
                baseType = -1;
            }
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public boolean isNull() {
        return freed || vid == NULL_VID;
    }

    @Override
    public Datatype clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage());
        }
    }

    public Datatype dup() throws MPIException {
        try {
            return derived(types().dup(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        try {
            return derived(types().contiguous(count, oldType.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        try {
            return derived(types().vector(count, blockLength, stride, oldType.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType)
            throws MPIException {
        try {
            return derived(types().hvector(count, blockLength, stride, oldType.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        try {
            return derived(types().indexed(blockLengths, displacements, oldType.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        try {
            return derived(types().hindexed(blockLengths, displacements, oldType.vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types)
            throws MPIException {
        try {
            return derived(types().struct(blockLengths, displacements, ManaHandles.vids(types)));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        try {
            return derived(types().resized(oldType.vid, lb, extent));
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void setName(String name) throws MPIException {
        try {
            types().setName(vid, name);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public String getName() throws MPIException {
        try {
            return types().getName(vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int createKeyval() throws MPIException {
        try {
            return types().createKeyval();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void freeKeyval(int keyval) throws MPIException {
        try {
            types().freeKeyval(keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public void setAttr(int keyval, Object value) throws MPIException {
        byte[] bytes;
        try {
            ByteArrayOutputStream baos = new ByteArrayOutputStream();
            ObjectOutputStream os = new ObjectOutputStream(baos);
            os.writeObject(value);
            os.close();
            bytes = baos.toByteArray();
        } catch (IOException ex) {
            MPIException x = new MPIException(ex);
            x.setStackTrace(ex.getStackTrace());
            throw x;
        }
        try {
            types().setAttr(vid, keyval, bytes);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public Object getAttr(int keyval) throws MPIException {
        Object obj;
        try {
            obj = types().getAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
        if (!(obj instanceof byte[])) {
            return obj;
        }
        try (ObjectInputStream is = new AttrInput(new ByteArrayInputStream((byte[]) obj))) {
            return is.readObject();
        } catch (ClassNotFoundException | IOException ex) {
            throw new MPIException(ex);
        }
    }

    public void deleteAttr(int keyval) throws MPIException {
        try {
            types().deleteAttr(vid, keyval);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    protected int getOffset(Object buffer) {
        return baseSize() * ((Buffer) buffer).arrayOffset();
    }

    /** Reads attribute values back; classes of the application come from the thread's context loader. */
    private static final class AttrInput extends ObjectInputStream {
        AttrInput(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return super.resolveClass(desc);
            } catch (ClassNotFoundException e) {
                ClassLoader l = Thread.currentThread().getContextClassLoader();
                if (l == null) {
                    throw e;
                }
                return Class.forName(desc.getName(), false, l);
            }
        }
    }
}
