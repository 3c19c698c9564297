package mpi;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The API's int constants are Open MPI 4.1's ({@link OpenMpiConstants}) whatever the C library;
 * this translates them to the library's values on the way down and back on the way up (MPICH:
 * ANY_SOURCE -2, PROC_NULL -1, ROOT -3, CART 2, error classes from ERR_GROUP on, keyvals, lock
 * types, assert bits, orders, distributions). On Open MPI every table is the identity and
 * {@link #identity} lets callers skip it. Each kind is a handful of (API, library) pairs looked
 * up linearly; a rank or tag that is not negative returns at the first compare.
 */
final class FfmValues {

    /**
     * A negative rank the API does not define becomes this on the way down: no library gives it a
     * meaning (Open MPI's -3 would be MPICH's ROOT), so the call fails with MPI_ERR_RANK as on Open MPI.
     */
    static final int INVALID_RANK = -1_000_000;

    private static final int HOST = OpenMpiConstants.VALUES.get("HOST");
    private static final int IO = OpenMpiConstants.VALUES.get("IO");

    final Kind ranks;
    final Kind tags;
    final Kind errors;
    final Kind keyvals;
    final Kind topologies;
    final Kind comparisons;
    final Kind threadLevels;
    final Kind orders;
    final Kind distributions;
    final Kind locks;
    final Kind whence;
    final Bits asserts;
    final Bits amodes;
    /** True when the library's values are the API's (Open MPI): nothing to translate. */
    final boolean identity;

    /** @param library the library's value of MPI_NAME (by its C name), or null if its mpi.h has none */
    FfmValues(Function<String, Long> library) {
        ranks = kind(library, "ANY_SOURCE", "PROC_NULL", "ROOT", "UNDEFINED");
        tags = kind(library, "ANY_TAG");
        errors = kind(library, errorNames());
        keyvals = kind(library, "TAG_UB", "HOST", "IO", "WTIME_IS_GLOBAL", "APPNUM", "LASTUSEDCODE", "UNIVERSE_SIZE",
                "WIN_BASE", "WIN_SIZE", "WIN_DISP_UNIT", "KEYVAL_INVALID");
        topologies = kind(library, "GRAPH", "DIST_GRAPH", "CART", "UNDEFINED");
        comparisons = kind(library, "IDENT", "CONGRUENT", "SIMILAR", "UNEQUAL");
        threadLevels = kind(library, "THREAD_SINGLE", "THREAD_FUNNELED", "THREAD_SERIALIZED", "THREAD_MULTIPLE");
        orders = kind(library, "ORDER_C", "ORDER_FORTRAN");
        distributions = kind(library, "DISTRIBUTE_BLOCK", "DISTRIBUTE_CYCLIC", "DISTRIBUTE_NONE", "DISTRIBUTE_DFLT_DARG");
        locks = kind(library, "LOCK_EXCLUSIVE", "LOCK_SHARED");
        whence = kind(library, "SEEK_SET", "SEEK_CUR", "SEEK_END");
        asserts = new Bits(kind(library, "MODE_NOCHECK", "MODE_NOPRECEDE", "MODE_NOPUT", "MODE_NOSTORE", "MODE_NOSUCCEED"));
        amodes = new Bits(kind(library, "MODE_CREATE", "MODE_RDONLY", "MODE_WRONLY", "MODE_RDWR", "MODE_DELETE_ON_CLOSE",
                "MODE_UNIQUE_OPEN", "MODE_EXCL", "MODE_APPEND", "MODE_SEQUENTIAL"));
        identity = List.of(ranks, tags, errors, keyvals, topologies, comparisons, threadLevels, orders, distributions,
                locks, whence, asserts.kind, amodes.kind).stream().allMatch(k -> k.identity);
    }

    /** SUCCESS and every error class (ERR_LASTCODE is a bound, not a class). */
    private static String[] errorNames() {
        List<String> names = new ArrayList<>();
        for (String n : OpenMpiConstants.VALUES.keySet()) {
            if (n.equals("SUCCESS") || n.startsWith("ERR_") && !n.equals("ERR_LASTCODE")) {
                names.add(n);
            }
        }
        return names.toArray(String[]::new);
    }

    private static Kind kind(Function<String, Long> library, String... names) {
        List<int[]> pairs = new ArrayList<>();
        for (String n : names) {
            Integer api = OpenMpiConstants.VALUES.get(n);
            Long lib = library.apply("MPI_" + n);
            if (api == null) {
                throw new IllegalStateException("no Open MPI value for MPI_" + n);
            }
            if (lib != null) {
                pairs.add(new int[] {api, lib.intValue()});
            }
        }
        return new Kind(pairs);
    }

    // ----- ranks: the hot path (every send, receive, status) -----

    /** A rank the application gave (source, dest, root, target) as the library names it. */
    int rankIn(int rank) {
        if (rank >= 0 || ranks.identity) {
            return rank;
        }
        int i = ranks.apiIndex(rank);
        return i >= 0 ? ranks.lib[i] : ranks.isLibraryValue(rank) ? INVALID_RANK : rank;
    }

    /** A rank the library gave (status source, shift neighbour, translated rank) as the API names it. */
    int rankOut(int rank) {
        return rank >= 0 || ranks.identity ? rank : ranks.out(rank);
    }

    /** Ranks the application gave, as the library names them: the same array unless one is negative. */
    int[] ranksIn(int[] ranks) {
        if (ranks == null || this.ranks.identity) {
            return ranks;
        }
        int[] out = ranks;
        for (int i = 0; i < ranks.length; i++) {
            if (ranks[i] < 0) {
                out = out == ranks ? ranks.clone() : out;
                out[i] = rankIn(ranks[i]);
            }
        }
        return out;
    }

    /** Ranks the library gave, translated in place (and returned). */
    int[] ranksOut(int[] ranks) {
        if (!this.ranks.identity) {
            for (int i = 0; i < ranks.length; i++) {
                ranks[i] = rankOut(ranks[i]);
            }
        }
        return ranks;
    }

    int tagIn(int tag) {
        return tag >= 0 || tags.identity ? tag : tags.in(tag);
    }

    int tagOut(int tag) {
        return tag >= 0 || tags.identity ? tag : tags.out(tag);
    }

    /**
     * An error code from the library as the API gives it: a code that is a class (all of Open
     * MPI's predefined codes are) becomes the API's class; a code that encodes more (MPICH's) stays.
     */
    int errorOut(int code) {
        return errors.out(code);
    }

    /** An error class or code from the application as the library knows it. */
    int errorIn(int code) {
        return errors.in(code);
    }

    /** The value of a predefined attribute (keyval in the API's numbering) as the API gives it. */
    int attributeOut(int apiKeyval, int value) {
        return apiKeyval == HOST || apiKeyval == IO ? rankOut(value) : value;
    }

    /** One kind of constant: (API value, library value) pairs. */
    static final class Kind {
        private final int[] api;
        private final int[] lib;
        final boolean identity;

        Kind(List<int[]> pairs) {
            api = new int[pairs.size()];
            lib = new int[pairs.size()];
            boolean same = true;
            for (int i = 0; i < api.length; i++) {
                api[i] = pairs.get(i)[0];
                lib[i] = pairs.get(i)[1];
                same &= api[i] == lib[i];
            }
            identity = same;
        }

        /** The library's value of an API value; any other value unchanged. */
        int in(int v) {
            int i = apiIndex(v);
            return i >= 0 ? lib[i] : v;
        }

        int apiIndex(int v) {
            for (int i = 0; i < api.length; i++) {
                if (api[i] == v) {
                    return i;
                }
            }
            return -1;
        }

        /** The API's value of a library value; any other value unchanged. */
        int out(int v) {
            for (int i = 0; i < lib.length; i++) {
                if (lib[i] == v) {
                    return api[i];
                }
            }
            return v;
        }

        boolean isLibraryValue(int v) {
            for (int x : lib) {
                if (x == v) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Flags (file access modes, RMA asserts): each API bit to the library's bit; unknown bits kept. */
    static final class Bits {
        final Kind kind;

        Bits(Kind kind) {
            this.kind = kind;
        }

        int in(int flags) {
            if (kind.identity) {
                return flags;
            }
            int out = 0;
            int known = 0;
            for (int i = 0; i < kind.api.length; i++) {
                known |= kind.api[i];
                if ((flags & kind.api[i]) != 0) {
                    out |= kind.lib[i];
                }
            }
            return out | (flags & ~known);
        }
    }
}
