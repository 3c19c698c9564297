package mpi;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import mana.core.error.ManaException;
import mana.core.fn.EnvProvider;
import mana.core.fn.FunctionTable;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * The upper half's MPI class: the same constants and environment functions as Open MPI's,
 * with predefined objects that hold MANA handles. Calls go through the function table.
 */
public final class MPI {
    private static final ByteOrder nativeOrder = ByteOrder.nativeOrder();

    static {
        ManaHandleObjects.install(); // lets the checkpoint engine save and restore handle objects
    }

    public static final Intracomm COMM_WORLD = new Intracomm(Predefined.handle(Kind.COMM, "COMM_WORLD"));
    public static final Intracomm COMM_SELF = new Intracomm(Predefined.handle(Kind.COMM, "COMM_SELF"));

    public static final Op MAX = op("MAX");
    public static final Op MIN = op("MIN");
    public static final Op SUM = op("SUM");
    public static final Op PROD = op("PROD");
    public static final Op LAND = op("LAND");
    public static final Op BAND = op("BAND");
    public static final Op LOR = op("LOR");
    public static final Op BOR = op("BOR");
    public static final Op LXOR = op("LXOR");
    public static final Op BXOR = op("BXOR");
    public static final Op REPLACE = op("REPLACE");
    public static final Op NO_OP = op("NO_OP");
    public static final Op MINLOC = op("MINLOC");
    public static final Op MAXLOC = op("MAXLOC");

    public static final Datatype DATATYPE_NULL = type("DATATYPE_NULL");
    public static final Datatype BYTE = type("BYTE");
    public static final Datatype CHAR = type("CHAR");
    public static final Datatype SHORT = type("SHORT");
    public static final Datatype BOOLEAN = type("BOOLEAN");
    public static final Datatype INT = type("INT");
    public static final Datatype LONG = type("LONG");
    public static final Datatype FLOAT = type("FLOAT");
    public static final Datatype DOUBLE = type("DOUBLE");
    public static final Datatype PACKED = type("PACKED");
    public static final Datatype FLOAT_COMPLEX = type("FLOAT_COMPLEX");
    public static final Datatype DOUBLE_COMPLEX = type("DOUBLE_COMPLEX");
    public static final Datatype INT2 = type("INT2");
    public static final Datatype SHORT_INT = type("SHORT_INT");
    public static final Datatype LONG_INT = type("LONG_INT");
    public static final Datatype FLOAT_INT = type("FLOAT_INT");
    public static final Datatype DOUBLE_INT = type("DOUBLE_INT");

    // Layouts of the C pair structs on LP64 (value size, offset of the int, int size).
    public static final Int2 int2 = new Int2(4, 4);
    public static final ShortInt shortInt = new ShortInt(2, 4, 4);
    public static final LongInt longInt = new LongInt(8, 8, 4);
    public static final FloatInt floatInt = new FloatInt(4, 4);
    public static final DoubleInt doubleInt = new DoubleInt(8, 4);

    public static final Request REQUEST_NULL = new Request(Predefined.handle(Kind.REQUEST, "REQUEST_NULL"));
    public static final Group GROUP_EMPTY = new Group(Predefined.handle(Kind.GROUP, "GROUP_EMPTY"));
    public static final Info INFO_ENV = new Info(Predefined.handle(Kind.INFO, "INFO_ENV"));
    public static final Info INFO_NULL = new Info(Predefined.handle(Kind.INFO, "INFO_NULL"));
    public static final Errhandler ERRORS_ARE_FATAL =
            new Errhandler(Predefined.handle(Kind.ERRHANDLER, "ERRORS_ARE_FATAL"));
    public static final Errhandler ERRORS_RETURN =
            new Errhandler(Predefined.handle(Kind.ERRHANDLER, "ERRORS_RETURN"));

    private static Op op(String name) {
        return Op.ofHandle(Predefined.handle(Kind.OP, name));
    }

    private static Datatype type(String name) {
        return new Datatype(Predefined.handle(Kind.DATATYPE, name));
    }

    /** As in Open MPI, whose class has the default constructor (an instance has no use). */
    public MPI() {
    }

    private static EnvProvider env() {
        return FunctionTable.env();
    }

    /** As in Open MPI: fails unless MPI is initialized and not finalized. */
    protected static void check() throws MPIException {
        if (!isInitialized()) {
            throw new MPIException("MPI is not initialized.");
        }
        if (isFinalized()) {
            throw new MPIException("MPI is finalized.");
        }
    }

    /** As in Open MPI: an attribute value as bytes (Java serialization). */
    protected static byte[] attrSet(Object value) throws MPIException {
        return ManaComms.serialize(value);
    }

    /** As in Open MPI: an attribute value from {@link #attrSet}'s bytes; null stays null. */
    protected static Object attrGet(byte[] value) throws MPIException {
        return ManaComms.deserialize(value);
    }

    public static String[] Init(String[] args) throws MPIException {
        try {
            return env().init(args);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int InitThread(String[] args, int required) throws MPIException {
        try {
            return env().initThread(args, required);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static int queryThread() throws MPIException {
        try {
            return env().queryThread();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static boolean isThreadMain() throws MPIException {
        try {
            return env().isThreadMain();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void Finalize() throws MPIException {
        try {
            env().finalizeMpi();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static double wtime() throws MPIException {
        try {
            return env().wtime();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static double wtick() throws MPIException {
        try {
            return env().wtick();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static Version getVersion() {
        try {
            int[] v = env().version();
            return new Version(v[0], v[1]);
        } catch (ManaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static String getLibVersion() {
        try {
            return env().libVersion();
        } catch (ManaException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static String getProcessorName() throws MPIException {
        try {
            return env().processorName();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static boolean isInitialized() throws MPIException {
        try {
            return env().isInitialized();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static boolean isFinalized() throws MPIException {
        try {
            return env().isFinalized();
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    /** MPI_Pcontrol has no effect without a profiling layer, as in Open MPI. */
    public static void pControl(int level, Object obj) {
    }

    public static ByteBuffer newByteBuffer(int capacity) {
        return ByteBuffer.allocateDirect(capacity).order(nativeOrder);
    }

    public static CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(capacity * 2).asCharBuffer();
    }

    public static ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(capacity * 2).asShortBuffer();
    }

    public static IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(capacity * 4).asIntBuffer();
    }

    public static LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(capacity * 8).asLongBuffer();
    }

    public static FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(capacity * 4).asFloatBuffer();
    }

    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(capacity * 8).asDoubleBuffer();
    }

    protected static void assertDirectBuffer(Buffer buf) {
        if (!buf.isDirect()) {
            throw new IllegalArgumentException("The buffer must be direct.");
        }
    }

    protected static void assertDirectBuffer(Buffer sendbuf, Buffer recvbuf) {
        if (!sendbuf.isDirect()) {
            throw new IllegalArgumentException("The send buffer must be direct.");
        }
        if (!recvbuf.isDirect()) {
            throw new IllegalArgumentException("The recv. buffer must be direct.");
        }
    }

    protected static boolean isDirectBuffer(Object obj) {
        return obj instanceof Buffer && ((Buffer) obj).isDirect();
    }

    protected static boolean isHeapBuffer(Object obj) {
        return obj instanceof Buffer && !((Buffer) obj).isDirect();
    }

    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        return buf.clear().position(offset).slice().order(nativeOrder);
    }

    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(nativeOrder);
    }

    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
    }
}
