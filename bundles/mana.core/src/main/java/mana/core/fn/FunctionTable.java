package mana.core.fn;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * The function table: for each MPI area, the provider the upper half calls. The hot path is
 * one volatile load ({@code FunctionTable.p2p().send(...)}). When no bundle provides an
 * area, its entry is a stand-in whose every method throws the "no bundle provides it" error
 * naming the MPI function. The core's DS component installs providers as their services come
 * and go.
 */
public final class FunctionTable {
    /** Every provider interface, in area order. */
    public static final List<Class<?>> PROVIDER_TYPES =
            List.of(EnvProvider.class, CommProvider.class, GroupProvider.class, P2pProvider.class,
                    RequestProvider.class, CollProvider.class, TypeProvider.class, TopoProvider.class,
                    FileProvider.class, InfoProvider.class, RmaProvider.class);

    private static final EnvProvider MISSING_ENV = missing(EnvProvider.class);
    private static final CommProvider MISSING_COMM = missing(CommProvider.class);
    private static final P2pProvider MISSING_P2P = missing(P2pProvider.class);
    private static final CollProvider MISSING_COLL = missing(CollProvider.class);
    private static final RequestProvider MISSING_REQUEST = missing(RequestProvider.class);
    private static final GroupProvider MISSING_GROUP = missing(GroupProvider.class);
    private static final TypeProvider MISSING_TYPE = missing(TypeProvider.class);
    private static final TopoProvider MISSING_TOPO = missing(TopoProvider.class);
    private static final FileProvider MISSING_FILE = missing(FileProvider.class);
    private static final InfoProvider MISSING_INFO = missing(InfoProvider.class);
    private static final RmaProvider MISSING_RMA = missing(RmaProvider.class);

    private static volatile EnvProvider env = MISSING_ENV;
    private static volatile CommProvider comm = MISSING_COMM;
    private static volatile P2pProvider p2p = MISSING_P2P;
    private static volatile CollProvider coll = MISSING_COLL;
    private static volatile RequestProvider request = MISSING_REQUEST;
    private static volatile GroupProvider group = MISSING_GROUP;
    private static volatile TypeProvider type = MISSING_TYPE;
    private static volatile TopoProvider topo = MISSING_TOPO;
    private static volatile FileProvider file = MISSING_FILE;
    private static volatile InfoProvider info = MISSING_INFO;
    private static volatile RmaProvider rma = MISSING_RMA;

    public static EnvProvider env() {
        return env;
    }

    public static CommProvider comm() {
        return comm;
    }

    public static P2pProvider p2p() {
        return p2p;
    }

    public static CollProvider coll() {
        return coll;
    }

    public static RequestProvider request() {
        return request;
    }

    public static GroupProvider group() {
        return group;
    }

    public static TypeProvider type() {
        return type;
    }

    public static TopoProvider topo() {
        return topo;
    }

    public static FileProvider file() {
        return file;
    }

    public static InfoProvider info() {
        return info;
    }

    public static RmaProvider rma() {
        return rma;
    }

    /** Installs {@code impl} as the provider of its area; {@code null} restores the missing stand-in. */
    public static <T> void install(Class<T> type, T impl) {
        if (type == EnvProvider.class) {
            env = impl == null ? MISSING_ENV : (EnvProvider) impl;
        } else if (type == CommProvider.class) {
            comm = impl == null ? MISSING_COMM : (CommProvider) impl;
        } else if (type == P2pProvider.class) {
            p2p = impl == null ? MISSING_P2P : (P2pProvider) impl;
        } else if (type == CollProvider.class) {
            coll = impl == null ? MISSING_COLL : (CollProvider) impl;
        } else if (type == RequestProvider.class) {
            request = impl == null ? MISSING_REQUEST : (RequestProvider) impl;
        } else if (type == GroupProvider.class) {
            group = impl == null ? MISSING_GROUP : (GroupProvider) impl;
        } else if (type == TypeProvider.class) {
            FunctionTable.type = impl == null ? MISSING_TYPE : (TypeProvider) impl;
        } else if (type == TopoProvider.class) {
            topo = impl == null ? MISSING_TOPO : (TopoProvider) impl;
        } else if (type == FileProvider.class) {
            file = impl == null ? MISSING_FILE : (FileProvider) impl;
        } else if (type == InfoProvider.class) {
            info = impl == null ? MISSING_INFO : (InfoProvider) impl;
        } else if (type == RmaProvider.class) {
            rma = impl == null ? MISSING_RMA : (RmaProvider) impl;
        } else {
            throw new IllegalArgumentException("not a provider type: " + type.getName());
        }
    }

    /** The provider (or stand-in) that serves {@code type} now. */
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

    /** The stand-in of an area no bundle provides: each call is an agreement event, then fails. */
    static <T> T missing(Class<T> type) {
        return standIn(type, null, (method, args) -> {
            Activations.event(); // may switch a provider on: then this call already reaches it
            return serve(type, method, args);
        });
    }

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
        if (standInOf(target) instanceof StandIn s) {
            target = s.delegate();
            if (target == null) {
                MpiName name = method.getAnnotation(MpiName.class);
                String fn = name != null ? name.value() : type.getSimpleName() + "." + method.getName();
                throw FunctionCatalog.missing(fn, null);
            }
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
