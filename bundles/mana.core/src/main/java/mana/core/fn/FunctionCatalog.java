package mana.core.fn;

import java.util.Locale;
import java.util.regex.Pattern;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;

/** Which area (and so which bundle) each MPI function belongs to, and the error for a missing one. */
public final class FunctionCatalog {

    private static final Pattern ENV = Pattern.compile("MPI_(Init|Init_thread|Finalize|Initialized|Finalized|Wtime"
            + "|Wtick|Get_processor_name|Get_version|Get_library_version|Query_thread|Is_thread_main|Abort|Pcontrol"
            + "|Error_.*|Add_error_.*|Errhandler_.*|Comm_call_errhandler|.*_errhandler|Info_.*|Buffer_attach"
            + "|Buffer_detach)");
    private static final Pattern CART = Pattern.compile("MPI_(Cart.*|Graph.*|Dist_graph.*|Dims_create|Topo_test)");
    private static final Pattern IO = Pattern.compile("MPI_(File_.*|Register_datarep)");
    private static final Pattern RMA = Pattern.compile("MPI_(Win_.*|Put|Get|Accumulate|Get_accumulate|Fetch_and_op"
            + "|Compare_and_swap|Rput|Rget|Raccumulate|Rget_accumulate|Alloc_mem|Free_mem)");
    private static final Pattern SPAWN = Pattern.compile("MPI_Comm_join");
    private static final Pattern TYPES = Pattern.compile("MPI_(Type_.*|Op_.*|Pack_external.*|Get_address)");
    private static final Pattern COLL = Pattern.compile("MPI_(Barrier|Bcast|Gather|Gatherv|Scatter|Scatterv"
            + "|Allgather|Allgatherv|Alltoall|Alltoallv|Alltoallw|Reduce|Allreduce|Reduce_local|Reduce_scatter"
            + "|Reduce_scatter_block|Scan|Exscan|Neighbor_.*)");
    private static final Pattern COMM = Pattern.compile("MPI_(Comm_.*|Group_.*|Intercomm_.*|Keyval_.*|Attr_.*"
            + "|Open_port|Close_port|Publish_name|Unpublish_name|Lookup_name)");

    /** The area of a canonical MPI name ({@code MPI_Send}) or of a Java-only member ({@code mpi.Status.getSource}). */
    public static Area areaOf(String name) {
        if (name.startsWith("mpi.")) {
            return areaOfClass(name.substring(4, name.indexOf('.', 4) < 0 ? name.length() : name.indexOf('.', 4)));
        }
        if (ENV.matcher(name).matches()) {
            return Area.ENV;
        }
        if (SPAWN.matcher(name).matches()) {
            return Area.SPAWN;
        }
        if (CART.matcher(name).matches()) {
            return Area.CART;
        }
        if (IO.matcher(name).matches()) {
            return Area.IO;
        }
        if (RMA.matcher(name).matches()) {
            return Area.RMA;
        }
        if (TYPES.matcher(name).matches()) {
            return Area.TYPES;
        }
        if (COLL.matcher(name).matches() || COLL.matcher(blockingForm(name)).matches()) {
            return Area.COLL;
        }
        if (COMM.matcher(name).matches()) {
            return Area.COMM;
        }
        return Area.P2P;
    }

    /** MPI_Iallreduce becomes MPI_Allreduce: non-blocking collectives share their blocking form's area. */
    static String blockingForm(String name) {
        if (name.length() > 6 && name.startsWith("MPI_I") && Character.isLowerCase(name.charAt(5))) {
            return "MPI_" + Character.toUpperCase(name.charAt(5)) + name.substring(6);
        }
        return name;
    }

    static Area areaOfClass(String simpleClass) {
        return switch (simpleClass.toLowerCase(Locale.ROOT)) {
            case "mpi", "info", "errhandler", "count", "version", "mpiexception" -> Area.ENV;
            case "comm", "intracomm", "intercomm", "group" -> Area.COMM;
            case "cartcomm", "graphcomm", "cartparms", "graphparms", "shiftparms", "distgraphneighbors" -> Area.CART;
            case "file", "fileview" -> Area.IO;
            case "win" -> Area.RMA;
            case "datatype", "struct", "op", "userfunction", "int2", "shortint", "longint", "floatint",
                 "doubleint", "floatcomplex", "doublecomplex" -> Area.TYPES;
            default -> Area.P2P;
        };
    }

    /** The error for a call that no installed bundle provides. */
    public static ManaException missing(String mpiName, String javaMember) {
        Area area = areaOf(mpiName);
        String fn = javaMember == null || javaMember.isEmpty() ? mpiName : mpiName + " (" + javaMember + ")";
        String message = area.bundle() == null
                ? fn + " is not supported by MANA: no wrapper bundle exists for " + area.description()
                : fn + ": no installed wrapper bundle provides this function yet (" + area.description()
                  + " are provided by bundle " + area.bundle() + ")";
        return ManaException.of(ErrorClass.UNSUPPORTED_OPERATION, message);
    }

    private FunctionCatalog() {
    }
}
