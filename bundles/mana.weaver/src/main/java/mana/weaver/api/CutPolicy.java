package mana.weaver.api;

/**
 * Decides at which cut point the main thread is captured. Consulted at every cut point while
 * {@link Continuations#arm armed}, on the thread making the call, before the call.
 */
public interface CutPolicy {

    /** True to capture here ({@code owner} in internal form, e.g. {@code mpi/Comm}). */
    boolean shouldCapture(String owner, String method);

    /**
     * As {@link #shouldCapture(String, String)}, with the call's receiver when the woven site
     * passes it (capturable cut points do; {@code null} for a static call or when unknown).
     */
    default boolean shouldCapture(String owner, String method, Object receiver) {
        return shouldCapture(owner, method);
    }

    /**
     * As {@link #shouldCapture(String, String, Object)}, with the call's arguments (boxed) for
     * the calls of {@link Continuations#ARGUMENT_CALLS}, else {@code null}.
     */
    default boolean shouldCapture(String owner, String method, Object receiver, Object[] args) {
        return shouldCapture(owner, method, receiver);
    }

    /** The capture this policy asked for cannot be taken here; the program goes on and the call is made. */
    default void declined(String owner, String method, String reason) {
    }
}
