package mana.wrappers.base;

import java.util.LinkedHashMap;
import java.util.Map;
import mana.core.desc.InfoDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mpi.Info;
import mpi.MPIException;

/** For wrapper bundles: info handles (virtual, with their key/value pairs, or predefined) and the lower half's infos. */
public final class Infos {
    public static final int NULL = Predefined.handle(Kind.INFO, "INFO_NULL");

    public static Info lower(int vid) throws ManaException {
        return (Info) Handles.lower(vid, Kind.INFO);
    }

    /** The key/value pairs of a lower-half info, in its key order; empty for MPI_INFO_NULL. */
    public static Map<String, String> pairs(Info info) throws MPIException {
        Map<String, String> m = new LinkedHashMap<>();
        if (info == null || info.isNull()) {
            return m;
        }
        int n = info.size();
        for (int i = 0; i < n; i++) {
            String k = info.getKey(i);
            m.put(k, info.get(k));
        }
        return m;
    }

    /** The pairs behind an info handle (what a restart passes again). */
    public static Map<String, String> pairs(int vid) throws ManaException, MPIException {
        if (vid != NULL && !mana.core.vid.Vid.isPredefined(vid)
                && Handles.descriptor(vid, Kind.INFO) instanceof InfoDescriptor d) {
            return d.entries();
        }
        return pairs(lower(vid));
    }

    /**
     * A virtual handle for a new lower-half info (MPI_Info_create, _dup, MPI_File_get_info, ...),
     * with a descriptor of its pairs; MPI_INFO_NULL stays the predefined null handle.
     */
    public static int register(Info lowerNew) throws MPIException {
        if (lowerNew == null || lowerNew.isNull()) {
            return NULL;
        }
        return Handles.TABLE.create(Kind.INFO, lowerNew, new InfoDescriptor(pairs(lowerNew)));
    }

    /** Makes a lower-half info holding {@code pairs} (a restart), or MPI_INFO_NULL when there are none. */
    public static Info make(Map<String, String> pairs, boolean nullWhenEmpty) throws MPIException {
        if (pairs.isEmpty() && nullWhenEmpty) {
            return mpi.MPI.INFO_NULL;
        }
        Info i = new Info();
        for (Map.Entry<String, String> e : pairs.entrySet()) {
            i.set(e.getKey(), e.getValue());
        }
        return i;
    }

    private Infos() {
    }
}
