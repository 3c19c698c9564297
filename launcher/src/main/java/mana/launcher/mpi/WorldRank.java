package mana.launcher.mpi;

import java.util.Map;

/**
 * This process's rank and the job's size as the MPI launcher says them before MPI_Init:
 * Open MPI's {@code OMPI_COMM_WORLD_RANK/SIZE}, else MPICH hydra's {@code PMI_RANK/PMI_SIZE}.
 */
public final class WorldRank {
    private WorldRank() {
    }

    /** The rank, or null when no MPI launcher started this process. */
    public static String rank() {
        return rank(System.getenv());
    }

    /** The world size, or null when no MPI launcher started this process. */
    public static String size() {
        return size(System.getenv());
    }

    static String rank(Map<String, String> env) {
        return first(env, "OMPI_COMM_WORLD_RANK", "PMI_RANK");
    }

    static String size(Map<String, String> env) {
        return first(env, "OMPI_COMM_WORLD_SIZE", "PMI_SIZE");
    }

    private static String first(Map<String, String> env, String ompi, String pmi) {
        String v = env.get(ompi);
        return v != null && !v.isBlank() ? v : env.get(pmi);
    }
}
