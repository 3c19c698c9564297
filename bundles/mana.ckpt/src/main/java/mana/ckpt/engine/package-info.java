/**
 * The rank side of a coordinated checkpoint: what every rank does at the agreed cut (check the
 * collective clocks, drain messages in flight, write its rank file, commit) and at a restart
 * (rebuild every registered descriptor kind with the same virtual handles, give back the
 * application's state). The job coordinator and the safe-point protocol (bundle mana.agent)
 * call it; it knows nothing about how the cut was agreed.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("0.3.0")
package mana.ckpt.engine;
