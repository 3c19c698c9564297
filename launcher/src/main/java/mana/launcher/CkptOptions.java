package mana.launcher;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mana.launcher.levels.LevelOptions;

/**
 * The checkpoint options of {@code mana run} and {@code mana restart}, taken out of the
 * command line before {@link RunArgs} parses the rest (options before the jar only).
 */
public record CkptOptions(String ckptDir, Duration interval, int keep, int maxRestarts, String coordBind, boolean strict,
        String ckptSignal, List<String> rest, LevelOptions levels) {

    public CkptOptions(String ckptDir, Duration interval, int keep, int maxRestarts, String coordBind, boolean strict,
            String ckptSignal, List<String> rest) {
        this(ckptDir, interval, keep, maxRestarts, coordBind, strict, ckptSignal, rest, LevelOptions.NONE);
    }

    static final Set<String> WITH_VALUE = Set.of("--ckpt-dir", "--ckpt-interval", "--ckpt-keep", "--max-restarts", "--coord-bind",
            "--ckpt-on-signal", "--ckpt-local", "--ckpt-flush-every");
    /** Signals --ckpt-on-signal takes. */
    static final List<String> SIGNALS = List.of("TERM", "USR1", "USR2", "INT", "HUP");
    /** MANA options of mana run that take a value (their values are not the jar). */
    static final Set<String> RUN_VALUES = Set.of("--class", "--at-finalize", "-cp", "-classpath", "--class-path");
    private static final Pattern DURATION = Pattern.compile("([1-9][0-9]{0,8})(ms|s|m|h)?");

    public static final String HELP = """

            Checkpoint options (before APP.jar):
              --ckpt-dir DIR         checkpoint root of this job (default ./mana-ckpt/APP, APP being
                                     the jar's name without .jar, or the --class simple name)
              --ckpt-interval D      take a checkpoint every D (e.g. 500ms, 20s, 2m, 1h; no unit: s)
              --ckpt-keep K          keep the newest K complete checkpoints (default 2)
              --max-restarts N       when mpirun fails and this job has a complete checkpoint,
                                     restart from it, up to N times (default 0)
              --coord-bind ADDR      address the job coordinator listens on (default: loopback;
                                     when --hostfile or -H names other hosts, the address on
                                     the route to them). Off loopback the link is TLS with a
                                     key made for the job
              --ckpt-on-signal SIG   when mana receives signal SIG (TERM, USR1, USR2, INT or HUP),
                                     checkpoint and end the job, as 'mana checkpoint --exit' does
                                     (for batch time limits, e.g. SLURM's --signal=B:USR1@120 with
                                     mana run in the batch script). If no checkpoint can be taken,
                                     TERM, INT and HUP then stop the job (so does the same signal
                                     again); after USR1 or USR2 it goes on
            """ + LevelOptions.HELP;

    public static CkptOptions extract(String command, List<String> args, boolean restart) throws UsageError {
        String dir = null;
        String bind = null;
        Duration interval = null;
        int keep = 2;
        int maxRestarts = 0;
        boolean strict = false;
        String signal = null;
        String local = null;
        boolean partner = false;
        Integer flushEvery = null;
        List<String> rest = new ArrayList<>();
        int i = 0;
        while (i < args.size()) {
            String a = args.get(i);
            if (a.equals("--") || !a.startsWith("-") || a.equals("-")) {
                break;
            }
            String name = a;
            String value = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0 && WITH_VALUE.contains(a.substring(0, eq))) {
                name = a.substring(0, eq);
                value = a.substring(eq + 1);
            }
            if (name.equals("--ckpt-partner")) {
                partner = true;
                i++;
                continue;
            }
            if (restart && name.equals("--strict")) {
                strict = true;
                i++;
                continue;
            }
            if (WITH_VALUE.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageError(command, name + " needs a value");
                    }
                    value = args.get(++i);
                }
                i++;
                switch (name) {
                    case "--ckpt-dir" -> {
                        if (restart) {
                            throw new UsageError(command, "--ckpt-dir is not an option of restart: give the checkpoint root as the argument");
                        }
                        dir = value;
                    }
                    case "--ckpt-interval" -> interval = duration(command, value);
                    case "--ckpt-keep" -> keep = count(command, name, value, 1);
                    case "--max-restarts" -> maxRestarts = count(command, name, value, 0);
                    case "--ckpt-on-signal" -> signal = signal(command, value);
                    case "--ckpt-local" -> local = value;
                    case "--ckpt-flush-every" -> flushEvery = count(command, name, value, 0);
                    default -> bind = value;
                }
                continue;
            }
            rest.add(a);
            int n = RunArgs.MPIRUN_VALUES.getOrDefault(a, RUN_VALUES.contains(a) ? 1 : 0);
            for (int k = 1; k <= n && i + k < args.size(); k++) {
                rest.add(args.get(i + k));
            }
            i += n + 1;
        }
        rest.addAll(args.subList(Math.min(i, args.size()), args.size()));
        return new CkptOptions(dir, interval, keep, maxRestarts, bind, strict, signal, List.copyOf(rest),
                LevelOptions.of(command, local, partner, flushEvery));
    }

    /** A signal name as kill spells it (TERM, SIGTERM, sigterm), without the SIG prefix. */
    static String signal(String command, String s) throws UsageError {
        String n = s.toUpperCase(java.util.Locale.ROOT);
        n = n.startsWith("SIG") ? n.substring(3) : n;
        if (!SIGNALS.contains(n)) {
            throw new UsageError(command, "--ckpt-on-signal expects one of TERM, USR1, USR2, INT, HUP, not '" + s + "'");
        }
        return n;
    }

    static Duration duration(String command, String s) throws UsageError {
        Matcher m = DURATION.matcher(s);
        if (!m.matches()) {
            throw new UsageError(command, "--ckpt-interval expects a duration such as 500ms, 20s, 2m or 1h, not '" + s + "'");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    private static int count(String command, String option, String s, int min) throws UsageError {
        try {
            int n = Integer.parseInt(s);
            if (n >= min && n <= 1000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new UsageError(command, option + " expects a whole number " + (min == 0 ? "0" : String.valueOf(min)) + "..1000, not '" + s + "'");
    }
}
