package mana.core.fn;

/**
 * An area of MPI and the wrapper bundle that provides it. Areas without a bundle are not
 * supported by MANA at all.
 */
public enum Area {
    ENV("environment", "mana.wrappers.env"),
    P2P("point-to-point and requests", "mana.wrappers.p2p"),
    COMM("communicators and groups", "mana.wrappers.comm"),
    COLL("collectives", "mana.wrappers.coll"),
    TYPES("datatypes and operations", "mana.wrappers.types"),
    CART("topologies", "mana.wrappers.cart"),
    IO("MPI-IO files", "mana.wrappers.io"),
    RMA("one-sided communication (windows)", "mana.wrappers.rma"),
    SPAWN("joining processes over a socket (MPI_Comm_join)", null);

    private final String description;
    private final String bundle;

    Area(String description, String bundle) {
        this.description = description;
        this.bundle = bundle;
    }

    public String description() {
        return description;
    }

    /** Symbolic name of the bundle that provides this area, or null when MANA has none. */
    public String bundle() {
        return bundle;
    }
}
