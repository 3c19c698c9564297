import java.nio.charset.StandardCharsets;
import java.util.List;
import mpi.MPI;
import mpi.MPIException;

/**
 * MPI_INFO_ENV's reserved keys (MPI 4.0, 11.2.4), in the library's order, with their values;
 * the library's own keys (Open MPI's ompi_*) are left out. With "long" first: only whether
 * argv fits MPI_MAX_INFO_VAL (MPICH refuses longer values; the FFM lower half cuts them).
 */
public class InfoEnv {
    static final List<String> RESERVED = List.of("command", "argv", "maxprocs", "soft", "host", "arch", "wdir", "file",
            "thread_level");

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        StringBuilder keys = new StringBuilder();
        for (int i = 0; i < MPI.INFO_ENV.size(); i++) {
            String k = MPI.INFO_ENV.getKey(i);
            if (!RESERVED.contains(k)) {
                continue;
            }
            keys.append(' ').append(k);
            String v = MPI.INFO_ENV.get(k);
            if (args.length > 0 && args[0].equals("long") && k.equals("argv")) {
                System.out.println("rank " + rank + " argv starts 'long x', fits: "
                        + (v.startsWith("long x") && v.getBytes(StandardCharsets.UTF_8).length <= 1024));
            } else {
                System.out.println("rank " + rank + " " + k + "=" + v);
            }
        }
        System.out.println("rank " + rank + " keys:" + keys);
        MPI.Finalize();
    }
}
