package mana.core.fn;

import mana.core.error.ManaException;

/**
 * Info objects (area {@link Area#ENV}). Infos are virtual handles with a
 * {@link mana.core.desc.InfoDescriptor} that mirrors their key/value pairs, so a restart can
 * pass the same hints again; INFO_NULL and INFO_ENV are predefined handles.
 */
public interface InfoProvider {
    @MpiName("MPI_Info_create")
    int create() throws ManaException;

    @MpiName("MPI_Info_set")
    void set(int info, String key, String value) throws ManaException;

    /** The value, or null when the key is not set. */
    @MpiName("MPI_Info_get")
    String get(int info, String key) throws ManaException;

    @MpiName("MPI_Info_delete")
    void delete(int info, String key) throws ManaException;

    @MpiName("MPI_Info_get_nkeys")
    int size(int info) throws ManaException;

    @MpiName("MPI_Info_get_nthkey")
    String key(int info, int n) throws ManaException;

    @MpiName("MPI_Info_dup")
    int dup(int info) throws ManaException;

    /** Frees the info; returns the handle the application's object holds afterwards (INFO_NULL). */
    @MpiName("MPI_Info_free")
    int free(int info) throws ManaException;
}
