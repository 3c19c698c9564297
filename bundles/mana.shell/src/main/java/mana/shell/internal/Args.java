package mana.shell.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The arguments of one command, parsed by the command itself so that a bad argument gives the
 * command's usage line instead of Gogo's "Cannot coerce" message or a stack trace.
 */
final class Args {
    private final Map<String, String> options = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    /** A bad argument; the message says which. */
    static final class Bad extends Exception {
        private static final long serialVersionUID = 1L;

        Bad(String message) {
            super(message);
        }
    }

    /**
     * @param flags  options without a value ({@code --json})
     * @param valued options that take one value ({@code --kind K}, also {@code --kind=K})
     * @param maxPositional how many plain arguments the command takes
     */
    static Args parse(String[] argv, Set<String> flags, Set<String> valued, int maxPositional) throws Bad {
        Args a = new Args();
        String[] in = argv == null ? new String[0] : argv;
        for (int i = 0; i < in.length; i++) {
            String s = String.valueOf(in[i]);
            if (s.equals("-h") || s.equals("--help")) {
                throw new Bad(null);
            }
            if (s.startsWith("--") && s.contains("=")) {
                String name = s.substring(0, s.indexOf('='));
                if (!valued.contains(name)) {
                    throw new Bad("unknown option " + name);
                }
                a.options.put(name, s.substring(s.indexOf('=') + 1));
            } else if (valued.contains(s)) {
                if (i + 1 >= in.length) {
                    throw new Bad(s + " needs a value");
                }
                a.options.put(s, String.valueOf(in[++i]));
            } else if (flags.contains(s)) {
                a.options.put(s, "true");
            } else if (s.startsWith("-") && s.length() > 1 && !Character.isDigit(s.charAt(1))) {
                throw new Bad("unknown option " + s);
            } else {
                if (a.positional.size() >= maxPositional) {
                    throw new Bad("unexpected argument " + s);
                }
                a.positional.add(s);
            }
        }
        return a;
    }

    boolean has(String flag) {
        return options.containsKey(flag);
    }

    String value(String option, String absent) {
        return options.getOrDefault(option, absent);
    }

    List<String> positional() {
        return positional;
    }

    /** The usage line, with the reason first when there is one. */
    static String usage(Bad bad, String usage) {
        return (bad.getMessage() == null ? "" : "error: " + bad.getMessage() + "\n") + "usage: " + usage + "\n";
    }
}
