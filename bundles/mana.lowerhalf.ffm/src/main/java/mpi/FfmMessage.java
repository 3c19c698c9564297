package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.allocHandle;
import static mpi.FfmSupport.allocStatus;
import static mpi.FfmSupport.check;
import static mpi.FfmSupport.getHandle;
import static mpi.FfmSupport.statusToJava;
import static mpi.FfmSupport.wrap;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Message (ompi/mpi/java/c/mpi_Message.c): matched probe and receive. */
final class FfmMessage {

    private static final class MPROBE { static final MethodHandle H = FfmLib.fn("MPI_Mprobe", "int rank tag comm ptr ptr"); }
    private static final class IMPROBE {
        static final MethodHandle H = FfmLib.fn("MPI_Improbe", "int rank tag comm ptr ptr ptr");
    }
    private static final class MRECV { static final MethodHandle H = FfmLib.fn("MPI_Mrecv", "int ptr int type ptr ptr"); }
    private static final class IMRECV { static final MethodHandle H = FfmLib.fn("MPI_Imrecv", "int ptr int type ptr ptr"); }

    private FfmMessage() {
    }

    /** As the C init: the class's null handles. */
    static void init() {
        FfmSupport.setStatic(Message.class, "NULL", FfmLib.c("MPI_MESSAGE_NULL"));
        FfmSupport.setStatic(Message.class, "NO_PROC", FfmLib.c("MPI_MESSAGE_NO_PROC"));
    }

    static long mProbe(Message self, int source, int tag, long comm, long[] status) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment msg = allocHandle(a, "msg");
            MemorySegment st = allocStatus(a);
            check((int) MPROBE.H.invokeExact(source, tag, comm, msg, st));
            statusToJava(st, status, -1);
            return getHandle(msg, "msg", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static Status imProbe(Message self, int source, int tag, long comm) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            MemorySegment msg = allocHandle(a, "msg");
            MemorySegment st = allocStatus(a);
            check((int) IMPROBE.H.invokeExact(source, tag, comm, flag, msg, st));
            if (flag.get(JAVA_INT, 0) == 0) {
                return null;
            }
            self.handle = getHandle(msg, "msg", 0);
            return FfmSupport.newStatus(st);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long mRecv(Message self, long message, Object buf, boolean db, int offset, int count, long type,
            int baseType, long[] status) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment ptr = FfmSupport.write(a, buf, db, offset, count, type);
            MemorySegment msg = allocHandle(a, "msg", message);
            MemorySegment st = allocStatus(a);
            check((int) MRECV.H.invokeExact(ptr, count, type, msg, st));
            statusToJava(st, status, -1);
            boolean noGaps = FfmSupport.typeSize(type) == FfmSupport.extent(type);
            FfmSupport.writeBack(ptr, buf, db, offset, noGaps ? status[4] : Long.MAX_VALUE);
            return getHandle(msg, "msg", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }

    static long imRecv(Message self, long message, Object buf, int count, long type) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment msg = allocHandle(a, "msg", message);
            MemorySegment req = allocHandle(a, "req");
            check((int) IMRECV.H.invokeExact(FfmSupport.direct(buf), count, type, msg, req));
            self.handle = getHandle(msg, "msg", 0);
            return getHandle(req, "req", 0);
        } catch (Throwable t) {
            throw wrap(t);
        }
    }
}
