/**
 * What of the checkpoint's state saving other bundles reuse: {@link mana.ckpt.state.BufferState}
 * (java.nio buffers, shared direct memory kept shared).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package mana.ckpt.state;
