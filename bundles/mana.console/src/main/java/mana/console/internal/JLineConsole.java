package mana.console.internal;

import java.io.IOException;
import org.apache.felix.gogo.jline.Shell;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;

/**
 * The console of {@code mana run --console}: one Gogo session (gogo.jline's shell: line editing,
 * history, completion) on this process's standard input, on its own thread while the
 * application runs on the main thread.
 *
 * <p>Why not gogo.jline's own console: leaving it stops the framework under the running
 * application, and on a standard input that is not a terminal (a pipe, or mpirun's forwarding)
 * JLine 3.21 builds a dumb terminal of width 0, on which its line reader never returns. This
 * console gives such a terminal a width, and leaving it only ends the session. The launcher
 * runs gogo.jline's console with {@code --nointeractive} so that it only registers its commands.
 */
@Component(immediate = true, service = {})
public final class JLineConsole {
    /** mana.shell's ConsoleAtFinalize waits for this thread at MPI_Finalize. */
    static final String THREAD = "mana console";

    @Reference
    private CommandProcessor processor;

    private volatile Terminal terminal;
    private Thread thread;

    @Activate
    void activate(BundleContext context) throws IOException {
        Terminal t = TerminalBuilder.builder().name("mana").system(true).dumb(true)
                .signalHandler(Terminal.SignalHandler.SIG_IGN).build();
        if (t.getWidth() <= 0) {
            t.setSize(new Size(160, 50));
        }
        terminal = t;
        Shell shell = new Shell(new SessionOnly(context), processor);
        thread = new Thread(() -> run(shell, t), THREAD);
        thread.setDaemon(true);
        thread.start();
    }

    private void run(Shell shell, Terminal t) {
        try (CommandSession session = processor.createSession(t.input(), t.output(), t.output())) {
            session.put(Shell.VAR_TERMINAL, t);
            shell.gosh(session, new String[] {"--login", "--noshutdown"});
        } catch (Exception e) {
            if (terminal != null) {
                System.err.println("mana console: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        } finally {
            t.writer().println();
            t.writer().println("[mana console] closed");
            t.flush();
        }
    }

    @Deactivate
    void deactivate() throws IOException, InterruptedException {
        Terminal t = terminal;
        terminal = null;
        if (t != null) {
            t.close();
        }
        thread.interrupt();
        thread.join(2000);
    }

    /** Properties from the framework; leaving the console never stops the framework. */
    private record SessionOnly(BundleContext context) implements Shell.Context {
        @Override
        public String getProperty(String name) {
            return context.getProperty(name);
        }

        @Override
        public void exit() {
            // the application owns the framework's life
        }
    }
}
