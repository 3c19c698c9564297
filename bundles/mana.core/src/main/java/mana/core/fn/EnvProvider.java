package mana.core.fn;

import mana.core.error.ManaException;

/** Environment functions (area {@link Area#ENV}). Handles are virtual handles. */
public interface EnvProvider {
    @MpiName("MPI_Init")
    String[] init(String[] args) throws ManaException;

    @MpiName("MPI_Init_thread")
    int initThread(String[] args, int required) throws ManaException;

    @MpiName("MPI_Finalize")
    void finalizeMpi() throws ManaException;

    @MpiName("MPI_Initialized")
    boolean isInitialized() throws ManaException;

    @MpiName("MPI_Finalized")
    boolean isFinalized() throws ManaException;

    @MpiName("MPI_Query_thread")
    int queryThread() throws ManaException;

    @MpiName("MPI_Is_thread_main")
    boolean isThreadMain() throws ManaException;

    @MpiName("MPI_Wtime")
    double wtime() throws ManaException;

    @MpiName("MPI_Wtick")
    double wtick() throws ManaException;

    @MpiName("MPI_Get_processor_name")
    String processorName() throws ManaException;

    /** {version, subversion}. */
    @MpiName("MPI_Get_version")
    int[] version() throws ManaException;

    @MpiName("MPI_Get_library_version")
    String libVersion() throws ManaException;

    @MpiName("MPI_Abort")
    void abort(int comm, int errorCode) throws ManaException;

    /**
     * An integer constant of the lower half's Java API, by its qualified field name
     * (e.g. {@code MPI.ANY_SOURCE}); the upper half copies them at class initialization.
     */
    @MpiName("mpi.MPI.<constants>")
    int intConstant(String qualifiedName) throws ManaException;
}
