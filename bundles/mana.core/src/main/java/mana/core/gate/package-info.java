@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package mana.core.gate;
