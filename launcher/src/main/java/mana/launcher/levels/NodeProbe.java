package mana.launcher.levels;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import mana.launcher.coord.CoordBind;

/**
 * Before an automatic restart of a job with a hostfile: asks every other host of the hostfile
 * whether it answers, through the launch agent mpirun itself uses ({@code plm_rsh_agent}, ssh by
 * default: {@code AGENT HOST true}, bounded), and writes a hostfile without the hosts that do
 * not, so the restart runs on the remaining nodes and any spare node the hostfile lists.
 */
public final class NodeProbe {
    static final String AGENT_MCA = "plm_rsh_agent";
    private static final long PROBE_SECONDS = Long.getLong("mana.nodeProbeSeconds", 20);

    /** A probe's finding: the hostfile to use now (null: the old one, nothing was lost), and the lines to log. */
    public record Outcome(Path hostfile, List<String> lost, List<String> remaining, List<String> spares) {
        /** One line for the log, or null when every host answered. */
        public String describe() {
            if (hostfile == null) {
                return null;
            }
            return "node(s) " + String.join(", ", lost) + " did not answer; restarting on " + String.join(", ", remaining)
                    + (spares.isEmpty() ? " (the remaining nodes)" : " (spare: " + String.join(", ", spares) + ")");
        }
    }

    private NodeProbe() {
    }

    /** The hostfile path in the mpirun options, or null. */
    public static Path hostfileOf(List<String> mpirunArgs) {
        for (int i = 0; i + 1 < mpirunArgs.size(); i++) {
            if (CoordBind.HOSTFILE_OPTIONS.contains(mpirunArgs.get(i))) {
                return Path.of(mpirunArgs.get(i + 1));
            }
        }
        return null;
    }

    /** The mpirun options with the hostfile replaced by {@code hostfile}. */
    public static List<String> withHostfile(List<String> mpirunArgs, Path hostfile) {
        List<String> out = new ArrayList<>(mpirunArgs);
        for (int i = 0; i + 1 < out.size(); i++) {
            if (CoordBind.HOSTFILE_OPTIONS.contains(out.get(i))) {
                out.set(i + 1, hostfile.toAbsolutePath().toString());
            }
        }
        return out;
    }

    /** The launch agent mpirun uses: {@code --mca plm_rsh_agent A} in the options, else the environment, else ssh. */
    static List<String> agent(List<String> mpirunArgs) {
        String a = null;
        for (int i = 0; i + 2 < mpirunArgs.size(); i++) {
            if ((mpirunArgs.get(i).equals("--mca") || mpirunArgs.get(i).equals("-mca")) && mpirunArgs.get(i + 1).equals(AGENT_MCA)) {
                a = mpirunArgs.get(i + 2);
            }
        }
        if (a == null) {
            a = System.getenv("OMPI_MCA_" + AGENT_MCA);
        }
        if (a == null || a.isBlank()) {
            return List.of("ssh", "-o", "BatchMode=yes", "-o", "ConnectTimeout=" + PROBE_SECONDS);
        }
        // Open MPI's "ssh : rsh" lists alternatives: the first one
        String first = a.split(":")[0].trim();
        return List.of(first.split("\\s+"));
    }

    /**
     * Probes the hosts of {@code hostfile} other than this one and, when some do not answer,
     * writes {@code into} without their lines. {@code used} are the hosts the checkpoint's ranks
     * ran on (from its manifest; empty when unknown), so the log can name the spare nodes.
     */
    public static Outcome probe(List<String> mpirunArgs, Path hostfile, Set<String> used, Path into) throws IOException {
        return probe(hostfile, used, into, host -> answers(agent(mpirunArgs), host));
    }

    static Outcome probe(Path hostfile, Set<String> used, Path into, Predicate<String> answers) throws IOException {
        List<String> lines = Files.readAllLines(hostfile, StandardCharsets.UTF_8);
        Set<String> lost = new LinkedHashSet<>();
        Set<String> kept = new LinkedHashSet<>();
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String host = hostOf(line);
            if (host == null) {
                out.add(line);
                continue;
            }
            boolean ok = kept.contains(host) || (!lost.contains(host) && (isThisHost(host) || answers.test(host)));
            if (ok) {
                kept.add(host);
                out.add(line);
            } else {
                lost.add(host);
            }
        }
        if (lost.isEmpty()) {
            return new Outcome(null, List.of(), List.copyOf(kept), List.of());
        }
        Files.write(into, out, StandardCharsets.UTF_8);
        List<String> spares = new ArrayList<>();
        if (!used.isEmpty()) {
            for (String h : kept) {
                if (!used.contains(h)) {
                    spares.add(h);
                }
            }
        }
        return new Outcome(into, List.copyOf(lost), List.copyOf(kept), spares);
    }

    /** The host of a hostfile line ({@code [user@]host slots=N ...}), or null for a comment or blank line. */
    static String hostOf(String line) {
        int hash = line.indexOf('#');
        String l = (hash >= 0 ? line.substring(0, hash) : line).trim();
        if (l.isEmpty()) {
            return null;
        }
        String h = l.split("\\s+")[0];
        return h.contains("@") ? h.substring(h.indexOf('@') + 1) : h;
    }

    private static boolean isThisHost(String host) {
        try {
            return CoordBind.isLocal(InetAddress.getByName(host));
        } catch (IOException e) {
            return false; // does not resolve: the agent decides
        }
    }

    /** {@code AGENT HOST true} exits 0 within the bound. */
    static boolean answers(List<String> agent, String host) {
        List<String> cmd = new ArrayList<>(agent);
        cmd.add(host);
        cmd.add("true");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(PROBE_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
