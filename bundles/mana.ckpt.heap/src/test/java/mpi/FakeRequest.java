package mpi;

/** Stands for an upper-half handle class (package {@code mpi}) in tests of the heap serializer. */
public class FakeRequest {
    public final int vid;

    public FakeRequest(int vid) {
        this.vid = vid;
    }
}
