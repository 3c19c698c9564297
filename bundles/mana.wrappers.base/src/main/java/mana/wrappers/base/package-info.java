/** Support shared by the wrapper bundles; it names the lower half's types, so only wrapper bundles use it. */
@org.osgi.annotation.versioning.Version("0.1.0")
package mana.wrappers.base;
