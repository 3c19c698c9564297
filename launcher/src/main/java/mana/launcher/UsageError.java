package mana.launcher;

/** A user error: printed as one line {@code mana ...: message}, exit status 2, no stack trace. */
public final class UsageError extends Exception {
    private final String command;

    public UsageError(String command, String message) {
        super(message);
        this.command = command;
    }

    /** The line the user sees, e.g. {@code mana run: x.jar: no such file}. */
    public String line() {
        return (command == null ? "mana" : "mana " + command) + ": " + getMessage();
    }
}
