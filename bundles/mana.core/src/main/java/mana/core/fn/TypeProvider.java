package mana.core.fn;

import java.nio.ByteBuffer;
import mana.core.error.ManaException;

/**
 * Datatypes and user-defined operations (area {@link Area#TYPES}). Datatypes and ops are
 * virtual handles with descriptors that say how to make them again. Every constructor
 * returns the new datatype's handle; sizes, extents and bounds are in units of the base
 * type, as the Java API gives them.
 */
public interface TypeProvider {
    @MpiName("MPI_Type_size")
    int size(int type) throws ManaException;

    @MpiName("MPI_Type_get_extent")
    int extent(int type) throws ManaException;

    @MpiName("MPI_Type_get_extent")
    int lb(int type) throws ManaException;

    @MpiName("MPI_Type_get_true_extent")
    int trueExtent(int type) throws ManaException;

    @MpiName("MPI_Type_get_true_extent")
    int trueLb(int type) throws ManaException;

    /** The Java API's base type code of a datatype (Open MPI's {@code Datatype.baseType}). */
    @MpiName("MPI_Type_get_envelope")
    int baseType(int type) throws ManaException;

    /** The size in bytes of the Java API's base type (Open MPI's {@code Datatype.baseSize}). */
    @MpiName("MPI_Type_get_envelope")
    int baseSize(int type) throws ManaException;

    @MpiName("MPI_Type_commit")
    void commit(int type) throws ManaException;

    /** Frees the datatype; returns the handle the application's object holds afterwards (the null datatype). */
    @MpiName("MPI_Type_free")
    int free(int type) throws ManaException;

    @MpiName("MPI_Type_dup")
    int dup(int type) throws ManaException;

    @MpiName("MPI_Type_contiguous")
    int contiguous(int count, int oldType) throws ManaException;

    @MpiName("MPI_Type_vector")
    int vector(int count, int blockLength, int stride, int oldType) throws ManaException;

    @MpiName("MPI_Type_create_hvector")
    int hvector(int count, int blockLength, int stride, int oldType) throws ManaException;

    @MpiName("MPI_Type_indexed")
    int indexed(int[] blockLengths, int[] displacements, int oldType) throws ManaException;

    @MpiName("MPI_Type_create_hindexed")
    int hindexed(int[] blockLengths, int[] displacements, int oldType) throws ManaException;

    /** {@code types} holds handles; a null array or element is passed on as null (the raw binding's NPE). */
    @MpiName("MPI_Type_create_struct")
    int struct(int[] blockLengths, int[] displacements, int[] types) throws ManaException;

    @MpiName("MPI_Type_create_resized")
    int resized(int oldType, int lb, int extent) throws ManaException;

    @MpiName("MPI_Type_set_name")
    void setName(int type, String name) throws ManaException;

    @MpiName("MPI_Type_get_name")
    String getName(int type) throws ManaException;

    @MpiName("MPI_Type_create_keyval")
    int createKeyval() throws ManaException;

    @MpiName("MPI_Type_free_keyval")
    void freeKeyval(int keyval) throws ManaException;

    /** {@code value} is the attribute serialized by the upper half (as Open MPI's MPI.attrSet does). */
    @MpiName("MPI_Type_set_attr")
    void setAttr(int type, int keyval, byte[] value) throws ManaException;

    /**
     * The attribute: the bytes given to {@link #setAttr}, null if none is set, or another object
     * for attributes the library sets itself.
     */
    @MpiName("MPI_Type_get_attr")
    Object getAttr(int type, int keyval) throws ManaException;

    @MpiName("MPI_Type_delete_attr")
    void deleteAttr(int type, int keyval) throws ManaException;

    /** Makes a user-defined operation that calls {@code function} back; returns its handle. */
    @MpiName("MPI_Op_create")
    int opCreate(UserOp function, boolean commute) throws ManaException;

    /** Frees an operation; returns the handle the application's object holds afterwards (null handle). */
    @MpiName("MPI_Op_free")
    int opFree(int op) throws ManaException;

    @MpiName("MPI_Op_commutative")
    boolean opCommutative(int op) throws ManaException;

    @MpiName("MPI_Op_free")
    boolean opIsNull(int op) throws ManaException;

    /**
     * The upper half's side of a user-defined operation, called back from the lower half's
     * reduction with the datatype's handle. The two forms are those of Open MPI's
     * {@code UserFunction.call}: arrays (boolean data) and native-order ByteBuffers.
     */
    interface UserOp {
        /** The application's function object (kept by the descriptor for a restart). */
        Object function();

        void call(Object inVec, Object inOutVec, int count, int type) throws ManaException;

        void call(ByteBuffer in, ByteBuffer inOut, int count, int type) throws ManaException;
    }
}
