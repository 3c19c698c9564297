package mana.launcher;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The {@code mana run} options of the shell and hot-add features:
 * {@code --plugins DIR} (every rank installs jars dropped into DIR while the job runs, and
 * uninstalls removed ones), {@code --without-bundle BSN} (start the ranks without a platform
 * bundle; repeatable) and {@code --console} (a Gogo console with JLine on rank 0).
 *
 * @param plugins        the plugins folder as given, or null
 * @param withoutBundles symbolic names of platform bundles not to start
 * @param console        true for {@code --console}
 */
public record ShellOptions(String plugins, List<String> withoutBundles, boolean console) {
    static final Set<String> OPTIONS = Set.of("--plugins", "--without-bundle", "--console");
    /** Platform bundles no application can run without. */
    static final Set<String> REQUIRED = Set.of("mana.core", "mana.mpi", "mana.wrappers.base", "org.apache.felix.scr");

    static final ShellOptions NONE = new ShellOptions(null, List.of(), false);

    static boolean isOption(String arg) {
        return OPTIONS.contains(arg) || arg.startsWith("--plugins=") || arg.startsWith("--without-bundle=");
    }

    /** Mutable while {@link RunArgs#parse} walks the command line. */
    static final class Builder {
        private String plugins;
        private final List<String> without = new ArrayList<>();
        private boolean console;

        /** Consumes the option at {@code i}; returns how many arguments it took. */
        int accept(List<String> args, int i) throws UsageError {
            String a = args.get(i);
            if (a.equals("--console")) {
                console = true;
                return 1;
            }
            String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
            String value;
            int taken;
            if (a.contains("=")) {
                value = a.substring(a.indexOf('=') + 1);
                taken = 1;
            } else if (i + 1 < args.size()) {
                value = args.get(i + 1);
                taken = 2;
            } else {
                value = "";
                taken = 1;
            }
            if (name.equals("--plugins")) {
                if (value.isBlank()) {
                    throw new UsageError("run", "--plugins needs a folder");
                }
                plugins = value;
            } else {
                if (value.isBlank() || value.startsWith("-")) {
                    throw new UsageError("run", "--without-bundle needs a bundle symbolic name, e.g. mana.wrappers.types");
                }
                if (REQUIRED.contains(value)) {
                    throw new UsageError("run", "--without-bundle " + value + ": every job needs this bundle");
                }
                without.add(value);
            }
            return taken;
        }

        ShellOptions build() {
            return plugins == null && without.isEmpty() && !console ? NONE
                    : new ShellOptions(plugins, List.copyOf(without), console);
        }
    }

    /** {@code mana run --help} with these options inserted before {@code -h, --help}. */
    static String help(String runHelp) {
        return runHelp.replace("  -h, --help ", HELP + "  -h, --help ");
    }

    static final String HELP = """
              --plugins DIR    every rank also installs and starts the bundle jars in DIR, and
                               those dropped into it while the job runs (checked every second;
                               copy to a temporary name and rename to *.jar); a jar removed from
                               DIR is uninstalled on every rank. DIR is created if missing.
              --without-bundle BSN
                               start the ranks without platform bundle BSN (repeatable), e.g.
                               to hot-add it later through --plugins or mana:install
              --console        a Gogo console (JLine) on rank 0, on mana's standard input: open
                               while the application runs; at MPI.Finalize rank 0 waits until
                               you leave it (Ctrl-D, or 'exit 0'). With -np 1 on a terminal the
                               rank runs without mpirun, with line editing, history and
                               completion; otherwise input is forwarded line by line.
            """;
}
