package mana.agent.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.apache.felix.service.command.Converter;

/** Runs one Gogo command line in a fresh session and returns everything it printed. */
final class ShellRunner {
    private ShellRunner() {
    }

    static String run(CommandProcessor processor, String command) {
        if (processor == null) {
            return "error: no Gogo command processor on this rank\n";
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(buffer, true, StandardCharsets.UTF_8);
             CommandSession s = processor.createSession(new ByteArrayInputStream(new byte[0]), ps, ps)) {
            try {
                Object r = s.execute(command);
                if (r != null) {
                    CharSequence text = s.format(r, Converter.INSPECT);
                    ps.print(text);
                    if (text.length() > 0 && text.charAt(text.length() - 1) != '\n') {
                        ps.println();
                    }
                }
            } catch (Exception e) {
                ps.println("error: " + (e.getMessage() != null ? e.getMessage() : e.toString()));
            }
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
