package mana.wrappers.p2p;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * The lower half's calls on arrays of requests, done as its own {@code Request.waitAll(...)}
 * etc. do them (copy the handles out, call the native, copy them back) except that the handles
 * are copied back in a {@code finally}: when the call fails, Open MPI has still completed and
 * freed requests (the failed ones too, in ompi_errhandler_request_invoke), and the binding's
 * own methods would leave the Java objects with freed handles. With the handles copied back,
 * the request wrappers see which requests are gone and drop their virtual handles.
 */
final class LowerArrays {
    private static final VarHandle HANDLE;
    private static final MethodHandle CHECK;
    private static final MethodHandle WAIT_ANY;
    private static final MethodHandle WAIT_ANY_STATUS;
    private static final MethodHandle TEST_ANY;
    private static final MethodHandle TEST_ANY_STATUS;
    private static final MethodHandle WAIT_ALL;
    private static final MethodHandle WAIT_ALL_STATUS;
    private static final MethodHandle TEST_ALL;
    private static final MethodHandle TEST_ALL_STATUS;
    private static final MethodHandle WAIT_SOME;
    private static final MethodHandle WAIT_SOME_STATUS;
    private static final MethodHandle TEST_SOME;
    private static final MethodHandle TEST_SOME_STATUS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(Request.class, MethodHandles.lookup());
            HANDLE = l.findVarHandle(Request.class, "handle", long.class);
            CHECK = MethodHandles.privateLookupIn(mpi.MPI.class, MethodHandles.lookup())
                    .findStatic(mpi.MPI.class, "check", MethodType.methodType(void.class));
            WAIT_ANY = l.findStatic(Request.class, "waitAny", MethodType.methodType(int.class, long[].class));
            WAIT_ANY_STATUS = l.findStatic(Request.class, "waitAnyStatus",
                    MethodType.methodType(void.class, long[].class, long[].class));
            TEST_ANY = l.findStatic(Request.class, "testAny", MethodType.methodType(int.class, long[].class));
            TEST_ANY_STATUS = l.findStatic(Request.class, "testAnyStatus", MethodType.methodType(Status.class, long[].class));
            WAIT_ALL = l.findStatic(Request.class, "waitAll", MethodType.methodType(void.class, long[].class));
            WAIT_ALL_STATUS = l.findStatic(Request.class, "waitAllStatus", MethodType.methodType(Status[].class, long[].class));
            TEST_ALL = l.findStatic(Request.class, "testAll", MethodType.methodType(boolean.class, long[].class));
            TEST_ALL_STATUS = l.findStatic(Request.class, "testAllStatus", MethodType.methodType(Status[].class, long[].class));
            WAIT_SOME = l.findStatic(Request.class, "waitSome", MethodType.methodType(int[].class, long[].class));
            WAIT_SOME_STATUS = l.findStatic(Request.class, "waitSomeStatus", MethodType.methodType(Status[].class, long[].class));
            TEST_SOME = l.findStatic(Request.class, "testSome", MethodType.methodType(int[].class, long[].class));
            TEST_SOME_STATUS = l.findStatic(Request.class, "testSomeStatus", MethodType.methodType(Status[].class, long[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static long[] handles(Request[] r) throws MPIException {
        check();
        long[] h = new long[r.length];
        for (int i = 0; i < r.length; i++) {
            h[i] = (long) HANDLE.get(r[i]);
        }
        return h;
    }

    private static void setHandles(Request[] r, long[] h) {
        for (int i = 0; i < r.length; i++) {
            HANDLE.set(r[i], h[i]);
        }
    }

    private static void check() throws MPIException {
        try {
            CHECK.invokeExact();
        } catch (MPIException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static MPIException rethrow(Throwable t) {
        if (t instanceof MPIException e) {
            return e;
        }
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(t);
    }

    static int waitAny(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (int) WAIT_ANY.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status waitAnyStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        Status s = mana.wrappers.base.Lower.status(new long[0]); // a new lower-half Status
        try {
            WAIT_ANY_STATUS.invokeExact(h, mana.wrappers.base.Lower.statusFields(s));
            return s;
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static int testAny(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (int) TEST_ANY.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status testAnyStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (Status) TEST_ANY_STATUS.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static void waitAll(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            WAIT_ALL.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status[] waitAllStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (Status[]) WAIT_ALL_STATUS.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static boolean testAll(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (boolean) TEST_ALL.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status[] testAllStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (Status[]) TEST_ALL_STATUS.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static int[] waitSome(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (int[]) WAIT_SOME.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status[] waitSomeStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (Status[]) WAIT_SOME_STATUS.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static int[] testSome(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (int[]) TEST_SOME.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    static Status[] testSomeStatus(Request[] r) throws MPIException {
        long[] h = handles(r);
        try {
            return (Status[]) TEST_SOME_STATUS.invokeExact(h);
        } catch (Throwable t) {
            throw rethrow(t);
        } finally {
            setHandles(r, h);
        }
    }

    private LowerArrays() {
    }
}
