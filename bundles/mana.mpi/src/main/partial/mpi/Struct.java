package mpi;

/** Base of user-defined struct types. Field layout and its datatype come with mana.wrappers.types. */
public abstract class Struct {
    public Struct() {
    }
}
