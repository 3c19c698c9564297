package mana.wrappers.p2p;

import mana.core.error.ManaException;

/** The request-array calls when some requests were completed by MANA itself (see mana.wrappers.base.Drained). */
final class DrainedArrays {

    /** waitsome/testsome without statuses: the indices of the early completions. */
    static int[] indices(long[][] early) {
        int n = 0;
        for (long[] s : early) {
            n += s != null ? 1 : 0;
        }
        int[] out = new int[n];
        int k = 0;
        for (int i = 0; i < early.length; i++) {
            if (early[i] != null) {
                out[k++] = i;
            }
        }
        return out;
    }

    /** waitsome/testsome with statuses: the early completions' statuses (field 5 holds the index). */
    static long[][] statuses(long[][] early) {
        int[] idx = indices(early);
        long[][] out = new long[idx.length][];
        for (int k = 0; k < idx.length; k++) {
            out[k] = early[idx[k]];
        }
        return out;
    }

    /**
     * testall: true only when every request is complete. The early ones are complete; the
     * others are tested by the lower half, and only if all of them are done are the early
     * ones finished too (a false testall must leave every request as it was).
     */
    static boolean testAll(RequestWrappers w, int[] requests, long[][] statuses) throws ManaException {
        int[] rest = requests.clone();
        for (int i = 0; i < rest.length; i++) {
            if (mana.wrappers.base.Drained.early(rest[i]) != null) {
                rest[i] = mana.wrappers.base.Requests.NULL;
            }
        }
        long[][] restStatuses = statuses == null ? null : new long[requests.length][];
        if (!w.testAllLower(rest, restStatuses)) {
            return false;
        }
        long[][] early = mana.wrappers.base.Drained.finishAll(requests);
        for (int i = 0; i < requests.length; i++) {
            if (early[i] == null) {
                requests[i] = rest[i];
                if (statuses != null && i < statuses.length) {
                    statuses[i] = restStatuses[i];
                }
            } else if (statuses != null && i < statuses.length) {
                statuses[i] = early[i];
            }
        }
        return true;
    }

    /**
     * waitall: the early completions are finished here, the others completed by the lower half
     * (with the early ones replaced by the null request, so a persistent one is not seen twice).
     */
    static void waitAll(RequestWrappers w, int[] requests, long[][] statuses) throws ManaException {
        long[][] early = mana.wrappers.base.Drained.finishAll(requests);
        int[] rest = requests.clone();
        for (int i = 0; i < rest.length; i++) {
            if (early[i] != null) {
                rest[i] = mana.wrappers.base.Requests.NULL;
            }
        }
        long[][] restStatuses = statuses == null ? null : new long[requests.length][];
        w.waitAllLower(rest, restStatuses);
        for (int i = 0; i < requests.length; i++) {
            if (early[i] == null) {
                requests[i] = rest[i];
            }
            if (statuses != null && i < statuses.length) {
                statuses[i] = early[i] != null ? early[i] : restStatuses[i];
            }
        }
    }

    private DrainedArrays() {
    }
}
