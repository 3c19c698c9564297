package mpi;

/** An intracommunicator. */
public class Intracomm extends Comm {

    Intracomm(int vid) {
        super(vid);
    }
}
