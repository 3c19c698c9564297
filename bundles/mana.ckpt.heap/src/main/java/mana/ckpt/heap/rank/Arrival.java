package mana.ckpt.heap.rank;

/**
 * What a blocking call of the main thread waits for, checked outside MPI without taking it (a
 * message for a receive or probe, completions for a wait), so that the rank can stop at a cut
 * while it waits. The call is made once this is true, and then returns at once.
 */
interface Arrival {

    /** Whether the call would now return at once (or fails: the call is then made and reports the error itself). */
    boolean arrived();
}
