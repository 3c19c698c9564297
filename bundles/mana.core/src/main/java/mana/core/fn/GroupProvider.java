package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Groups (area {@link Area#COMM}). Groups are virtual handles with their members' world ranks
 * ({@link mana.core.desc.GroupDescriptor}); {@code GROUP_EMPTY} is predefined.
 * Methods beyond the first ones have default bodies that throw the "missing" error, so partial
 * providers (tests, benchmarks) still compile.
 */
public interface GroupProvider {
    @MpiName("MPI_Group_size")
    int size(int group) throws ManaException;

    @MpiName("MPI_Group_rank")
    default int rank(int group) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_rank", null);
    }

    /** Frees the group; returns the handle the application's object holds afterwards (null). */
    @MpiName("MPI_Group_free")
    default int free(int group) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_free", null);
    }

    @MpiName("MPI_Group_translate_ranks")
    default int[] translateRanks(int group1, int[] ranks1, int group2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_translate_ranks", null);
    }

    @MpiName("MPI_Group_compare")
    default int compare(int group1, int group2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_compare", null);
    }

    @MpiName("MPI_Group_union")
    default int union(int group1, int group2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_union", null);
    }

    @MpiName("MPI_Group_intersection")
    default int intersection(int group1, int group2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_intersection", null);
    }

    @MpiName("MPI_Group_difference")
    default int difference(int group1, int group2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_difference", null);
    }

    @MpiName("MPI_Group_incl")
    default int incl(int group, int[] ranks) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_incl", null);
    }

    @MpiName("MPI_Group_excl")
    default int excl(int group, int[] ranks) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_excl", null);
    }

    @MpiName("MPI_Group_range_incl")
    default int rangeIncl(int group, int[][] ranges) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_range_incl", null);
    }

    @MpiName("MPI_Group_range_excl")
    default int rangeExcl(int group, int[][] ranges) throws ManaException {
        throw FunctionCatalog.missing("MPI_Group_range_excl", null);
    }
}
