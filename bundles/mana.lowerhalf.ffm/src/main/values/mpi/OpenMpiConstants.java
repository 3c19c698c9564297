package mpi;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Open MPI 4.1's values of the int constants the Java API exposes (the fields of
 * {@code mpi.Constant}, set from {@code MPI_<NAME>} of Open MPI 4.1.4's mpi.h, as its JNI code
 * does). The FFM lower half gives the application these whatever the C library, so a program
 * checkpointed on one library and restarted on another keeps numbers that mean the same thing;
 * {@link FfmValues} translates at the downcalls. {@code ERR_SYSRESOURCE} is not here: Open
 * MPI's mpi.h has no such class and its JNI code leaves the field 0. Checked against mpi.h by
 * tests/lowerhalf.ffm's FfmValuesTest.
 */
final class OpenMpiConstants {

    private OpenMpiConstants() {
    }

    /** Name (without MPI_) to value, in mpi.Constant's field order. */
    static final Map<String, Integer> VALUES = table(
            "THREAD_SINGLE", 0, "THREAD_FUNNELED", 1, "THREAD_SERIALIZED", 2, "THREAD_MULTIPLE", 3,
            "GRAPH", 2, "DIST_GRAPH", 3, "CART", 1, "ANY_SOURCE", -1,
            "ANY_TAG", -1, "PROC_NULL", -2, "UNDEFINED", -32766, "IDENT", 0,
            "CONGRUENT", 1, "SIMILAR", 2, "UNEQUAL", 3, "TAG_UB", 0,
            "HOST", 1, "IO", 2, "WTIME_IS_GLOBAL", 3, "APPNUM", 4,
            "LASTUSEDCODE", 5, "UNIVERSE_SIZE", 6, "WIN_BASE", 7, "WIN_SIZE", 8,
            "WIN_DISP_UNIT", 9, "VERSION", 3, "SUBVERSION", 1, "ROOT", -4,
            "KEYVAL_INVALID", -1, "BSEND_OVERHEAD", 128, "MAX_OBJECT_NAME", 64, "MAX_PORT_NAME", 1024,
            "MAX_DATAREP_STRING", 128, "MAX_INFO_KEY", 36, "MAX_INFO_VAL", 256, "ORDER_C", 0,
            "ORDER_FORTRAN", 1, "DISTRIBUTE_BLOCK", 0, "DISTRIBUTE_CYCLIC", 1, "DISTRIBUTE_NONE", 2,
            "DISTRIBUTE_DFLT_DARG", -1, "MODE_CREATE", 1, "MODE_RDONLY", 2, "MODE_WRONLY", 4,
            "MODE_RDWR", 8, "MODE_DELETE_ON_CLOSE", 16, "MODE_UNIQUE_OPEN", 32, "MODE_EXCL", 64,
            "MODE_APPEND", 128, "MODE_SEQUENTIAL", 256, "DISPLACEMENT_CURRENT", -54278278, "SEEK_SET", 600,
            "SEEK_CUR", 602, "SEEK_END", 604, "MODE_NOCHECK", 1, "MODE_NOPRECEDE", 2,
            "MODE_NOPUT", 4, "MODE_NOSTORE", 8, "MODE_NOSUCCEED", 16, "LOCK_EXCLUSIVE", 1,
            "LOCK_SHARED", 2, "SUCCESS", 0, "ERR_BUFFER", 1, "ERR_COUNT", 2,
            "ERR_TYPE", 3, "ERR_TAG", 4, "ERR_COMM", 5, "ERR_RANK", 6,
            "ERR_REQUEST", 7, "ERR_ROOT", 8, "ERR_GROUP", 9, "ERR_OP", 10,
            "ERR_TOPOLOGY", 11, "ERR_DIMS", 12, "ERR_ARG", 13, "ERR_UNKNOWN", 14,
            "ERR_TRUNCATE", 15, "ERR_OTHER", 16, "ERR_INTERN", 17, "ERR_IN_STATUS", 18,
            "ERR_PENDING", 19, "ERR_ACCESS", 20, "ERR_AMODE", 21, "ERR_ASSERT", 22,
            "ERR_BAD_FILE", 23, "ERR_BASE", 24, "ERR_CONVERSION", 25, "ERR_DISP", 26,
            "ERR_DUP_DATAREP", 27, "ERR_FILE_EXISTS", 28, "ERR_FILE_IN_USE", 29, "ERR_FILE", 30,
            "ERR_INFO_KEY", 31, "ERR_INFO_NOKEY", 32, "ERR_INFO_VALUE", 33, "ERR_INFO", 34,
            "ERR_IO", 35, "ERR_KEYVAL", 36, "ERR_LOCKTYPE", 37, "ERR_NAME", 38,
            "ERR_NO_MEM", 39, "ERR_NOT_SAME", 40, "ERR_NO_SPACE", 41, "ERR_NO_SUCH_FILE", 42,
            "ERR_PORT", 43, "ERR_QUOTA", 44, "ERR_READ_ONLY", 45, "ERR_RMA_CONFLICT", 46,
            "ERR_RMA_SYNC", 47, "ERR_SERVICE", 48, "ERR_SIZE", 49, "ERR_SPAWN", 50,
            "ERR_UNSUPPORTED_DATAREP", 51, "ERR_UNSUPPORTED_OPERATION", 52, "ERR_WIN", 53, "ERR_LASTCODE", 92);

    private static Map<String, Integer> table(Object... pairs) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (Integer) pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
