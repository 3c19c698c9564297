/**
 * The heap of a transparent checkpoint: {@link mana.ckpt.heap.HeapImage} saves a captured main thread
 * and everything reachable from it and from the application classes' statics, and puts them back.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package mana.ckpt.heap;
