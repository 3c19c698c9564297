package mana.launcher.coord;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code ~/.mana/jobs/<jobid>.properties}: how clients ({@code mana checkpoint}, {@code mana
 * shell}, {@code mana jobs}) find a running job's coordinator: pid, host, port, token, checkpoint
 * root, ranks, application, and the fingerprint of the coordinator's TLS certificate when it is
 * reachable from other hosts. The folder is 0700 and the file 0600 (it holds the token); the file
 * is removed when the job ends.
 */
public record JobFile(String jobId, long pid, String host, int port, String token, String ckptRoot, int np, String app, String tls,
        String node) {

    /** A job whose coordinator speaks plain TCP (on loopback), run from this host. */
    public JobFile(String jobId, long pid, String host, int port, String token, String ckptRoot, int np, String app) {
        this(jobId, pid, host, port, token, ckptRoot, np, app, "");
    }

    /** A job run from this host ({@link #node}: where {@code pid} means something). */
    public JobFile(String jobId, long pid, String host, int port, String token, String ckptRoot, int np, String app, String tls) {
        this(jobId, pid, host, port, token, ckptRoot, np, app, tls, thisNode());
    }

    /** This host's name, as job files record it. */
    public static String thisNode() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * Whether the job's mana process is gone. Only known on the host it runs on: with a home
     * directory shared by the nodes of a cluster, another node's job is never judged by a pid.
     */
    public boolean gone() {
        if (ofAnotherNode()) {
            return false;
        }
        return !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** True when the coordinator speaks TLS; {@link #tls} is then its certificate's SHA-256 fingerprint. */
    public boolean encrypted() {
        return tls != null && !tls.isEmpty();
    }

    public static Path dir() {
        String override = System.getProperty("mana.jobs.dir");
        return override != null ? Path.of(override) : Path.of(System.getProperty("user.home"), ".mana", "jobs");
    }

    public Path path() {
        return dir().resolve(jobId + ".properties");
    }

    public void write() throws IOException {
        Path d = dir();
        Files.createDirectories(d);
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString("rwx------"));
        Properties p = new Properties();
        p.setProperty("job", jobId);
        p.setProperty("pid", Long.toString(pid));
        p.setProperty("host", host);
        p.setProperty("port", Integer.toString(port));
        p.setProperty("token", token);
        p.setProperty("ckptRoot", ckptRoot);
        p.setProperty("np", Integer.toString(np));
        p.setProperty("app", app);
        if (encrypted()) {
            p.setProperty("tls", tls);
        }
        if (node != null && !node.isEmpty()) {
            p.setProperty("node", node);
        }
        Path tmp = d.resolve("." + jobId + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        // ISO-8859-1 with \\u escapes, as Properties.store writes; no date line (see PropertiesText)
        Files.write(tmp, PropertiesText.of("MANA job (removed when the job ends)", p).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1),
                StandardOpenOption.WRITE);
        Files.move(tmp, path(), java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public void delete() {
        try {
            Files.deleteIfExists(path());
        } catch (IOException ignored) {
            // best effort; list() skips jobs whose process is gone
        }
    }

    static JobFile read(Path f) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(f)) {
            p.load(in);
        }
        try {
            return new JobFile(p.getProperty("job"), Long.parseLong(p.getProperty("pid")), p.getProperty("host"),
                    Integer.parseInt(p.getProperty("port")), p.getProperty("token"), p.getProperty("ckptRoot", ""),
                    Integer.parseInt(p.getProperty("np", "0")), p.getProperty("app", ""), p.getProperty("tls", ""), p.getProperty("node", ""));
        } catch (RuntimeException e) {
            throw new IOException(f + ": not a MANA job file (" + e.getMessage() + ")");
        }
    }

    /** Whether this job was run from another node than this one (its pid means nothing here). */
    public boolean ofAnotherNode() {
        return node != null && !node.isEmpty() && !node.equals(thisNode());
    }

    /** What a look at another node's job found: its coordinator answered, is surely gone, or could not be reached. */
    public enum Liveness { ANSWERS, GONE, UNREACHABLE }

    /** How long {@link #probe} waits to connect and for the coordinator's greeting ({@code -Dmana.jobs.probeMs}). */
    static int probeMs() {
        return Integer.getInteger("mana.jobs.probeMs", 3000);
    }

    /**
     * Another node's job, judged by its coordinator: a client connection as {@code mana jobs}
     * makes (authenticated with the file's token, so the coordinator logs nothing). Refused, or
     * answered by something that does not know the token (the port was reused), means the job is
     * gone; a timeout or an unreachable host says nothing (the node may be down, or the network).
     */
    public Liveness probe() {
        try (CoordClient c = new CoordClient(this, probeMs())) {
            return Liveness.ANSWERS;
        } catch (java.net.ConnectException e) {
            return Liveness.GONE;
        } catch (CoordClient.Refused e) {
            return Liveness.GONE;
        } catch (IOException e) {
            return Liveness.UNREACHABLE;
        }
    }

    /**
     * This user's running jobs. Files of jobs that are gone are removed: on this host, when the
     * pid is gone; of another node (a home directory shared by a cluster's nodes), when its
     * coordinator refuses connections ({@link #probe}). A job of another node whose coordinator
     * cannot be reached is left out and its file kept (see {@link #unreachable}).
     */
    public static List<JobFile> list() {
        return scan().running();
    }

    /** The running jobs, and the jobs of other nodes whose coordinators could not be reached (their files kept). */
    public record Scan(List<JobFile> running, List<JobFile> unreachable) {
    }

    /** {@link #list}, with the jobs it left out because their nodes could not be reached. */
    public static Scan scan() {
        List<JobFile> jobs = new ArrayList<>();
        List<JobFile> unreachable = new ArrayList<>();
        Scan scan = new Scan(jobs, unreachable);
        Path d = dir();
        if (!Files.isDirectory(d)) {
            return scan;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(d, "*.properties")) {
            for (Path f : ds) {
                try {
                    JobFile j = read(f);
                    Liveness l = !j.ofAnotherNode() ? (j.gone() ? Liveness.GONE : Liveness.ANSWERS) : j.probe();
                    switch (l) {
                        case ANSWERS -> jobs.add(j);
                        case GONE -> Files.deleteIfExists(f); // left by a killed mana run (its node's, or this host's)
                        case UNREACHABLE -> unreachable.add(j);
                    }
                } catch (IOException e) {
                    // unreadable: not ours to judge
                }
            }
        } catch (IOException e) {
            return scan;
        }
        jobs.sort(java.util.Comparator.comparing(JobFile::jobId));
        unreachable.sort(java.util.Comparator.comparing(JobFile::jobId));
        return scan;
    }

    /** The job named, or the only running one. */
    public static JobFile find(Optional<String> jobId) throws LookupError {
        Scan scan = scan();
        List<JobFile> jobs = scan.running();
        if (jobId.isPresent()) {
            // a job named whose node did not answer the probe: the command's own connection (longer) says why
            return java.util.stream.Stream.concat(jobs.stream(), scan.unreachable().stream())
                    .filter(j -> j.jobId().equals(jobId.get())).findFirst()
                    .orElseThrow(() -> new LookupError("no running job '" + jobId.get() + "' of this user (see mana jobs)"));
        }
        if (jobs.isEmpty() && !scan.unreachable().isEmpty()) {
            throw new LookupError("no running MANA job of this user answers; "
                    + String.join(", ", scan.unreachable().stream().map(j -> j.jobId() + " (node " + j.node() + ")").toList())
                    + (scan.unreachable().size() == 1 ? " was" : " were") + " run from another node whose coordinator cannot be"
                    + " reached: name it to try again");
        }
        if (jobs.isEmpty()) {
            throw new LookupError("no running MANA job of this user (start one with mana run)");
        }
        if (jobs.size() > 1) {
            throw new LookupError(jobs.size() + " jobs are running (" + String.join(", ", jobs.stream().map(JobFile::jobId).toList())
                    + "); name one");
        }
        return jobs.get(0);
    }

    /** A job cannot be found; the message is one line. */
    public static final class LookupError extends Exception {
        private static final long serialVersionUID = 1L;

        public LookupError(String message) {
            super(message);
        }
    }

}
