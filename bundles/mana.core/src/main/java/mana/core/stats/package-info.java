@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.1.0")
package mana.core.stats;
