package mana.wrappers.types;

import java.util.Arrays;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.DatatypeDescriptor.Constructor;
import mana.core.desc.Descriptor;
import mana.core.desc.OpDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.TypeProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.wrappers.base.Args;
import mana.wrappers.base.Lower;
import mpi.Datatype;
import mpi.MPIException;
import mpi.Op;
import org.osgi.service.component.annotations.Component;

/**
 * Datatype and operation wrappers. Every derived datatype is a virtual handle whose
 * {@link DatatypeDescriptor} records the constructor, its arguments and its bases (reference
 * counted, so a freed parent stays reconstructible); every user-defined op is a virtual handle
 * whose {@link OpDescriptor} keeps the upper half's function.
 */
@Component(service = TypeProvider.class)
public final class TypeWrappers implements TypeProvider {
    private static final int SIZE = FunctionStats.id("MPI_Type_size");
    private static final int EXTENT = FunctionStats.id("MPI_Type_get_extent");
    private static final int TRUE_EXTENT = FunctionStats.id("MPI_Type_get_true_extent");
    private static final int COMMIT = FunctionStats.id("MPI_Type_commit");
    private static final int FREE = FunctionStats.id("MPI_Type_free");
    private static final int DUP = FunctionStats.id("MPI_Type_dup");
    private static final int CONTIGUOUS = FunctionStats.id("MPI_Type_contiguous");
    private static final int VECTOR = FunctionStats.id("MPI_Type_vector");
    private static final int HVECTOR = FunctionStats.id("MPI_Type_create_hvector");
    private static final int INDEXED = FunctionStats.id("MPI_Type_indexed");
    private static final int HINDEXED = FunctionStats.id("MPI_Type_create_hindexed");
    private static final int STRUCT = FunctionStats.id("MPI_Type_create_struct");
    private static final int RESIZED = FunctionStats.id("MPI_Type_create_resized");
    private static final int SET_NAME = FunctionStats.id("MPI_Type_set_name");
    private static final int GET_NAME = FunctionStats.id("MPI_Type_get_name");
    private static final int CREATE_KEYVAL = FunctionStats.id("MPI_Type_create_keyval");
    private static final int FREE_KEYVAL = FunctionStats.id("MPI_Type_free_keyval");
    private static final int SET_ATTR = FunctionStats.id("MPI_Type_set_attr");
    private static final int GET_ATTR = FunctionStats.id("MPI_Type_get_attr");
    private static final int DELETE_ATTR = FunctionStats.id("MPI_Type_delete_attr");
    private static final int OP_CREATE = FunctionStats.id("MPI_Op_create");
    private static final int OP_FREE = FunctionStats.id("MPI_Op_free");
    private static final int OP_COMMUTATIVE = FunctionStats.id("MPI_Op_commutative");

    static final int NULL_TYPE = Predefined.handle(Kind.DATATYPE, "DATATYPE_NULL");

    // ---- queries ----

    @Override
    public int size(int type) throws ManaException {
        FunctionStats.count(SIZE);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getSize();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int extent(int type) throws ManaException {
        FunctionStats.count(EXTENT);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getExtent();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int lb(int type) throws ManaException {
        FunctionStats.count(EXTENT);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getLb();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int trueExtent(int type) throws ManaException {
        FunctionStats.count(TRUE_EXTENT);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getTrueExtent();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int trueLb(int type) throws ManaException {
        FunctionStats.count(TRUE_EXTENT);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getTrueLb();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int baseType(int type) throws ManaException {
        return LowerTypes.baseType(Lower.type(type));
    }

    @Override
    public int baseSize(int type) throws ManaException {
        return LowerTypes.baseSize(Lower.type(type));
    }

    // ---- life cycle ----

    @Override
    public void commit(int type) throws ManaException {
        FunctionStats.count(COMMIT);
        CheckpointGate.enter();
        try {
            Lower.type(type).commit();
            if (Handles.descriptor(type, Kind.DATATYPE) instanceof DatatypeDescriptor d) {
                d.markCommitted();
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int free(int type) throws ManaException {
        FunctionStats.count(FREE);
        CheckpointGate.enter();
        try {
            Datatype t = Lower.type(type);
            t.free();
            if (Vid.isPredefined(type)) {
                return type; // the lower half freed (or refused to free) a predefined type, as the raw binding does
            }
            LowerTypes.unmapped(t);
            Descriptor d = Handles.TABLE.free(type, Kind.DATATYPE);
            if (d instanceof DatatypeDescriptor dd) {
                dd.release(); // the application's reference; bases stay while children need them
            }
            return NULL_TYPE;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int dup(int type) throws ManaException {
        FunctionStats.count(DUP);
        return make(Constructor.DUP, new int[0], new long[0], new int[] {type});
    }

    // ---- constructors ----

    @Override
    public int contiguous(int count, int oldType) throws ManaException {
        FunctionStats.count(CONTIGUOUS);
        return make(Constructor.CONTIGUOUS, new int[] {count}, new long[0], new int[] {oldType});
    }

    @Override
    public int vector(int count, int blockLength, int stride, int oldType) throws ManaException {
        FunctionStats.count(VECTOR);
        return make(Constructor.VECTOR, new int[] {count, blockLength, stride}, new long[0], new int[] {oldType});
    }

    @Override
    public int hvector(int count, int blockLength, int stride, int oldType) throws ManaException {
        FunctionStats.count(HVECTOR);
        return make(Constructor.HVECTOR, new int[] {count, blockLength}, new long[] {stride}, new int[] {oldType});
    }

    @Override
    public int indexed(int[] blockLengths, int[] displacements, int oldType) throws ManaException {
        FunctionStats.count(INDEXED);
        checkLengths(blockLengths, displacements);
        return make(Constructor.INDEXED, concat(blockLengths, displacements), new long[0], new int[] {oldType});
    }

    @Override
    public int hindexed(int[] blockLengths, int[] displacements, int oldType) throws ManaException {
        FunctionStats.count(HINDEXED);
        checkLengths(blockLengths, displacements);
        return make(Constructor.HINDEXED, concat(blockLengths, new int[0]), longs(displacements), new int[] {oldType});
    }

    @Override
    public int struct(int[] blockLengths, int[] displacements, int[] types) throws ManaException {
        FunctionStats.count(STRUCT);
        checkLengths(blockLengths, displacements);
        Args.notNull(types, "types");
        if (types.length < blockLengths.length) {
            throw ManaException.of(ErrorClass.ARG, "MPI_Type_create_struct: " + blockLengths.length
                    + " block lengths but only " + types.length + " types");
        }
        return make(Constructor.STRUCT, concat(blockLengths, new int[0]), longs(displacements), types);
    }

    @Override
    public int resized(int oldType, int lb, int extent) throws ManaException {
        FunctionStats.count(RESIZED);
        return make(Constructor.RESIZED, new int[0], new long[] {lb, extent}, new int[] {oldType});
    }

    /**
     * The wrapper of every constructor: translate the bases, call the lower half, make the
     * descriptor (which retains the derived bases) and the virtual handle.
     */
    private static int make(Constructor c, int[] ints, long[] addresses, int[] baseVids) throws ManaException {
        CheckpointGate.enter();
        try {
            Datatype[] bases = new Datatype[baseVids.length];
            DatatypeDescriptor[] baseDescs = new DatatypeDescriptor[baseVids.length];
            for (int i = 0; i < baseVids.length; i++) {
                bases[i] = Lower.type(baseVids[i]);
                if (Handles.descriptor(baseVids[i], Kind.DATATYPE) instanceof DatatypeDescriptor d) {
                    baseDescs[i] = d;
                }
            }
            Datatype t = construct(c, ints, addresses, bases);
            DatatypeDescriptor d = new DatatypeDescriptor(c, ints, addresses, baseVids, baseDescs);
            if (c == Constructor.DUP && (baseDescs[0] == null || baseDescs[0].isCommitted())) {
                d.markCommitted(); // MPI_Type_dup of a committed type gives a committed type
            }
            d.setLower(t);
            int vid = Handles.TABLE.create(Kind.DATATYPE, t, d);
            LowerTypes.mapped(t, vid);
            return vid;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    /** Calls the lower half's constructor {@code c} with the arguments as a descriptor records them. */
    static Datatype construct(Constructor c, int[] ints, long[] addresses, Datatype[] bases) throws MPIException {
        switch (c) {
            case DUP:
                return bases[0].dup();
            case CONTIGUOUS:
                return Datatype.createContiguous(ints[0], bases[0]);
            case VECTOR:
                return Datatype.createVector(ints[0], ints[1], ints[2], bases[0]);
            case HVECTOR:
                return Datatype.createHVector(ints[0], ints[1], (int) addresses[0], bases[0]);
            case INDEXED: {
                int n = ints[0];
                return Datatype.createIndexed(Arrays.copyOfRange(ints, 1, 1 + n),
                        Arrays.copyOfRange(ints, 1 + n, ints.length), bases[0]);
            }
            case HINDEXED:
                return Datatype.createHIndexed(Arrays.copyOfRange(ints, 1, ints.length), ints(addresses), bases[0]);
            case STRUCT:
                return Datatype.createStruct(Arrays.copyOfRange(ints, 1, ints.length), ints(addresses), bases);
            case RESIZED:
                return Datatype.createResized(bases[0], (int) addresses[0], (int) addresses[1]);
            default:
                throw new UnsupportedOperationException("the Java API has no constructor " + c);
        }
    }

    private static void checkLengths(int[] blockLengths, int[] displacements) throws ManaException {
        Args.notNull(blockLengths, "blockLengths");
        Args.notNull(displacements, "displacements");
        if (displacements.length < blockLengths.length) {
            throw ManaException.of(ErrorClass.ARG, blockLengths.length + " block lengths but only "
                    + displacements.length + " displacements");
        }
    }

    private static int[] concat(int[] blockLengths, int[] rest) {
        int[] r = new int[1 + blockLengths.length + rest.length];
        r[0] = blockLengths.length;
        System.arraycopy(blockLengths, 0, r, 1, blockLengths.length);
        System.arraycopy(rest, 0, r, 1 + blockLengths.length, rest.length);
        return r;
    }

    private static long[] longs(int[] a) {
        long[] r = new long[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = a[i];
        }
        return r;
    }

    private static int[] ints(long[] a) {
        int[] r = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            r[i] = (int) a[i];
        }
        return r;
    }

    // ---- names and attributes ----

    @Override
    public void setName(int type, String name) throws ManaException {
        FunctionStats.count(SET_NAME);
        CheckpointGate.enter();
        try {
            Args.notNull(name, "name");
            Lower.type(type).setName(name);
            if (Handles.descriptor(type, Kind.DATATYPE) instanceof DatatypeDescriptor d) {
                d.setName(name);
            }
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public String getName(int type) throws ManaException {
        FunctionStats.count(GET_NAME);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getName();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int createKeyval() throws ManaException {
        FunctionStats.count(CREATE_KEYVAL);
        CheckpointGate.enter();
        try {
            return Datatype.createKeyval();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void freeKeyval(int keyval) throws ManaException {
        FunctionStats.count(FREE_KEYVAL);
        CheckpointGate.enter();
        try {
            Datatype.freeKeyval(keyval);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void setAttr(int type, int keyval, byte[] value) throws ManaException {
        FunctionStats.count(SET_ATTR);
        CheckpointGate.enter();
        try {
            Lower.type(type).setAttr(keyval, value); // the lower half stores the upper half's bytes (serialized once more)
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public Object getAttr(int type, int keyval) throws ManaException {
        FunctionStats.count(GET_ATTR);
        CheckpointGate.enter();
        try {
            return Lower.type(type).getAttr(keyval);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public void deleteAttr(int type, int keyval) throws ManaException {
        FunctionStats.count(DELETE_ATTR);
        CheckpointGate.enter();
        try {
            Lower.type(type).deleteAttr(keyval);
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    // ---- user-defined operations ----

    @Override
    public int opCreate(UserOp function, boolean commute) throws ManaException {
        FunctionStats.count(OP_CREATE);
        if (function == null) {
            throw new NullPointerException("function");
        }
        CheckpointGate.enter();
        try {
            // Like the raw binding, the MPI_Op itself is made by the lower half when a reduction first uses it.
            Op op = new Op(new Forwarder(function), commute);
            OpDescriptor d = new OpDescriptor(function, commute);
            d.setLower(op);
            return Handles.TABLE.create(Kind.OP, op, d);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int opFree(int op) throws ManaException {
        FunctionStats.count(OP_FREE);
        CheckpointGate.enter();
        try {
            Op o = (Op) Handles.lower(op, Kind.OP);
            o.free();
            if (Vid.isPredefined(op)) {
                return op;
            }
            if (Handles.TABLE.free(op, Kind.OP) instanceof OpDescriptor d) {
                d.release();
            }
            return Vid.NULL;
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public boolean opCommutative(int op) throws ManaException {
        FunctionStats.count(OP_COMMUTATIVE);
        return ((Op) Handles.lower(op, Kind.OP)).isCommutative();
    }

    @Override
    public boolean opIsNull(int op) throws ManaException {
        CheckpointGate.enter();
        try {
            return ((Op) Handles.lower(op, Kind.OP)).isNull();
        } finally {
            CheckpointGate.exit();
        }
    }
}
