package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The FFM lower half's fixed constants (Open MPI 4.1's) and their translation to a library's
 * values. The values of both libraries are read from their own mpi.h: a small C program compiled
 * with mpicc.openmpi / mpicc.mpich (skipped, saying why, without that compiler).
 */
class FfmValuesTest {

    /** OpenMpiConstants is exactly Open MPI's mpi.h, name by name. */
    @Test
    void openMpiTableIsOpenMpisMpiH() throws Exception {
        Map<String, Long> ompi = header("mpicc.openmpi");
        for (Map.Entry<String, Integer> e : OpenMpiConstants.VALUES.entrySet()) {
            assertEquals(ompi.get("MPI_" + e.getKey()), (long) e.getValue(), "MPI_" + e.getKey());
        }
        assertTrue(new FfmValues(ompi::get).identity, "on Open MPI nothing is translated");
    }

    /** Against MPICH's mpi.h: the values that differ are translated both ways. */
    @Test
    void mpichValuesAreTranslated() throws Exception {
        Map<String, Long> mpich = header("mpicc.mpich");
        FfmValues v = new FfmValues(mpich::get);
        assertFalse(v.identity);
        int anySource = api("ANY_SOURCE"), procNull = api("PROC_NULL"), root = api("ROOT");
        assertEquals(lib(mpich, "ANY_SOURCE"), v.rankIn(anySource));
        assertEquals(lib(mpich, "PROC_NULL"), v.rankIn(procNull));
        assertEquals(lib(mpich, "ROOT"), v.rankIn(root));
        assertEquals(anySource, v.rankOut(lib(mpich, "ANY_SOURCE")));
        assertEquals(procNull, v.rankOut(lib(mpich, "PROC_NULL")));
        assertEquals(api("UNDEFINED"), v.rankOut(lib(mpich, "UNDEFINED")));
        assertEquals(3, v.rankIn(3));
        assertEquals(3, v.rankOut(3));
        assertEquals(api("ANY_TAG"), v.tagOut(lib(mpich, "ANY_TAG")));
        for (String cls : new String[] {"ERR_RANK", "ERR_GROUP", "ERR_TRUNCATE", "ERR_WIN", "ERR_KEYVAL", "ERR_RMA_SYNC"}) {
            assertEquals(api(cls), v.errorOut(lib(mpich, cls)), cls);
            assertEquals(lib(mpich, cls), v.errorIn(api(cls)), cls);
        }
        assertEquals(api("CART"), v.topologies.out(lib(mpich, "CART")));
        assertEquals(api("GRAPH"), v.topologies.out(lib(mpich, "GRAPH")));
        assertEquals(lib(mpich, "TAG_UB"), v.keyvals.in(api("TAG_UB")));
        assertEquals(api("KEYVAL_INVALID"), v.keyvals.out(lib(mpich, "KEYVAL_INVALID")));
        assertEquals(lib(mpich, "LOCK_SHARED"), v.locks.in(api("LOCK_SHARED")));
        assertEquals(lib(mpich, "ORDER_FORTRAN"), v.orders.in(api("ORDER_FORTRAN")));
        assertEquals(lib(mpich, "MODE_NOCHECK") | lib(mpich, "MODE_NOPUT"),
                v.asserts.in(api("MODE_NOCHECK") | api("MODE_NOPUT")));
        assertEquals(0, v.asserts.in(0));
        assertEquals(api("SIMILAR"), v.comparisons.out(lib(mpich, "SIMILAR")));
        // a predefined attribute's rank value (MPI_HOST: PROC_NULL when there is no host)
        assertEquals(procNull, v.attributeOut(api("HOST"), lib(mpich, "PROC_NULL")));
        assertEquals(lib(mpich, "PROC_NULL"), v.attributeOut(api("TAG_UB"), lib(mpich, "PROC_NULL")));
    }

    /** The rules that do not depend on a header: unknown values, arrays, the invalid rank. */
    @Test
    void translationRules() {
        // a library that swaps ANY_SOURCE and PROC_NULL and has ROOT at -3 (as MPICH)
        Map<String, Long> lib = new HashMap<>();
        OpenMpiConstants.VALUES.forEach((k, val) -> lib.put("MPI_" + k, (long) val));
        lib.put("MPI_ANY_SOURCE", -2L);
        lib.put("MPI_PROC_NULL", -1L);
        lib.put("MPI_ROOT", -3L);
        lib.put("MPI_ERR_WIN", 45L);
        lib.put("MPI_ERR_READ_ONLY", 40L);
        FfmValues v = new FfmValues(lib::get);
        assertFalse(v.identity);
        // -3 means nothing in the API but is this library's ROOT: it must not become ROOT
        assertEquals(FfmValues.INVALID_RANK, v.rankIn(-3));
        assertEquals(-7, v.rankIn(-7), "a negative rank no one defines stays (MPI_ERR_RANK either way)");
        int[] plain = {0, 1, 2};
        assertSame(plain, v.ranksIn(plain), "no copy without a special rank");
        int[] withNull = {0, -2, 1};
        int[] in = v.ranksIn(withNull);
        assertNotSame(withNull, in);
        assertArrayEquals(new int[] {0, -1, 1}, in);
        assertArrayEquals(new int[] {0, -2, 1}, withNull, "the application's array is left alone");
        assertArrayEquals(new int[] {-2, -1, 5}, v.ranksOut(new int[] {-1, -2, 5}));
        // an error code that is no class (MPICH's codes encode more) is left as it is
        assertEquals(0x1234567, v.errorOut(0x1234567));
        assertEquals(53, v.errorOut(45));
        assertEquals(45, v.errorIn(53));
        // a class this library has no value for is not translated
        Map<String, Long> partial = new HashMap<>(lib);
        partial.remove("MPI_ERR_WIN");
        assertEquals(53, new FfmValues(partial::get).errorIn(53));
        // asserts: unknown bits are kept
        assertEquals(1 << 20, v.asserts.in(1 << 20));
    }

    private static int api(String name) {
        return OpenMpiConstants.VALUES.get(name);
    }

    private static int lib(Map<String, Long> header, String name) {
        Long v = header.get("MPI_" + name);
        assertTrue(v != null, "MPI_" + name + " not in the header");
        return v.intValue();
    }

    /** MPI_<NAME> for every name of OpenMpiConstants, as the library's mpi.h defines them (compiled with its mpicc). */
    private static Map<String, Long> header(String mpicc) throws IOException, InterruptedException {
        Path cc = Path.of("/usr/bin", mpicc);
        assumeTrue(Files.isExecutable(cc), mpicc + " not installed: its mpi.h cannot be read");
        Path dir = Files.createDirectories(Path.of("target/ffm-values", mpicc));
        StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <mpi.h>\nint main(void) {\n");
        for (String n : OpenMpiConstants.VALUES.keySet()) {
            c.append("    printf(\"MPI_").append(n).append(" %lld\\n\", (long long) (MPI_").append(n).append("));\n");
        }
        c.append("    return 0;\n}\n");
        Path src = dir.resolve("values.c");
        Files.writeString(src, c);
        Path exe = dir.resolve("values");
        Process p = new ProcessBuilder(cc.toString(), "-o", exe.toString(), src.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, mpicc + " failed:\n" + out);
        Process run = new ProcessBuilder(exe.toString()).redirectErrorStream(true).start();
        String values = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS) && run.exitValue() == 0, values);
        Map<String, Long> m = new HashMap<>();
        values.lines().map(l -> l.split(" ")).forEach(f -> m.put(f[0], Long.parseLong(f[1])));
        return m;
    }
}
