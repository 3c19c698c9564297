package mana.ckpt.heap.rank;

import mana.core.desc.OpenPorts;

/**
 * A port opened with MPI_Open_port and still open refuses a transparent checkpoint (the job goes
 * on): the restart is a new Open MPI job, where the name the program holds names no port, so
 * its accept or connect would fail there (ompi-java-test collective_intercomm, cut between
 * openPort and accept).
 */
final class OpenPortCheck {

    private OpenPortCheck() {
    }

    /** Why the checkpoint cannot be taken now, or null. */
    static String problem() {
        String port = OpenPorts.anyOpen();
        return port == null ? null
                : "port " + port + " (MPI_Open_port) is still open at the cut: a restart is a new Open MPI job, where accept"
                        + " or connect on that name fails; transparent checkpoints are refused until it is closed";
    }
}
