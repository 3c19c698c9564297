@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.4.0")
package mana.core.vid;
