package mana.core.fn;

import mana.core.error.ManaException;

/** Groups (area {@link Area#COMM}). Groups are virtual handles with their members' world ranks. */
public interface GroupProvider {
    @MpiName("MPI_Group_size")
    int size(int group) throws ManaException;
}
