package mana.wrappers.env;

import java.util.ArrayList;
import java.util.List;
import mana.core.desc.Descriptor;
import mana.core.desc.InfoDescriptor;
import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import mana.core.fn.InfoProvider;
import mana.core.gate.CheckpointGate;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import mana.core.vid.Vid;
import mana.wrappers.base.Infos;
import mana.wrappers.base.Lower;
import mpi.Info;
import mpi.MPIException;
import org.osgi.service.component.annotations.Component;

/**
 * Info objects. Each new info is a virtual handle whose {@link InfoDescriptor} mirrors the
 * lower half's pairs (updated after every successful set and delete), so a restart can make it
 * again. Null keys and values are rejected here: the raw binding hands them to JNI unchecked.
 */
@Component(service = InfoProvider.class)
public final class InfoWrappers implements InfoProvider {
    private static final int CREATE = FunctionStats.id("MPI_Info_create");
    private static final int SET = FunctionStats.id("MPI_Info_set");
    private static final int GET = FunctionStats.id("MPI_Info_get");
    private static final int DELETE = FunctionStats.id("MPI_Info_delete");
    private static final int NKEYS = FunctionStats.id("MPI_Info_get_nkeys");
    private static final int NTHKEY = FunctionStats.id("MPI_Info_get_nthkey");
    private static final int DUP = FunctionStats.id("MPI_Info_dup");
    private static final int FREE = FunctionStats.id("MPI_Info_free");

    @FunctionalInterface
    interface Body<T> {
        T run() throws MPIException, ManaException;
    }

    private static <T> T call(int id, Body<T> body) throws ManaException {
        FunctionStats.count(id);
        CheckpointGate.enter();
        try {
            return body.run();
        } catch (MPIException e) {
            throw Lower.error(e);
        } finally {
            CheckpointGate.exit();
        }
    }

    private static InfoDescriptor descriptor(int info) throws ManaException {
        if (Vid.isPredefined(info)) {
            return null;
        }
        Descriptor d = Handles.descriptor(info, Kind.INFO);
        return d instanceof InfoDescriptor i ? i : null;
    }

    private static void notNull(String what, String s, int errorClass) throws ManaException {
        if (s == null) {
            throw ManaException.of(errorClass, "invalid info " + what + ": null");
        }
    }

    @Override
    public int create() throws ManaException {
        return call(CREATE, () -> Infos.register(new Info()));
    }

    @Override
    public void set(int info, String key, String value) throws ManaException {
        call(SET, () -> {
            notNull("key", key, ErrorClass.INFO_KEY);
            notNull("value", value, ErrorClass.INFO_VALUE);
            Infos.lower(info).set(key, value);
            InfoDescriptor d = descriptor(info);
            if (d != null) {
                d.put(key, value);
            }
            return null;
        });
    }

    @Override
    public String get(int info, String key) throws ManaException {
        return call(GET, () -> {
            notNull("key", key, ErrorClass.INFO_KEY);
            if (info == INFO_ENV && (key.equals("command") || key.equals("argv"))) {
                String app = appCommand(key);
                if (app != null) {
                    return app.isEmpty() ? null : app;
                }
            }
            return Infos.lower(info).get(key);
        });
    }

    private static final int INFO_ENV = Predefined.handle(Kind.INFO, "INFO_ENV");

    /**
     * MPI_INFO_ENV's "command" and "argv" as under {@code mpirun java -cp ... Main args}: Open MPI
     * takes them from the JVM's command line, which under MANA is the rank launcher's. The rank
     * launcher gives the application's main class and arguments ("" when there are none: the
     * key is then absent, as it is for Open MPI); null outside a MANA rank.
     */
    private static String appCommand(String key) {
        return System.getProperty(key.equals("command") ? "mana.app.command" : "mana.app.argv");
    }

    @Override
    public void delete(int info, String key) throws ManaException {
        call(DELETE, () -> {
            notNull("key", key, ErrorClass.INFO_KEY);
            Infos.lower(info).delete(key);
            InfoDescriptor d = descriptor(info);
            if (d != null) {
                d.remove(key);
            }
            return null;
        });
    }

    @Override
    public int size(int info) throws ManaException {
        return call(NKEYS, () -> info == INFO_ENV ? envKeys(Infos.lower(info)).size() : Infos.lower(info).size());
    }

    @Override
    public String key(int info, int n) throws ManaException {
        return call(NTHKEY, () -> {
            Info lower = Infos.lower(info);
            if (info != INFO_ENV) {
                return lower.getKey(n);
            }
            List<String> keys = envKeys(lower);
            if (n >= 0 && n < keys.size()) {
                return keys.get(n);
            }
            return lower.getKey(n < 0 ? n : lower.size() + n - keys.size()); // Open MPI's own error
        });
    }

    /**
     * MPI_INFO_ENV's keys as under {@code mpirun java ... Main args}: the lower half's, with
     * "argv" present exactly when the application has arguments ({@link #appCommand}), right
     * after "command" where Open MPI puts it.
     */
    private static List<String> envKeys(Info lower) throws MPIException {
        String argv = appCommand("argv");
        List<String> keys = new ArrayList<>();
        for (int i = 0, n = lower.size(); i < n; i++) {
            String k = lower.getKey(i);
            if (!(argv != null && argv.isEmpty() && k.equals("argv"))) {
                keys.add(k);
            }
        }
        if (argv != null && !argv.isEmpty() && !keys.contains("argv")) {
            keys.add(keys.indexOf("command") + 1, "argv");
        }
        return keys;
    }

    @Override
    public int dup(int info) throws ManaException {
        return call(DUP, () -> Infos.register(Infos.lower(info).dup()));
    }

    @Override
    public int free(int info) throws ManaException {
        return call(FREE, () -> {
            Info lower = Infos.lower(info);
            lower.free();
            if (!Vid.isPredefined(info)) {
                Handles.TABLE.free(info, Kind.INFO);
            }
            return Infos.NULL;
        });
    }
}
