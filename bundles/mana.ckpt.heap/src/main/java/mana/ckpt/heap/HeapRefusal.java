package mana.ckpt.heap;

/** The heap cannot be saved or restored; the message names the class and the path that reaches it. */
public final class HeapRefusal extends Exception {
    private static final long serialVersionUID = 1L;

    public HeapRefusal(String message) {
        super(message);
    }

    public HeapRefusal(String message, Throwable cause) {
        super(message, cause);
    }
}
