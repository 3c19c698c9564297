/**
 * How the MANA platform (bundle mana.agent) plugs into {@link mana.api.Mana}. Not for applications.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package mana.api.spi;
