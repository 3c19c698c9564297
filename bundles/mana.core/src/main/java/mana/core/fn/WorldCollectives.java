package mana.core.fn;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;

/**
 * Which calls of a hot-added provider are agreement events: its collectives on MPI_COMM_WORLD
 * (the one communicator every rank calls in the same order), and its calls that make a new MPI
 * object (a datatype, communicator, group, window, file, ...). Those are the calls a program tries
 * and falls back from, so a bundle leaving is switched off there (the {@code createCart} or
 * {@code createContiguous} it retries), not between two calls on an object the bundle made
 * ({@code createCart}, then {@code shift}).
 */
final class WorldCollectives {
    /** Collectives whose first argument is the communicator (besides every blocking or non-blocking collective). */
    private static final Set<String> COMM_COLLECTIVES = Set.of(
            "MPI_Comm_dup", "MPI_Comm_idup", "MPI_Comm_dup_with_info", "MPI_Comm_create", "MPI_Comm_split",
            "MPI_Comm_split_type", "MPI_Comm_spawn", "MPI_Comm_spawn_multiple", "MPI_Comm_accept",
            "MPI_Comm_connect", "MPI_Intercomm_create", "MPI_Cart_create", "MPI_Graph_create",
            "MPI_Dist_graph_create", "MPI_Dist_graph_create_adjacent", "MPI_File_open", "MPI_Win_create",
            "MPI_Win_allocate", "MPI_Win_allocate_shared", "MPI_Win_create_dynamic");
    private static final Set<String> LOCAL_IN_COLL = Set.of("MPI_Reduce_local");
    /** MPI functions that make a new object: an event on any communicator (or none). */
    private static final Pattern MAKES_OBJECT = Pattern.compile(
            "MPI_(Type_(contiguous|vector|hvector|indexed|hindexed|struct|dup|create_\\w+)"
                    + "|\\w+_create(_\\w+)?|\\w+_dup(_\\w+)?|Comm_split(_type)?|Comm_idup|File_open|Win_allocate(_shared)?"
                    + "|Cart_sub|Intercomm_merge|Group_(incl|excl|range_incl|range_excl|union|intersection|difference))");

    static final int WORLD = Predefined.handle(Kind.COMM, "COMM_WORLD");

    /** The methods of {@code type} that make a new MPI object. */
    static Set<Method> makers(Class<?> type) {
        Set<Method> out = new HashSet<>();
        for (Method m : type.getMethods()) {
            MpiName n = m.getAnnotation(MpiName.class);
            if (n != null && MAKES_OBJECT.matcher(n.value()).matches()) {
                out.add(m);
            }
        }
        return out;
    }

    /** The methods of {@code type} that are collectives taking a communicator first. */
    static Set<Method> of(Class<?> type) {
        Set<Method> out = new HashSet<>();
        for (Method m : type.getMethods()) {
            MpiName n = m.getAnnotation(MpiName.class);
            if (n == null) {
                continue;
            }
            boolean collective = type == CollProvider.class ? !LOCAL_IN_COLL.contains(n.value())
                    : COMM_COLLECTIVES.contains(n.value());
            if (collective && m.getParameterCount() > 0 && m.getParameterTypes()[0] == int.class) {
                out.add(m);
            }
        }
        return out;
    }

    /** True when this call of one of {@code collectives} is on MPI_COMM_WORLD. */
    static boolean onWorld(Set<Method> collectives, Method method, Object[] args) {
        return args != null && args.length > 0 && args[0] instanceof Integer comm && comm == WORLD
                && collectives.contains(method);
    }

    private WorldCollectives() {
    }
}
