package mana.ckpt.internal;

import java.io.Serializable;

/**
 * An upper-half handle object (Comm, Datatype, Request, ...) in the saved state: its class and
 * handle. A class, not a record: reading a record back makes the JDK spin method handles, tens of
 * milliseconds of CPU on every rank of a restart.
 */
final class HandleRef implements Serializable {
    private static final long serialVersionUID = 2L;
    private final String className;
    private final int vid;

    HandleRef(String className, int vid) {
        this.className = className;
        this.vid = vid;
    }

    String className() {
        return className;
    }

    int vid() {
        return vid;
    }
}
