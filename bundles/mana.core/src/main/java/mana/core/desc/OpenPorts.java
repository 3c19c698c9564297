package mana.core.desc;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The ports this rank opened with {@code MPI_Open_port} and has not closed. A restart runs in a
 * new Open MPI job, where such a port does not exist: {@code accept} on the saved name, or
 * {@code connect} to it, fails there (Open MPI takes it for a port of another mpirun). So a
 * transparent checkpoint is refused while one is open.
 */
public final class OpenPorts {

    private static final Set<String> OPEN = ConcurrentHashMap.newKeySet();

    private OpenPorts() {
    }

    /** A port was opened under this name. */
    public static void opened(String name) {
        OPEN.add(name);
    }

    /** The port of this name was closed. */
    public static void closed(String name) {
        OPEN.remove(name);
    }

    /** One port still open, or null when none is. */
    public static String anyOpen() {
        return OPEN.stream().findFirst().orElse(null);
    }
}
