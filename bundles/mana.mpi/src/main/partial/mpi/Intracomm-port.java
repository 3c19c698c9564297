package mpi;

import mana.core.error.ManaException;
import mana.core.fn.FunctionTable;

/**
 * Ports, names and process creation of Intracomm: accept/connect between groups, spawn of new
 * processes (area comm, bundle mana.wrappers.comm).
 */
public class Intracomm {

    public static String openPort() throws MPIException {
        return openPort(MPI.INFO_NULL);
    }

    public static String openPort(Info info) throws MPIException {
        try {
            return FunctionTable.comm().openPort(info.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void closePort(String name) throws MPIException {
        try {
            FunctionTable.comm().closePort(name);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Intercomm accept(String port, int root) throws MPIException {
        return accept(port, MPI.INFO_NULL, root);
    }

    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().accept(vid, port, info.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intercomm connect(String port, int root) throws MPIException {
        return connect(port, MPI.INFO_NULL, root);
    }

    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().connect(vid, port, info.vid, root));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public static void publishName(String service, String port) throws MPIException {
        publishName(service, MPI.INFO_NULL, port);
    }

    public static void publishName(String service, Info info, String port) throws MPIException {
        try {
            FunctionTable.comm().publishName(service, info.vid, port);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static void unpublishName(String service, String port) throws MPIException {
        unpublishName(service, MPI.INFO_NULL, port);
    }

    public static void unpublishName(String service, Info info, String port) throws MPIException {
        try {
            FunctionTable.comm().unpublishName(service, info.vid, port);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public static String lookupName(String service) throws MPIException {
        return lookupName(service, MPI.INFO_NULL);
    }

    public static String lookupName(String service, Info info) throws MPIException {
        try {
            return FunctionTable.comm().lookupName(service, info.vid);
        } catch (ManaException e) {
            throw ManaErrors.of(e);
        }
    }

    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes)
            throws MPIException {
        try {
            return new Intercomm(FunctionTable.comm().spawn(vid, command, argv, maxprocs, info.vid, root, errcodes));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }

    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root,
            int[] errcodes) throws MPIException {
        int[] infos = new int[info.length]; // a null array throws as in the raw binding
        for (int i = 0; i < info.length; i++) {
            infos[i] = info[i].vid;
        }
        try {
            return new Intercomm(FunctionTable.comm().spawnMultiple(vid, commands, argv, maxprocs, infos, root, errcodes));
        } catch (ManaException e) {
            throw ManaErrors.of(e, this);
        }
    }
}
