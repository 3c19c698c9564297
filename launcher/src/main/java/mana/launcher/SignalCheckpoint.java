package mana.launcher;

import java.util.function.Consumer;

/**
 * {@code --ckpt-on-signal SIG}: the mana process answers signal SIG by checkpointing the job and
 * ending it. The handler replaces the JVM's own for that signal (for TERM, INT and HUP: the
 * shutdown that would otherwise stop mpirun at once), so it must end the job itself when no
 * checkpoint can be taken; {@link JobRunner} gives it that action.
 */
final class SignalCheckpoint {

    /**
     * Installs the handler; {@code onSignal} runs on the JVM's signal thread with the name.
     *
     * @throws UsageError when this JVM does not let a program handle the signal (one it uses
     *         itself, such as QUIT)
     */
    @SuppressWarnings("removal")
    static void install(String command, String signal, Consumer<String> onSignal) throws UsageError {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> onSignal.accept(signal));
        } catch (IllegalArgumentException e) {
            throw new UsageError(command, "--ckpt-on-signal " + signal + ": this JVM does not let a program handle SIG"
                    + signal + " (" + e.getMessage() + "); use USR1 or TERM");
        }
    }

    /** Whether after this signal a job whose checkpoint failed is stopped (as the signal asks) or goes on. */
    static boolean stopsTheJob(String signal) {
        return !signal.startsWith("USR");
    }

    private SignalCheckpoint() {
    }
}
