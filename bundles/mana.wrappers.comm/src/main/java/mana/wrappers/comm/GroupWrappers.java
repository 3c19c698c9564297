package mana.wrappers.comm;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.GroupProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Vid;
import mana.wrappers.base.Args;
import mana.wrappers.base.Comms;
import mana.wrappers.base.Lower;
import mpi.Group;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/** Groups: every new group gets a virtual handle and a descriptor with its members' world ranks. */
@Component(service = GroupProvider.class)
public final class GroupWrappers implements GroupProvider {
    private static final int SIZE = FunctionStats.id("MPI_Group_size");
    private static final int RANK = FunctionStats.id("MPI_Group_rank");
    private static final int FREE = FunctionStats.id("MPI_Group_free");
    private static final int TRANSLATE = FunctionStats.id("MPI_Group_translate_ranks");
    private static final int COMPARE = FunctionStats.id("MPI_Group_compare");
    private static final int UNION = FunctionStats.id("MPI_Group_union");
    private static final int INTERSECTION = FunctionStats.id("MPI_Group_intersection");
    private static final int DIFFERENCE = FunctionStats.id("MPI_Group_difference");
    private static final int INCL = FunctionStats.id("MPI_Group_incl");
    private static final int EXCL = FunctionStats.id("MPI_Group_excl");
    private static final int RANGE_INCL = FunctionStats.id("MPI_Group_range_incl");
    private static final int RANGE_EXCL = FunctionStats.id("MPI_Group_range_excl");

    private static <T> T call(int id, CommWrappers.Body<T> body) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.enter();
        try {
            return body.run();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    @Override
    public int size(int group) throws ManaException {
        return call(SIZE, () -> Comms.group(group).getSize());
    }

    @Override
    public int rank(int group) throws ManaException {
        return call(RANK, () -> Comms.group(group).getRank());
    }

    @Override
    public int free(int group) throws ManaException {
        return call(FREE, () -> {
            Group g = Comms.group(group);
            g.free();
            if (!Vid.isPredefined(group)) {
                Handles.TABLE.free(group, Kind.GROUP);
            }
            return Vid.NULL;
        });
    }

    @Override
    public int[] translateRanks(int group1, int[] ranks1, int group2) throws ManaException {
        return call(TRANSLATE, () -> {
            Args.notNull(ranks1, "ranks1");
            Group g1 = Comms.group(group1);
            int n = g1.getSize();
            for (int i = 0; i < ranks1.length; i++) {
                // Open MPI 4.1.4 reads past its group for these (SIGSEGV)
                if ((ranks1[i] < 0 || ranks1[i] >= n) && ranks1[i] != mpi.MPI.PROC_NULL) {
                    throw ManaException.of(ErrorClass.RANK, "invalid rank: ranks1[" + i + "] is " + ranks1[i]
                            + ", the group has " + n + " processes");
                }
            }
            return Group.translateRanks(g1, ranks1, Comms.group(group2));
        });
    }

    @Override
    public int compare(int group1, int group2) throws ManaException {
        return call(COMPARE, () -> Group.compare(Comms.group(group1), Comms.group(group2)));
    }

    @Override
    public int union(int group1, int group2) throws ManaException {
        return call(UNION, () -> Comms.register(Group.union(Comms.group(group1), Comms.group(group2))));
    }

    @Override
    public int intersection(int group1, int group2) throws ManaException {
        return call(INTERSECTION, () -> Comms.register(Group.intersection(Comms.group(group1), Comms.group(group2))));
    }

    @Override
    public int difference(int group1, int group2) throws ManaException {
        return call(DIFFERENCE, () -> Comms.register(Group.difference(Comms.group(group1), Comms.group(group2))));
    }

    @Override
    public int incl(int group, int[] ranks) throws ManaException {
        return call(INCL, () -> {
            Args.notNull(ranks, "ranks");
            return Comms.register(Comms.group(group).incl(ranks));
        });
    }

    @Override
    public int excl(int group, int[] ranks) throws ManaException {
        return call(EXCL, () -> {
            Args.notNull(ranks, "ranks");
            return Comms.register(Comms.group(group).excl(ranks));
        });
    }

    @Override
    public int rangeIncl(int group, int[][] ranges) throws ManaException {
        return call(RANGE_INCL, () -> {
            checkRanges(ranges);
            return Comms.register(Comms.group(group).rangeIncl(ranges));
        });
    }

    @Override
    public int rangeExcl(int group, int[][] ranges) throws ManaException {
        return call(RANGE_EXCL, () -> {
            checkRanges(ranges);
            return Comms.register(Comms.group(group).rangeExcl(ranges));
        });
    }

    /**
     * Open MPI's binding reads three ints from every element without a check: a null element
     * crashes the JVM, a shorter one reads past the array.
     */
    static void checkRanges(int[][] ranges) throws ManaException {
        Args.notNull(ranges, "ranges");
        for (int i = 0; i < ranges.length; i++) {
            Args.notNull(ranges[i], "ranges[" + i + "]");
            if (ranges[i].length < 3) {
                throw ManaException.of(ErrorClass.ARG, "invalid argument: ranges[" + i + "] has " + ranges[i].length
                        + " elements, a range needs 3 (first, last, stride)");
            }
        }
    }
}
