package mana.ckpt.engine;

/** A restart could not give back the application's state; the message says why. */
public class RestoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public RestoreException(String message) {
        super(message);
    }

    public RestoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
