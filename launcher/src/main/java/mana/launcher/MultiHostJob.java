package mana.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import mana.launcher.coord.CoordBind;

/**
 * What a job whose ranks run on other hosts needs from {@code mana run}: the coordinator's
 * address, a job folder on the shared file system (the bundle, the JVM argument file and the
 * token file ranks read), and only absolute paths on the rank command line.
 */
final class MultiHostJob {
    private MultiHostJob() {
    }

    /**
     * {@code --coord-bind}, or else: loopback for a job on this host only, the address on the
     * route to the other hosts when the mpirun options name some (hostfile, -H).
     */
    static InetAddress coordBind(String command, CkptOptions opts, RunArgs ra) throws UsageError {
        if (opts.coordBind() != null) {
            try {
                return InetAddress.getByName(opts.coordBind());
            } catch (UnknownHostException e) {
                throw new UsageError(command, "--coord-bind: unknown address '" + opts.coordBind() + "'");
            }
        }
        try {
            CoordBind.Choice c = CoordBind.choose(CoordBind.hosts(ra.mpirunArgs()));
            if (c.remoteReachable() && Boolean.getBoolean("mana.verbose")) {
                System.err.println("[mana " + command + "] coordinator on " + c.address().getHostAddress() + " (" + c.reason() + ")");
            }
            return c.address();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UsageError(command, "hostfile " + e.getFile() + " not found");
        } catch (java.io.IOException e) {
            throw new UsageError(command, "cannot choose the coordinator's address (give --coord-bind ADDR): " + e.getMessage());
        }
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName().replaceAll("[^A-Za-z0-9_.-]", "_");
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** Job folders this host's earlier mana runs left in the root when killed (their process is gone). */
    static void removeStaleJobDirs(Path root, String prefix) {
        try (var s = Files.list(root)) {
            for (Path d : s.toList()) {
                String n = d.getFileName().toString();
                if (!n.startsWith(prefix) || !Files.isDirectory(d)) {
                    continue;
                }
                String[] rest = n.substring(prefix.length()).split("-", 2);
                try {
                    long owner = Long.parseLong(rest[0]);
                    if (ProcessHandle.of(owner).map(ProcessHandle::isAlive).orElse(false)) {
                        continue;
                    }
                } catch (NumberFormatException e) {
                    continue; // not ours to judge
                }
                RunCommand.deleteQuietly(d);
            }
        } catch (IOException e) {
            // best effort
        }
    }

    /**
     * Every path a rank on another host reads must be absolute (the nodes share the file system
     * at the same paths; a relative one would depend on the remote working directory).
     */
    static void checkAbsolute(String command, List<String> cmd) throws UsageError {
        List<String> paths = new ArrayList<>();
        for (int i = 0; i < cmd.size(); i++) {
            String a = cmd.get(i);
            String next = i + 1 < cmd.size() ? cmd.get(i + 1) : null;
            if (a.startsWith("@")) {
                paths.add(a.substring(1));
            } else if (a.startsWith("-Dmana.restart.dir=")) {
                paths.add(a.substring("-Dmana.restart.dir=".length()));
            } else if (next != null && (a.equals("-cp") || a.equals("--wrapped") || a.equals("--classpath"))) {
                paths.addAll(List.of(next.split(java.io.File.pathSeparator)));
            } else if (a.equals(Dist.java().toString()) || a.endsWith("/java")) {
                paths.add(a);
            }
        }
        for (String p : paths) {
            if (!p.isEmpty() && !Path.of(p).isAbsolute()) {
                throw new UsageError(command, "a rank on another host would read the relative path " + p
                        + " (every node must see the same absolute paths)");
            }
        }
    }

    /**
     * The job's folder under the checkpoint root (rwx------), which every node sees: a node-local
     * /tmp would not do. Folders this host's killed runs left there are removed first.
     */
    static Path sharedJobDir(Path root, long pid) throws IOException {
        Files.createDirectories(root);
        String self = ".job-" + hostName() + "-";
        removeStaleJobDirs(root, self);
        return Files.createTempDirectory(root, self + pid + "-");
    }

    /**
     * The token for remote ranks, in a 0600 file of the job folder: not in the environment,
     * because Open MPI carries -x values to its remote daemons in its launch messages, in clear.
     */
    static Path writeTokenFile(Path jobDir, String token) throws IOException {
        Path f = jobDir.resolve("token");
        Files.createFile(f, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(f, token);
        return f;
    }
}
