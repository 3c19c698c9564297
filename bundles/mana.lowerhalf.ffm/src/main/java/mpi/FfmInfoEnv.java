package mpi;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * MPI_INFO_ENV's reserved keys (MPI 4.0, 11.2.4) when the library gives none: MPICH 4.0.2
 * under hydra leaves the object empty, Open MPI fills it from its launcher. Filled once,
 * right after MPI_Init, with MPI_Info_set on MPI_INFO_ENV itself (both libraries allow it),
 * so get, nkeys, nthkey and dup all see them. Keys and order as Open MPI gives them, values
 * from what this process knows: command and argv from the JVM's command line (the main class
 * or jar, then its arguments; argv only when there are any), maxprocs and soft the size of
 * MPI_COMM_WORLD, host MPI_Get_processor_name, arch the kernel's machine name, wdir the
 * working directory, thread_level the level the program asked for. Open MPI's own
 * {@code ompi_*} keys are not made up. A library that gives keys is left alone. Values longer
 * than MPI_MAX_INFO_VAL are cut to it.
 */
final class FfmInfoEnv {
    private FfmInfoEnv() {
    }

    static void fill(int requiredThreadLevel) throws MPIException {
        long env = FfmInfo.getEnv();
        if (FfmInfo.size(null, env) > 0) {
            return;
        }
        int max = (int) FfmLib.c("MPI_MAX_INFO_VAL");
        for (Map.Entry<String, String> e : keys(requiredThreadLevel).entrySet()) {
            FfmInfo.set(null, env, e.getKey(), fit(e.getValue(), max));
        }
    }

    /**
     * The value cut to MPI_MAX_INFO_VAL bytes: MPICH refuses a longer one, and a refusal here
     * would be fatal (no errhandler set yet). Open MPI's binding likewise reads at most that many.
     */
    static String fit(String value, int maxBytes) {
        String v = value;
        while (v.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
            v = v.substring(0, Math.max(0, Math.min(v.length() - 1, maxBytes)));
        }
        return v;
    }

    static Map<String, String> keys(int requiredThreadLevel) throws MPIException {
        Map<String, String> k = new LinkedHashMap<>();
        String[] cmd = System.getProperty("sun.java.command", "").trim().split(" ", 2);
        if (!cmd[0].isEmpty()) {
            k.put("command", cmd[0]);
        }
        if (cmd.length > 1 && !cmd[1].isBlank()) {
            k.put("argv", cmd[1]);
        }
        String np = String.valueOf(FfmComm.size(FfmLib.c("MPI_COMM_WORLD")));
        k.put("maxprocs", np);
        k.put("soft", np);
        byte[] name = new byte[(int) FfmLib.c("MPI_MAX_PROCESSOR_NAME")];
        int n = FfmMPI.getProcessorName(name);
        k.put("host", new String(name, 0, Math.min(n, name.length), StandardCharsets.UTF_8));
        k.put("arch", arch());
        k.put("wdir", System.getProperty("user.dir"));
        k.put("thread_level", threadLevel(requiredThreadLevel));
        return k;
    }

    /** uname's machine (x86_64, aarch64), as Open MPI gives it; the JVM's os.arch says amd64. */
    private static String arch() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/arch")).trim();
        } catch (Exception e) {
            String a = System.getProperty("os.arch");
            return a.equals("amd64") ? "x86_64" : a;
        }
    }

    private static String threadLevel(int level) {
        for (String name : new String[] {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED", "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"}) {
            if (FfmLib.c(name) == level) {
                return name;
            }
        }
        return String.valueOf(level);
    }
}
