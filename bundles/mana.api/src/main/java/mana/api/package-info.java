/**
 * What an application uses to survive checkpoints and restarts: {@link mana.api.Mana}. The same
 * program runs unchanged on Open MPI's own binding, where every call is a no-op.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package mana.api;
