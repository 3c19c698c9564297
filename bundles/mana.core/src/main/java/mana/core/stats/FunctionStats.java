package mana.core.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import mana.core.gate.CallerThreads;

/**
 * Call counts per MPI function, cheap enough to stay on: a function gets an id once
 * ({@link #id}, at class initialization of its wrapper) and each call is one add, atomic only
 * when the application may call MPI from several threads at once ({@link CallerThreads}).
 */
public final class FunctionStats {
    private static final int MAX = 1024;
    private static final ConcurrentHashMap<String, Integer> IDS = new ConcurrentHashMap<>();
    private static final String[] NAMES = new String[MAX];
    private static final long[] CALLS = new long[MAX];

    /** The id of an MPI function name, the same for every caller. */
    public static synchronized int id(String mpiName) {
        Integer known = IDS.get(mpiName);
        if (known != null) {
            return known;
        }
        int id = IDS.size();
        if (id >= MAX) {
            throw new IllegalStateException("more than " + MAX + " MPI functions");
        }
        NAMES[id] = mpiName;
        IDS.put(mpiName, id);
        return id;
    }

    public static void count(int id) {
        CallerThreads.increment(CALLS, id);
    }

    public static long calls(String mpiName) {
        Integer id = IDS.get(mpiName);
        return id == null ? 0 : CallerThreads.get(CALLS, id);
    }

    public record Row(String function, long calls) {
    }

    /** Functions called at least once, in id order. */
    public static List<Row> snapshot() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < IDS.size() && i < MAX; i++) {
            long c = CallerThreads.get(CALLS, i);
            if (c > 0 && NAMES[i] != null) {
                rows.add(new Row(NAMES[i], c));
            }
        }
        return rows;
    }

    private FunctionStats() {
    }
}
