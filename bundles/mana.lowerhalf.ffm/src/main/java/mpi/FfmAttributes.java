package mpi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/**
 * Attributes of communicators and datatypes as the Java binding keeps them: byte[] values
 * stored as {int length; bytes} in C memory, copied and freed by the shim's callbacks
 * (mana_*_attr_copy/delete, like ompi_java_attrCopy/attrDelete).
 */
final class FfmAttributes {

    private static final class ATTR_NEW { static final MethodHandle H = FfmLib.fn("mana_attr_new", "ptr ptr int"); }
    private static final class ATTR_FREE { static final MethodHandle H = FfmLib.fn("mana_free", "void ptr"); }

    /**
     * The MPI calls of one kind of object (communicator, datatype or window). Each kind is made on
     * its first use ({@code FfmAttributes.COMM.KIND}): a holder class, as every downcall handle (FfmLib).
     */
    record Kind(MethodHandle createKeyval, MethodHandle freeKeyval, MethodHandle set, MethodHandle get,
            MethodHandle delete, MemorySegment copyFn, MemorySegment deleteFn) {
    }

    static final class COMM {
        static final Kind KIND = new Kind(
                FfmLib.fn("MPI_Comm_create_keyval", "int ptr ptr ptr ptr"),
                FfmLib.fn("MPI_Comm_free_keyval", "int ptr"),
                FfmLib.fn("MPI_Comm_set_attr", "int comm keyval ptr"),
                FfmLib.fn("MPI_Comm_get_attr", "int comm keyval ptr ptr"),
                FfmLib.fn("MPI_Comm_delete_attr", "int comm keyval"),
                FfmLib.symbol("mana_comm_attr_copy"), FfmLib.symbol("mana_comm_attr_delete"));
    }

    static final class TYPE {
        static final Kind KIND = new Kind(
                FfmLib.fn("MPI_Type_create_keyval", "int ptr ptr ptr ptr"),
                FfmLib.fn("MPI_Type_free_keyval", "int ptr"),
                FfmLib.fn("MPI_Type_set_attr", "int type keyval ptr"),
                FfmLib.fn("MPI_Type_get_attr", "int type keyval ptr ptr"),
                FfmLib.fn("MPI_Type_delete_attr", "int type keyval"),
                FfmLib.symbol("mana_type_attr_copy"), FfmLib.symbol("mana_type_attr_delete"));
    }

    static final class WIN {
        static final Kind KIND = new Kind(
                FfmLib.fn("MPI_Win_create_keyval", "int ptr ptr ptr ptr"),
                FfmLib.fn("MPI_Win_free_keyval", "int ptr"),
                FfmLib.fn("MPI_Win_set_attr", "int win keyval ptr"),
                FfmLib.fn("MPI_Win_get_attr", "int win keyval ptr ptr"),
                FfmLib.fn("MPI_Win_delete_attr", "int win keyval"),
                FfmLib.symbol("mana_win_attr_copy"), FfmLib.symbol("mana_win_attr_delete"));
    }

    private FfmAttributes() {
    }

    static int createKeyval(Kind k) throws MPIException {
        return FfmLib.VALUES.keyvals.out(FfmSupport.intOut((a, out) -> (int) k.createKeyval().invokeExact(k.copyFn(),
                k.deleteFn(), out, MemorySegment.NULL)));
    }

    static void freeKeyval(Kind k, int keyval) throws MPIException {
        FfmSupport.call((a, out) -> (int) k.freeKeyval().invokeExact(a.allocateFrom(JAVA_INT,
                FfmLib.VALUES.keyvals.in(keyval))));
    }

    static void set(Kind k, long handle, int keyval, byte[] value) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment bytes = a.allocate(Math.max(value.length, 1));
            MemorySegment.copy(MemorySegment.ofArray(value), 0, bytes, 0, value.length);
            MemorySegment v = (MemorySegment) ATTR_NEW.H.invokeExact(bytes, value.length);
            if (v.equals(MemorySegment.NULL)) {
                throw FfmSupport.error("MPI_ERR_NO_MEM", "no memory for an attribute value");
            }
            int rc = (int) k.set().invokeExact(handle, keyval, v);
            if (rc != 0) {
                ATTR_FREE.H.invokeExact(v);
            }
            check(rc);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    /** The attribute's C value (a pointer), or NULL when not set. */
    static MemorySegment value(Kind k, long handle, int keyval) throws MPIException {
        MemorySegment v = valueIfSet(k, handle, keyval);
        return v == null ? MemorySegment.NULL : v;
    }

    /**
     * The attribute's C value, or Java null when not set: a set value may be NULL itself
     * (MPI_WIN_BASE of a dynamic window is MPI_BOTTOM).
     */
    static MemorySegment valueIfSet(Kind k, long handle, int keyval) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = a.allocate(ADDRESS);
            MemorySegment flag = a.allocate(JAVA_INT);
            check((int) k.get().invokeExact(handle, keyval, out, flag));
            return flag.get(JAVA_INT, 0) == 0 ? null : out.get(ADDRESS, 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static byte[] get(Kind k, long handle, int keyval) throws MPIException {
        MemorySegment v = value(k, handle, keyval);
        if (v.equals(MemorySegment.NULL)) {
            return null;
        }
        int length = v.reinterpret(4).get(JAVA_INT, 0);
        return v.reinterpret(4L + length).asSlice(4, length).toArray(JAVA_BYTE);
    }

    /** A predefined attribute (MPI_TAG_UB, ...): its value is a pointer to an int (MPI_HOST, MPI_IO: a rank). */
    static Integer getPredefined(Kind k, long handle, int keyval) throws MPIException {
        MemorySegment v = value(k, handle, keyval);
        return v.equals(MemorySegment.NULL) ? null : FfmLib.VALUES.attributeOut(keyval, v.reinterpret(4).get(JAVA_INT, 0));
    }

    static void delete(Kind k, long handle, int keyval) throws MPIException {
        FfmSupport.call((a, out) -> (int) k.delete().invokeExact(handle, keyval));
    }
}
