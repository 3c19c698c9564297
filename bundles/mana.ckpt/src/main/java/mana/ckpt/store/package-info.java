/**
 * On-disk checkpoint format and store: one rank file per rank plus a manifest per checkpoint,
 * written into a temporary directory and committed by an atomic rename. See FORMAT.md in the
 * bundle directory for the byte layout.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package mana.ckpt.store;
