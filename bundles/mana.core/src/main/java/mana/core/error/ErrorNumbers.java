package mana.core.error;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.fn.FunctionTable;

/**
 * MANA's own errors are made with {@link ErrorClass} (Open MPI's numbers); the application must
 * see the numbers of the lower half's API ({@code MPI.ERR_*}). Every lower half today gives Open
 * MPI's numbers (the FFM one translates MPICH's at its boundary, e.g. MPICH's MPI_ERR_WIN 45 is
 * the API's 53), so this is the identity; it stays for a lower half that does not. Translated by
 * class name: the lower half's {@code MPI.ERR_<NAME>}, read once per class. A class the lower half
 * does not name, or a lower half that cannot be asked, keeps its number.
 */
public final class ErrorNumbers {
    private static final Map<Integer, String> NAMES = names();
    private static final Map<Integer, Integer> LOWER = new ConcurrentHashMap<>();

    private ErrorNumbers() {
    }

    /** The lower half's number of the error class (or code equal to a class) {@code openMpi}. */
    public static int toLowerHalf(int openMpi) {
        String name = NAMES.get(openMpi);
        if (name == null || openMpi == ErrorClass.SUCCESS) {
            return openMpi;
        }
        Integer known = LOWER.get(openMpi);
        if (known != null) {
            return known;
        }
        int n;
        try {
            n = FunctionTable.env().intConstant("MPI.ERR_" + name);
        } catch (ManaException | RuntimeException e) {
            return openMpi; // no lower half to ask (yet): not cached
        }
        LOWER.put(openMpi, n);
        return n;
    }

    /** The class's name as mpi.h spells it after MPI_ERR_ (e.g. INFO_VALUE), or null. */
    public static String name(int openMpi) {
        return NAMES.get(openMpi);
    }

    /** Forgets what was read (tests install another lower half). */
    static void forget() {
        LOWER.clear();
    }

    /** ErrorClass's constants by value. */
    private static Map<Integer, String> names() {
        Map<Integer, String> m = new TreeMap<>();
        for (Field f : ErrorClass.class.getFields()) {
            if (f.getType() == int.class && Modifier.isStatic(f.getModifiers())) {
                try {
                    m.put(f.getInt(null), f.getName());
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return Map.copyOf(m);
    }
}
