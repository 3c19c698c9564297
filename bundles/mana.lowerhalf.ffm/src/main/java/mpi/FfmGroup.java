package mpi;

import static java.lang.foreign.ValueLayout.JAVA_INT;
import static mpi.FfmSupport.handleOut;
import static mpi.FfmSupport.intOut;
import static mpi.FfmSupport.ints;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;

/** FFM natives of mpi.Group (ompi/mpi/java/c/mpi_Group.c). */
final class FfmGroup {

    private static final class SIZE { static final MethodHandle H = FfmLib.fn("MPI_Group_size", "int group ptr"); }
    private static final class RANK { static final MethodHandle H = FfmLib.fn("MPI_Group_rank", "int group ptr"); }
    private static final class FREE { static final MethodHandle H = FfmLib.fn("MPI_Group_free", "int ptr"); }
    private static final class TRANSLATE {
        static final MethodHandle H = FfmLib.fn("MPI_Group_translate_ranks", "int group int ptr group ptr");
    }
    private static final class COMPARE { static final MethodHandle H = FfmLib.fn("MPI_Group_compare", "int group group ptr"); }
    private static final class UNION { static final MethodHandle H = FfmLib.fn("MPI_Group_union", "int group group ptr"); }
    private static final class INTERSECTION {
        static final MethodHandle H = FfmLib.fn("MPI_Group_intersection", "int group group ptr");
    }
    private static final class DIFFERENCE {
        static final MethodHandle H = FfmLib.fn("MPI_Group_difference", "int group group ptr");
    }
    private static final class INCL { static final MethodHandle H = FfmLib.fn("MPI_Group_incl", "int group int ptr ptr"); }
    private static final class EXCL { static final MethodHandle H = FfmLib.fn("MPI_Group_excl", "int group int ptr ptr"); }
    private static final class RANGE_INCL {
        static final MethodHandle H = FfmLib.fn("MPI_Group_range_incl", "int group int ptr ptr");
    }
    private static final class RANGE_EXCL {
        static final MethodHandle H = FfmLib.fn("MPI_Group_range_excl", "int group int ptr ptr");
    }

    private FfmGroup() {
    }

    /** As the C init: the class's null handle(s). */
    static void init() {
        FfmSupport.setStatic(Group.class, "nullHandle", FfmLib.c("MPI_GROUP_NULL"));
    }

    static long getEmpty() {
        return FfmLib.c("MPI_GROUP_EMPTY");
    }

    static int getSize(Group self, long group) throws MPIException {
        return intOut((a, out) -> (int) SIZE.H.invokeExact(group, out));
    }

    static int getRank(Group self, long group) throws MPIException {
        return FfmLib.VALUES.rankOut(intOut((a, out) -> (int) RANK.H.invokeExact(group, out)));
    }

    static long free(Group self, long group) throws MPIException {
        return handleOut("group", group, (a, out) -> (int) FREE.H.invokeExact(out));
    }

    static int[] translateRanks(long group1, int[] ranks1, long group2) throws MPIException {
        try (Arena a = FfmScratch.open()) {
            MemorySegment out = a.allocate(JAVA_INT, Math.max(ranks1.length, 1));
            FfmSupport.check((int) TRANSLATE.H.invokeExact(group1, ranks1.length,
                    ints(a, FfmLib.VALUES.ranksIn(ranks1)), group2, out));
            return FfmLib.VALUES.ranksOut(out.asSlice(0, 4L * ranks1.length).toArray(JAVA_INT));
        } catch (Throwable t) {
            throw FfmSupport.wrap(t);
        }
    }

    static int compare(long group1, long group2) throws MPIException {
        return FfmLib.VALUES.comparisons.out(intOut((a, out) -> (int) COMPARE.H.invokeExact(group1, group2, out)));
    }

    static long union(long group1, long group2) throws MPIException {
        return handleOut("group", (a, out) -> (int) UNION.H.invokeExact(group1, group2, out));
    }

    static long intersection(long group1, long group2) throws MPIException {
        return handleOut("group", (a, out) -> (int) INTERSECTION.H.invokeExact(group1, group2, out));
    }

    static long difference(long group1, long group2) throws MPIException {
        return handleOut("group", (a, out) -> (int) DIFFERENCE.H.invokeExact(group1, group2, out));
    }

    static long incl(Group self, long group, int[] ranks) throws MPIException {
        return handleOut("group", (a, out) -> (int) INCL.H.invokeExact(group, ranks.length, ints(a, ranks), out));
    }

    static long excl(Group self, long group, int[] ranks) throws MPIException {
        return handleOut("group", (a, out) -> (int) EXCL.H.invokeExact(group, ranks.length, ints(a, ranks), out));
    }

    static long rangeIncl(Group self, long group, int[][] ranges) throws MPIException {
        return handleOut("group", (a, out) -> (int) RANGE_INCL.H.invokeExact(group, ranges.length, triples(a, ranges), out));
    }

    static long rangeExcl(Group self, long group, int[][] ranges) throws MPIException {
        return handleOut("group", (a, out) -> (int) RANGE_EXCL.H.invokeExact(group, ranges.length, triples(a, ranges), out));
    }

    private static MemorySegment triples(Arena a, int[][] ranges) {
        MemorySegment s = a.allocate(JAVA_INT, 3L * Math.max(ranges.length, 1));
        for (int i = 0; i < ranges.length; i++) {
            for (int j = 0; j < 3; j++) {
                s.setAtIndex(JAVA_INT, 3L * i + j, ranges[i][j]);
            }
        }
        return s;
    }
}
