package mana.apigen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.StaticJavaParser;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NativeRewriterTest {

    private static final String COMM = """
            package mpi;
            public class Comm {
                static { System.loadLibrary("mpi_java"); init(); }
                private static native void init();
                private native int getRank(long comm) throws MPIException;
                private native long getGroup(long comm);
                protected final native long[] iDup(long comm) throws MPIException;
                public int plain() { return 1; }
            }
            """;

    private static final String C = """
            JNIEXPORT void JNICALL Java_mpi_Comm_init(JNIEnv *env, jclass clazz) { x = 1; }
            JNIEXPORT jint JNICALL Java_mpi_Comm_getRank(JNIEnv *env, jobject jthis, jlong comm)
            {
                int rank;
                int rc = MPI_Comm_rank((MPI_Comm)comm, &rank);
                if (rc != MPI_SUCCESS) ompi_java_exceptionCheck(env, rc);
                return rank;
            }
            JNIEXPORT jlong JNICALL Java_mpi_Comm_getGroup(JNIEnv *env, jobject jthis, jlong comm)
            { MPI_Group g; int rc = MPI_Comm_group((MPI_Comm)comm, &g); return (jlong)g; }
            JNIEXPORT jlongArray JNICALL Java_mpi_Comm_iDup(JNIEnv *env, jobject jthis, jlong comm)
            { MPI_Comm newcomm; MPI_Request request; int rc = MPI_Comm_idup((MPI_Comm)comm, &newcomm, &request); }
            JNIEXPORT void JNICALL Java_mpi_MPI_Finalize_1jni(JNIEnv *env, jclass obj)
            { OBJ_DESTRUCT(&ompi_java_buffers); int rc = MPI_Finalize(); }
            """;

    private static final String FFM = """
            package mpi;
            final class FfmComm {
                static void init() { }
                static int getRank(Comm self, long comm) throws MPIException { return 0; }
                static long getGroup(Comm self, long comm) throws MPIException { return 0; }
                static long[] iDup(long comm) { return null; }   // wrong: iDup is an instance native
                private static int helper(long x) { return 0; }
            }
            """;

    @Test
    void mpiFunctionsAreReadFromTheCCode() {
        Map<String, String> names = NativeRewriter.mpiFunctionsFromCSource(C);
        assertEquals("MPI_Comm_rank", names.get("Comm.getRank"));
        assertEquals("MPI_Comm_idup", names.get("Comm.iDup"));
        assertEquals("MPI_Finalize", names.get("MPI.Finalize_jni"), "JNI's _1 is an underscore");
        assertFalse(names.containsKey("Comm.init"), "no MPI call, no name");
    }

    @Test
    void implementedNativesCallTheFfmClassAndTheRestThrow() {
        Set<String> impl = NativeRewriter.implementationsInSource(StaticJavaParser.parse(FFM));
        assertTrue(impl.contains("FfmComm.getRank(Comm,long)"));
        assertFalse(impl.contains("FfmComm.helper(long)"), "private helpers are not implementations");

        NativeRewriter r = new NativeRewriter(NativeRewriter.mpiFunctionsFromCSource(C), impl);
        String out = r.rewrite(COMM);

        assertFalse(out.contains("native"), out);
        assertFalse(out.contains("loadLibrary"), out);
        assertTrue(out.contains("return FfmComm.getRank(this, comm);"), out);
        assertTrue(out.contains("FfmComm.init();"), out);
        // getGroup does not declare MPIException: it is thrown as JNI throws it, unchecked by javac.
        assertTrue(out.contains("return FfmComm.getGroup(this, comm);"), out);
        assertTrue(out.contains("throw FfmSupport.rethrow(e);"), out);
        // The signatures differ (static vs instance): not an implementation.
        assertTrue(out.contains("throw FfmSupport.unsupported(\"MPI_Comm_idup\", \"Comm.iDup\");"), out);
        assertTrue(out.contains("public int plain()"), out);

        assertEquals(4, r.natives().size());
        assertEquals(3, r.natives().stream().filter(NativeRewriter.Native::implemented).count());
        String report = r.report();
        assertTrue(report.contains("**3 of 4 implemented.**"), report);
        assertTrue(report.contains("| `iDup` | MPI_Comm_idup | no |"), report);
    }
}
