package mana.core.fn;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * The function table: for each MPI area, the provider the upper half calls. The hot path is
 * one volatile load and a null check ({@code FunctionTable.p2p().send(...)}). When no bundle
 * provides an area, its entry is null and the accessor returns a stand-in (made on first use)
 * whose every method throws the "no bundle provides it" error naming the MPI function. The
 * core's DS component installs providers as their services come and go.
 */
public final class FunctionTable {
    /** Every provider interface, in area order. */
    public static final List<Class<?>> PROVIDER_TYPES =
            List.of(EnvProvider.class, CommProvider.class, GroupProvider.class, P2pProvider.class,
                    RequestProvider.class, CollProvider.class, TypeProvider.class, TopoProvider.class,
                    FileProvider.class, InfoProvider.class, RmaProvider.class);

    private static volatile EnvProvider env;
    private static volatile CommProvider comm;
    private static volatile P2pProvider p2p;
    private static volatile CollProvider coll;
    private static volatile RequestProvider request;
    private static volatile GroupProvider group;
    private static volatile TypeProvider type;
    private static volatile TopoProvider topo;
    private static volatile FileProvider file;
    private static volatile InfoProvider info;
    private static volatile RmaProvider rma;

    public static EnvProvider env() {
        EnvProvider p = env;
        return p != null ? p : missing(EnvProvider.class);
    }

    public static CommProvider comm() {
        CommProvider p = comm;
        return p != null ? p : missing(CommProvider.class);
    }

    public static P2pProvider p2p() {
        P2pProvider p = p2p;
        return p != null ? p : missing(P2pProvider.class);
    }

    public static CollProvider coll() {
        CollProvider p = coll;
        return p != null ? p : missing(CollProvider.class);
    }

    public static RequestProvider request() {
        RequestProvider p = request;
        return p != null ? p : missing(RequestProvider.class);
    }

    public static GroupProvider group() {
        GroupProvider p = group;
        return p != null ? p : missing(GroupProvider.class);
    }

    public static TypeProvider type() {
        TypeProvider p = FunctionTable.type;
        return p != null ? p : missing(TypeProvider.class);
    }

    public static TopoProvider topo() {
        TopoProvider p = topo;
        return p != null ? p : missing(TopoProvider.class);
    }

    public static FileProvider file() {
        FileProvider p = file;
        return p != null ? p : missing(FileProvider.class);
    }

    public static InfoProvider info() {
        InfoProvider p = info;
        return p != null ? p : missing(InfoProvider.class);
    }

    public static RmaProvider rma() {
        RmaProvider p = rma;
        return p != null ? p : missing(RmaProvider.class);
    }

    /**
     * Installs {@code impl} as the provider of its area; {@code null} restores the missing
     * stand-in. An area without a provider holds null: its stand-in is made on first use
     * ({@link #missing}), not at start-up (a dynamic proxy per area cost about 6% of a rank's boot).
     */
    public static <T> void install(Class<T> type, T impl) {
        if (type == EnvProvider.class) {
            env = (EnvProvider) impl;
        } else if (type == CommProvider.class) {
            comm = (CommProvider) impl;
        } else if (type == P2pProvider.class) {
            p2p = (P2pProvider) impl;
        } else if (type == CollProvider.class) {
            coll = (CollProvider) impl;
        } else if (type == RequestProvider.class) {
            request = (RequestProvider) impl;
        } else if (type == GroupProvider.class) {
            group = (GroupProvider) impl;
        } else if (type == TypeProvider.class) {
            FunctionTable.type = (TypeProvider) impl;
        } else if (type == TopoProvider.class) {
            topo = (TopoProvider) impl;
        } else if (type == FileProvider.class) {
            file = (FileProvider) impl;
        } else if (type == InfoProvider.class) {
            info = (InfoProvider) impl;
        } else if (type == RmaProvider.class) {
            rma = (RmaProvider) impl;
        } else {
            throw new IllegalArgumentException("not a provider type: " + type.getName());
        }
    }

    /** The provider (or counting stand-in) that serves {@code type} now; null when none does. */
    static Object current(Class<?> type) {
        return type == EnvProvider.class ? env : type == CommProvider.class ? comm
                : type == P2pProvider.class ? p2p : type == CollProvider.class ? coll
                : type == RequestProvider.class ? request : type == GroupProvider.class ? group
                : type == TypeProvider.class ? FunctionTable.type : type == TopoProvider.class ? topo
                : type == FileProvider.class ? file : type == InfoProvider.class ? info
                : type == RmaProvider.class ? rma : null;
    }

    /** True when a real provider (not the missing stand-in) serves this type. */
    public static boolean isProvided(Class<?> type) {
        Object current = current(type);
        return current != null && !(standInOf(current) instanceof StandIn s && s.delegate() == null);
    }

    /** The stand-in of an area no bundle provides (made once, on first use): each call is an agreement event, then fails. */
    static <T> T missing(Class<T> type) {
        return type.cast(MISSING.get(type));
    }

    private static final ClassValue<Object> MISSING = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            return standIn(type, null, (method, args) -> {
                Activations.event(); // may switch a provider on: then this call already reaches it
                return serve(type, method, args);
            });
        }
    };

    /** What a stand-in does with a call. */
    interface Call {
        Object call(Method method, Object[] args) throws Throwable;
    }

    /** The invocation handler of a stand-in: the provider it stands for (null: none) and what it does. */
    private record StandIn(Class<?> type, Object delegate, Call call) implements InvocationHandler {
        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            if (method.getDeclaringClass() == Object.class) {
                return delegate != null && method.getName().equals("toString")
                        ? "counted " + type.getSimpleName() + " of " + delegate
                        : objectMethod(type, proxy, method, args);
            }
            return call.call(method, args);
        }
    }

    /** A stand-in for {@code delegate} (null: for no provider) that runs {@code call} on each call. */
    static <T> T standIn(Class<T> type, Object delegate, Call call) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                new StandIn(type, delegate, call)));
    }

    private static InvocationHandler standInOf(Object o) {
        return Proxy.isProxyClass(o.getClass()) ? Proxy.getInvocationHandler(o) : null;
    }

    /**
     * Makes a call with whatever serves {@code type} now, without counting it again: the provider
     * a stand-in stands for, or the "no bundle provides it" error naming the MPI function.
     */
    static Object serve(Class<?> type, Method method, Object[] args) throws Throwable {
        Object target = current(type);
        if (target != null && standInOf(target) instanceof StandIn s) {
            target = s.delegate();
        }
        if (target == null) {
            MpiName name = method.getAnnotation(MpiName.class);
            String fn = name != null ? name.value() : type.getSimpleName() + "." + method.getName();
            throw FunctionCatalog.missing(fn, null);
        }
        try {
            return method.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static Object objectMethod(Class<?> type, Object proxy, Method method, Object[] args) {
        return switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            default -> "missing " + type.getSimpleName();
        };
    }

    private FunctionTable() {
    }
}
