@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.2.0")
package mana.core.gate;
