/**
 * Continuations for the main thread of an unmodified application: {@link mana.weaver.api.Continuations}
 * runs and resumes the application's {@code main}, a {@link mana.weaver.api.CutPolicy} says at which
 * cut point (a call into package {@code mpi}) to capture, and a capture yields a
 * {@link mana.weaver.api.FrameStack}. Woven application classes call the rest of this package;
 * applications never do.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package mana.weaver.api;
