package mana.weaver.api;

/**
 * Decides at which cut point the main thread is captured. Consulted at every cut point while
 * {@link Continuations#arm armed}, on the thread making the call, before the call.
 */
public interface CutPolicy {

    /** True to capture here ({@code owner} in internal form, e.g. {@code mpi/Comm}). */
    boolean shouldCapture(String owner, String method);

    /** The capture this policy asked for cannot be taken here; the program goes on and the call is made. */
    default void declined(String owner, String method, String reason) {
    }
}
