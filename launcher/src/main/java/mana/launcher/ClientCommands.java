package mana.launcher;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import mana.launcher.coord.CoordClient;
import mana.launcher.coord.JobFile;
import mana.launcher.coord.Wire;

/** {@code mana checkpoint}, {@code mana jobs}: clients of a running job's coordinator. */
final class ClientCommands {
    static final String CHECKPOINT_USAGE = "usage: mana checkpoint [JOB] [--exit]";

    private ClientCommands() {
    }

    /** Exit status 0 only when the checkpoint committed. */
    static int checkpoint(List<String> args) throws UsageError {
        boolean exit = false;
        String job = null;
        for (String a : args) {
            if (a.equals("--exit")) {
                exit = true;
            } else if (a.equals("-h") || a.equals("--help")) {
                System.out.println(CHECKPOINT_USAGE + "\n  JOB may be left out when exactly one job of this user runs (see mana jobs);"
                        + "\n  --exit ends the job cleanly (status 0) once the checkpoint is committed.");
                return 0;
            } else if (a.startsWith("-") || job != null) {
                throw new UsageError("checkpoint", "unexpected argument '" + a + "' (" + CHECKPOINT_USAGE + ")");
            } else {
                job = a;
            }
        }
        JobFile jf = find("checkpoint", job);
        CoordClient client;
        try {
            client = new CoordClient(jf);
        } catch (IOException e) {
            // nothing was sent: the caller may simply try again (a handshake can time out on a loaded machine)
            System.err.println("mana checkpoint: cannot connect to job " + jf.jobId() + ": " + e.getMessage()
                    + " (no checkpoint was requested)");
            return 1;
        }
        try (CoordClient c = client) {
            // The coordinator answers within its own cut deadline (and reports progress); ranks
            // still starting on a busy machine may keep it silent longer than a connect timeout.
            c.readTimeout(CHECKPOINT_READ_TIMEOUT_MS);
            c.send("CHECKPOINT" + (exit ? " exit" : ""));
            String[] f;
            while ((f = c.next()) != null) {
                if (f[0].equals("MSG")) {
                    System.out.println("[mana checkpoint] " + Wire.untext(f[1]));
                } else if (f[0].equals("DONE")) {
                    int status = Integer.parseInt(f[1]);
                    String msg = Wire.untext(f[2]);
                    (status == 0 ? System.out : System.err).println((status == 0 ? "[mana checkpoint] " : "mana checkpoint: ") + msg);
                    return status;
                }
            }
            System.err.println("mana checkpoint: the job ended before the checkpoint finished");
            return 1;
        } catch (IOException e) {
            System.err.println("mana checkpoint: cannot talk to job " + jf.jobId() + ": " + e.getMessage());
            return 1;
        }
    }

    /** Far beyond the coordinator's cut deadline: only a coordinator that stopped answering hits it. */
    static final int CHECKPOINT_READ_TIMEOUT_MS = 300_000;

    static int jobs(List<String> args) throws UsageError {
        if (!args.isEmpty()) {
            throw new UsageError("jobs", "takes no arguments (usage: mana jobs)");
        }
        JobFile.Scan scan = JobFile.scan();
        List<JobFile> jobs = scan.running();
        if (jobs.isEmpty() && scan.unreachable().isEmpty()) {
            System.out.println("no running MANA jobs");
            return 0;
        }
        System.out.printf("%-28s %8s %5s  %-22s %-40s %s%n", "JOB", "PID", "RANKS", "COORDINATOR", "CHECKPOINTS", "STATUS");
        for (JobFile j : jobs) {
            System.out.printf("%-28s %8d %5s  %-22s %-40s %s%n", j.jobId(), j.pid(), j.np() > 0 ? j.np() : "?", j.host() + ":" + j.port(),
                    j.ckptRoot(), status(j));
        }
        for (JobFile j : scan.unreachable()) {
            System.out.printf("%-28s %8d %5s  %-22s %-40s %s%n", j.jobId(), j.pid(), j.np() > 0 ? j.np() : "?", j.host() + ":" + j.port(),
                    j.ckptRoot(), "(run from node " + j.node() + ", whose coordinator cannot be reached; not counted as running)");
        }
        return 0;
    }

    /** The coordinator's one-line status, without the job id (or why there is none). */
    static String status(JobFile j) {
        try (CoordClient c = new CoordClient(j, 2000)) {
            c.send("STATUS");
            String[] f = c.next();
            if (f != null && f[0].equals("DONE") && f.length > 2) {
                String s = Wire.untext(f[2]);
                int colon = s.indexOf(": ");
                return colon >= 0 ? s.substring(colon + 2) : s;
            }
            return "(no answer)";
        } catch (IOException e) {
            return "(coordinator not reachable: " + e.getMessage() + ")";
        }
    }

    static JobFile find(String command, String job) throws UsageError {
        try {
            return JobFile.find(Optional.ofNullable(job));
        } catch (JobFile.LookupError e) {
            throw new UsageError(command, e.getMessage());
        }
    }

    /** Runs one command on the chosen ranks; the output of each rank under a [rank N] header. */
    static int shellOnce(CoordClient c, String target, String command, StringBuilder out) throws IOException {
        c.send("SHELL " + target + " " + Wire.text(command));
        String[] f;
        int status = 1;
        List<String> blocks = new ArrayList<>();
        while ((f = c.next()) != null) {
            if (f[0].equals("OUT")) {
                String text = Wire.untext(f[2]);
                blocks.add("[rank " + f[1] + "]\n" + text + (text.isEmpty() || text.endsWith("\n") ? "" : "\n"));
            } else if (f[0].equals("DONE")) {
                status = Integer.parseInt(f[1]);
                String msg = Wire.untext(f[2]);
                if (!msg.isEmpty()) {
                    blocks.add("mana shell: " + msg + "\n");
                }
                break;
            }
        }
        blocks.forEach(out::append);
        return status;
    }
}
