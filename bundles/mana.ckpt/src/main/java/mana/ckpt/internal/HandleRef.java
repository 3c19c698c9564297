package mana.ckpt.internal;

import java.io.Serializable;

/** An upper-half handle object (Comm, Datatype, Request, ...) in the saved state: its class and handle. */
record HandleRef(String className, int vid) implements Serializable {
    private static final long serialVersionUID = 1L;
}
