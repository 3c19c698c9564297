package mana.conformance;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;
import mpi.MPI;

/**
 * MPI error classes by name. The numbers differ between libraries (MPI_ERR_ROOT is 8 in Open MPI,
 * 7 in MPICH; MPI_ERR_TRUNCATE 15 and 14), the names do not: programs print names so that the
 * logs of a run on MPICH compare with raw Open MPI's. Read from the running library's
 * {@code MPI.ERR_*} fields (not compile-time constants in the API), so the same jar names the
 * classes of either. Shared by the conformance modules (build-helper adds this directory).
 */
public final class ErrorNames {
    private static Map<Integer, String> names;

    /** "ERR_ROOT" for MPI_ERR_ROOT's class on the running library; the number if no field has it. */
    public static synchronized String of(int errorClass) {
        if (names == null) {
            names = read();
        }
        return names.getOrDefault(errorClass, String.valueOf(errorClass));
    }

    private static Map<Integer, String> read() {
        Map<Integer, String> m = new TreeMap<>();
        // alphabetical, the first name wins: deterministic whatever order reflection gives
        Map<String, Field> byName = new TreeMap<>();
        for (Field f : MPI.class.getFields()) {
            if (f.getName().startsWith("ERR_") && !f.getName().equals("ERR_LASTCODE") && f.getType() == int.class
                    && Modifier.isStatic(f.getModifiers())) {
                byName.put(f.getName(), f);
            }
        }
        for (Map.Entry<String, Field> e : byName.entrySet()) {
            try {
                m.putIfAbsent(e.getValue().getInt(null), e.getKey());
            } catch (IllegalAccessException ex) {
                // not readable: that class prints as a number
            }
        }
        m.putIfAbsent(0, "SUCCESS");
        return m;
    }

    private ErrorNames() {
    }
}
