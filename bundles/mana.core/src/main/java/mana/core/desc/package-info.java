@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.7.0")
package mana.core.desc;
