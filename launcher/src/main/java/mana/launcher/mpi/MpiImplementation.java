package mana.launcher.mpi;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The MPI library and lower half a job's ranks run on ({@code mana run --mpi NAME}): Open MPI's
 * own Java binding (JNI, the default), or the FFM lower half ({@code mpi-ffm.jar}) on Open MPI's
 * or MPICH's C library.
 */
public enum MpiImplementation {
    OPENMPI_JNI("openmpi-jni", null, "mpirun"),
    OPENMPI("openmpi", "openmpi", "mpirun"),
    MPICH("mpich", "mpich", "mpirun.mpich");

    private final String cliName;
    private final String ffmName;
    private final String mpirun;

    MpiImplementation(String cliName, String ffmName, String mpirun) {
        this.cliName = cliName;
        this.ffmName = ffmName;
        this.mpirun = mpirun;
    }

    public static final MpiImplementation DEFAULT = OPENMPI_JNI;

    /** As --mpi spells it (openmpi-jni, openmpi, mpich). */
    public String cliName() {
        return cliName;
    }

    /** Whether the ranks run the FFM lower half (a JDK 22+, mpi-ffm.jar). */
    public boolean ffm() {
        return ffmName != null;
    }

    /** The FFM lower half's name of the library ({@code -Dmana.ffm.mpi=}, the ABI shim's suffix), or null. */
    public String ffmName() {
        return ffmName;
    }

    /** The launcher program: Open MPI's mpirun, or MPICH's hydra (options translated by {@link HydraOptions}). */
    public String mpirun() {
        return mpirun;
    }

    /** Whether mpirun is MPICH's hydra. */
    public boolean hydra() {
        return this == MPICH;
    }

    /** The implementation named NAME (case ignored), if any. */
    public static Optional<MpiImplementation> byName(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(m -> m.cliName.equals(n)).findFirst();
    }

    /** "openmpi-jni, openmpi, mpich" for messages. */
    public static String names() {
        return Arrays.stream(values()).map(MpiImplementation::cliName).collect(Collectors.joining(", "));
    }
}
