package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Communicator queries and management (area {@link Area#COMM}). Communicators, groups,
 * errhandlers and infos are virtual (or predefined) handles; every new communicator gets a
 * {@link mana.core.desc.CommDescriptor} with its members' world ranks and a gid agreed by
 * broadcast over the new communicator. A result of {@link mana.core.vid.Vid#NULL} means
 * MPI_COMM_NULL (for example {@code split} with {@code MPI.UNDEFINED}).
 * Methods beyond the first ones have default bodies that throw the "missing" error, so partial
 * providers (tests, benchmarks) still compile.
 */
public interface CommProvider {
    @MpiName("MPI_Comm_rank")
    int rank(int comm) throws ManaException;

    @MpiName("MPI_Comm_size")
    int size(int comm) throws ManaException;

    @MpiName("MPI_Comm_dup")
    default int dup(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_dup", null);
    }

    /** MPI_Comm_idup; MANA completes it before returning (the gid is agreed on the new communicator). */
    @MpiName("MPI_Comm_idup")
    default int iDup(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_idup", null);
    }

    @MpiName("MPI_Comm_dup_with_info")
    default int dupWithInfo(int comm, int info) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_dup_with_info", null);
    }

    @MpiName("MPI_Comm_split")
    default int split(int comm, int color, int key) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_split", null);
    }

    @MpiName("MPI_Comm_split_type")
    default int splitType(int comm, int splitType, int key, int info) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_split_type", null);
    }

    @MpiName("MPI_Comm_create")
    default int create(int comm, int group) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_create", null);
    }

    @MpiName("MPI_Comm_create_group")
    default int createGroup(int comm, int group, int tag) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_create_group", null);
    }

    /** Frees the communicator; returns the handle the application's object holds afterwards (null). */
    @MpiName("MPI_Comm_free")
    default int free(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_free", null);
    }

    @MpiName("MPI_Comm_compare")
    default int compare(int comm1, int comm2) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_compare", null);
    }

    /** A new group handle. */
    @MpiName("MPI_Comm_group")
    default int group(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_group", null);
    }

    @MpiName("MPI_Comm_test_inter")
    default boolean isInter(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_test_inter", null);
    }

    @MpiName("MPI_Topo_test")
    default int topology(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Topo_test", null);
    }

    @MpiName("MPI_Comm_set_name")
    default void setName(int comm, String name) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_set_name", null);
    }

    @MpiName("MPI_Comm_get_name")
    default String name(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_get_name", null);
    }

    @MpiName("MPI_Comm_create_keyval")
    default int createKeyval() throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_create_keyval", null);
    }

    @MpiName("MPI_Comm_free_keyval")
    default void freeKeyval(int keyval) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_free_keyval", null);
    }

    /** Stores an attribute value already serialized by the upper half (the binding's own form). */
    @MpiName("MPI_Comm_set_attr")
    default void setAttr(int comm, int keyval, byte[] value) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_set_attr", null);
    }

    /**
     * For a predefined keyval ({@code MPI.TAG_UB}, ...) the value as the raw binding returns it
     * ({@code Integer}, {@code Boolean} or null); for a user keyval the serialized bytes or null.
     */
    @MpiName("MPI_Comm_get_attr")
    default Object getAttr(int comm, int keyval) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_get_attr", null);
    }

    @MpiName("MPI_Comm_delete_attr")
    default void deleteAttr(int comm, int keyval) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_delete_attr", null);
    }

    @MpiName("MPI_Comm_set_errhandler")
    default void setErrhandler(int comm, int errhandler) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_set_errhandler", null);
    }

    /** The errhandler handle (a predefined one: ERRORS_ARE_FATAL or ERRORS_RETURN). */
    @MpiName("MPI_Comm_get_errhandler")
    default int errhandler(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_get_errhandler", null);
    }

    @MpiName("MPI_Comm_call_errhandler")
    default void callErrhandler(int comm, int errorCode) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_call_errhandler", null);
    }

    /**
     * For errors MANA detects itself: true when they must be returned as exceptions (the
     * communicator's errhandler is ERRORS_RETURN), false when they are fatal. An invalid or
     * null communicator answers for MPI_COMM_WORLD, as Open MPI does. No lower-half call, no gate.
     */
    @MpiName("mana.errorsReturn")
    default boolean errorsReturn(int comm) {
        return false;
    }

    @MpiName("MPI_Intercomm_create")
    default int createIntercomm(int comm, int localComm, int localLeader, int remoteLeader, int tag) throws ManaException {
        throw FunctionCatalog.missing("MPI_Intercomm_create", null);
    }

    @MpiName("MPI_Intercomm_merge")
    default int merge(int intercomm, boolean high) throws ManaException {
        throw FunctionCatalog.missing("MPI_Intercomm_merge", null);
    }

    @MpiName("MPI_Comm_remote_size")
    default int remoteSize(int intercomm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_remote_size", null);
    }

    /** A new group handle. */
    @MpiName("MPI_Comm_remote_group")
    default int remoteGroup(int intercomm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_remote_group", null);
    }

    @MpiName("MPI_Comm_set_info")
    default void setInfo(int comm, int info) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_set_info", null);
    }

    /** A new info handle with the communicator's hints. */
    @MpiName("MPI_Comm_get_info")
    default int getInfo(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_get_info", null);
    }

    /** A port name of this process (MPI_Open_port); {@code info} is an info handle (MPI_INFO_NULL for none). */
    @MpiName("MPI_Open_port")
    default String openPort(int info) throws ManaException {
        throw FunctionCatalog.missing("MPI_Open_port", null);
    }

    @MpiName("MPI_Close_port")
    default void closePort(String port) throws ManaException {
        throw FunctionCatalog.missing("MPI_Close_port", null);
    }

    /** A new intercommunicator handle (collective over {@code comm}; {@code port} counts only at {@code root}). */
    @MpiName("MPI_Comm_accept")
    default int accept(int comm, String port, int info, int root) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_accept", null);
    }

    /** A new intercommunicator handle (collective over {@code comm}; {@code port} counts only at {@code root}). */
    @MpiName("MPI_Comm_connect")
    default int connect(int comm, String port, int info, int root) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_connect", null);
    }

    /** Disconnects and frees the communicator; returns the handle the application's object holds afterwards (null). */
    @MpiName("MPI_Comm_disconnect")
    default int disconnect(int comm) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_disconnect", null);
    }

    @MpiName("MPI_Publish_name")
    default void publishName(String service, int info, String port) throws ManaException {
        throw FunctionCatalog.missing("MPI_Publish_name", null);
    }

    @MpiName("MPI_Unpublish_name")
    default void unpublishName(String service, int info, String port) throws ManaException {
        throw FunctionCatalog.missing("MPI_Unpublish_name", null);
    }

    @MpiName("MPI_Lookup_name")
    default String lookupName(String service, int info) throws ManaException {
        throw FunctionCatalog.missing("MPI_Lookup_name", null);
    }

    @MpiName("MPI_Comm_get_parent")
    default int getParent() throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_get_parent", null);
    }

    /**
     * Starts {@code maxprocs} processes of {@code command} and returns the handle of the
     * intercommunicator to them (collective over {@code comm}; the arguments count at {@code root}
     * only). {@code info} is an info handle; {@code errcodes} (may be null) gets one code per process.
     */
    @MpiName("MPI_Comm_spawn")
    default int spawn(int comm, String command, String[] argv, int maxprocs, int info, int root, int[] errcodes)
            throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_spawn", null);
    }

    /** {@link #spawn} of several commands at once; {@code infos} holds one info handle per command. */
    @MpiName("MPI_Comm_spawn_multiple")
    default int spawnMultiple(int comm, String[] commands, String[][] argv, int[] maxprocs, int[] infos, int root,
            int[] errcodes) throws ManaException {
        throw FunctionCatalog.missing("MPI_Comm_spawn_multiple", null);
    }
}
