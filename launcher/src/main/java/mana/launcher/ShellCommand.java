package mana.launcher;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import mana.launcher.coord.CoordClient;
import mana.launcher.coord.JobFile;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.reader.impl.completer.StringsCompleter;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * {@code mana shell [JOB] [--rank R | --all] [-c COMMAND]}: Gogo commands on the ranks of a
 * running job, through its coordinator (authenticated with the job token from the job file).
 */
final class ShellCommand {
    static final String USAGE = "usage: mana shell [JOB] [--rank R | --all] [-c COMMAND]";
    /** Completed at the prompt (the commands of bundle mana.shell and a few of Gogo's). */
    static final List<String> COMMANDS = List.of("mana:handles", "mana:handle", "mana:functions", "mana:stats", "mana:kinds",
            "mana:ckpt", "mana:install", "help", "lb", "bundles", "exit", "quit", ":rank", ":all");

    private ShellCommand() {
    }

    static int run(List<String> args) throws UsageError {
        String job = null;
        String target = "0";
        String command = null;
        boolean targetGiven = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "--all" -> {
                    if (targetGiven) {
                        throw new UsageError("shell", "give either --rank R or --all (" + USAGE + ")");
                    }
                    target = "all";
                    targetGiven = true;
                }
                case "--rank" -> {
                    if (targetGiven || i + 1 >= args.size()) {
                        throw new UsageError("shell", "--rank needs a rank number, once (" + USAGE + ")");
                    }
                    target = rank(args.get(++i));
                    targetGiven = true;
                }
                case "-c" -> {
                    if (i + 1 >= args.size() || args.get(i + 1).isBlank()) {
                        throw new UsageError("shell", "-c needs a command, e.g. -c 'mana:handles' (" + USAGE + ")");
                    }
                    command = args.get(++i);
                }
                case "-h", "--help" -> {
                    System.out.println(USAGE + "\n  default: rank 0; at the prompt ':rank R' and ':all' switch, 'exit' leaves.");
                    return 0;
                }
                default -> {
                    if (a.startsWith("-") || job != null) {
                        throw new UsageError("shell", "unexpected argument '" + a + "' (" + USAGE + ")");
                    }
                    job = a;
                }
            }
        }
        JobFile jf = ClientCommands.find("shell", job);
        try (CoordClient c = new CoordClient(jf)) {
            if (command != null) {
                StringBuilder out = new StringBuilder();
                int status = ClientCommands.shellOnce(c, target, command, out);
                System.out.print(out);
                return status;
            }
            return interactive(c, jf, target);
        } catch (IOException e) {
            System.err.println("mana shell: cannot talk to job " + jf.jobId() + ": " + e.getMessage());
            return 1;
        }
    }

    private static String rank(String s) throws UsageError {
        if (!s.matches("[0-9]{1,6}")) {
            throw new UsageError("shell", "--rank expects a rank number, not '" + s + "'");
        }
        return s;
    }

    private static int interactive(CoordClient c, JobFile jf, String initialTarget) throws IOException {
        String target = initialTarget;
        try (Terminal terminal = TerminalBuilder.builder().system(true).dumb(true).build()) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("mana")
                    .completer(new StringsCompleter(COMMANDS))
                    .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"), ".mana", "shell_history"))
                    .build();
            terminal.writer().println("job " + jf.jobId() + " (" + jf.np() + " ranks); ':rank R' or ':all' to switch, 'exit' to leave");
            while (true) {
                String line;
                try {
                    line = reader.readLine("mana[" + (target.equals("all") ? "all" : "rank " + target) + "]> ");
                } catch (UserInterruptException e) {
                    continue;
                } catch (EndOfFileException e) {
                    return 0;
                }
                line = line.trim();
                if (line.isEmpty()) {
                    continue;
                }
                if (line.equals("exit") || line.equals("quit")) {
                    return 0;
                }
                if (line.equals(":all")) {
                    target = "all";
                    continue;
                }
                if (line.startsWith(":rank")) {
                    String r = line.substring(5).trim();
                    if (r.matches("[0-9]{1,6}")) {
                        target = r;
                    } else {
                        terminal.writer().println("usage: :rank R");
                    }
                    continue;
                }
                StringBuilder out = new StringBuilder();
                ClientCommands.shellOnce(c, target, line, out);
                terminal.writer().print(out);
                terminal.writer().flush();
            }
        }
    }
}
