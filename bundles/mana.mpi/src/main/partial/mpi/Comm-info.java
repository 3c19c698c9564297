package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/** Info hints and errhandlers of Comm that issue 6 wires (area comm, bundle mana.wrappers.comm). */
public class Comm {

    public final void setInfo(Info info) throws MPIException {
        try {
            FunctionTable.comm().setInfo(vid, info.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Info getInfo() throws MPIException {
        try {
            return new Info(FunctionTable.comm().getInfo(vid));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
