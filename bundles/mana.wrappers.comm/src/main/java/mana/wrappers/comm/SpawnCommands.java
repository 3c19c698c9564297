package mana.wrappers.comm;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * What a spawned {@code java} command becomes under MANA. An application spawns
 * {@code "java"} with {@code [options] CLASS args} (as Open MPI's Java examples and tests do);
 * started as such, the child would run on the raw binding, or not find its class at all. Under
 * the rank launcher the child instead becomes a MANA rank of its own: the same JVM and
 * platform as this rank, running {@code CLASS} from the job's application, with the
 * application's JVM options added. Any other command (a C program, a script) is started as given.
 *
 * <p>The rank launcher describes how to start a rank in two system properties (tokens separated
 * by {@link #SEPARATOR}): {@link #PREFIX_PROPERTY}, the rank's command up to its last two tokens
 * (main class and {@code rank}), and {@link #APP_PROPERTY}, what names the job's application
 * ({@code [--wrapped BUNDLE] APP.jar} or {@code --classpath CP --}). Without them (a framework
 * not started by the launcher) every command is started as given.
 */
final class SpawnCommands {
    static final String PREFIX_PROPERTY = "mana.spawn.prefix";
    static final String APP_PROPERTY = "mana.spawn.app";
    static final String SEPARATOR = "\u001f";
    /** Set on a spawned child rank: it has no coordinator of its own. */
    static final String SPAWNED_OPTION = "-Dmana.spawned=true";

    /** JVM options that take their value as the next argument. */
    private static final Set<String> OPTIONS_WITH_VALUE = Set.of("--add-opens", "--add-exports", "--add-reads",
            "--add-modules", "--module-path", "-p", "--limit-modules", "--patch-module", "--upgrade-module-path");
    private static final Set<String> CLASS_PATH_OPTIONS = Set.of("-cp", "-classpath", "--class-path");

    /** A command and its arguments as MPI_Comm_spawn gets them. */
    record Command(String command, String[] argv) {
    }

    private final List<String> prefix;
    private final List<String> app;

    SpawnCommands(List<String> prefix, List<String> app) {
        this.prefix = List.copyOf(prefix);
        this.app = List.copyOf(app);
    }

    /** From the launcher's system properties (none: every command is started as given). */
    static SpawnCommands fromSystemProperties() {
        return new SpawnCommands(tokens(System.getProperty(PREFIX_PROPERTY)), tokens(System.getProperty(APP_PROPERTY)));
    }

    static List<String> tokens(String joined) {
        return joined == null || joined.isEmpty() ? List.of() : Arrays.asList(joined.split(SEPARATOR, -1));
    }

    /** The command to spawn for {@code command argv}: a MANA rank for a Java class, else unchanged. */
    Command forChild(String command, String[] argv) {
        if (prefix.size() < 3 || command == null || !isJava(command)) {
            return new Command(command, argv);
        }
        String[] args = argv == null ? new String[0] : argv;
        List<String> jvmOptions = new ArrayList<>();
        List<String> target = null; // the rank's arguments: --class CLASS APP, or the jar
        int i = 0;
        while (i < args.length && target == null) {
            String a = args[i++];
            if (a == null) {
                return new Command(command, argv); // the lower half reports it as the raw binding does
            }
            if (CLASS_PATH_OPTIONS.contains(a)) {
                i++; // the class comes from the job's application (see the class comment)
            } else if (a.startsWith("--class-path=")) {
                // likewise
            } else if (a.equals("-jar")) {
                if (i >= args.length) {
                    return new Command(command, argv);
                }
                try {
                    target = List.of(Path.of(args[i++]).toAbsolutePath().normalize().toString());
                } catch (InvalidPathException e) {
                    return new Command(command, argv);
                }
            } else if (OPTIONS_WITH_VALUE.contains(a)) {
                jvmOptions.add(a);
                if (i < args.length) {
                    jvmOptions.add(args[i++]);
                }
            } else if (a.startsWith("-")) {
                jvmOptions.add(a);
            } else {
                target = new ArrayList<>(List.of("--class", a));
                target.addAll(app);
            }
        }
        if (target == null) {
            return new Command(command, argv); // no class to run (java -version): not a MANA rank
        }
        List<String> out = new ArrayList<>(prefix.subList(1, prefix.size() - 2));
        out.addAll(jvmOptions);
        out.add(SPAWNED_OPTION);
        out.addAll(prefix.subList(prefix.size() - 2, prefix.size()));
        out.addAll(target);
        out.addAll(Arrays.asList(args).subList(i, args.length));
        return new Command(prefix.get(0), out.toArray(new String[0]));
    }

    private boolean isJava(String command) {
        if (command.equals(prefix.get(0))) {
            return true;
        }
        return command.substring(command.lastIndexOf('/') + 1).equals("java");
    }
}
