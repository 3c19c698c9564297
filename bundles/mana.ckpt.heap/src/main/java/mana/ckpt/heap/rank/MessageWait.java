package mana.ckpt.heap.rank;

import mana.core.fn.FunctionTable;
import mana.core.fn.P2pProvider;
import mana.core.vid.HandleObjects;

/**
 * The message a blocking receive or probe of the main thread waits for (communicator, source,
 * tag), found from the woven site's receiver and arguments (Open MPI's Java binding:
 * {@code Comm.recv(buf, count, type, source, tag)}, {@code Comm.probe(source, tag)},
 * {@code Message.mProbe(source, tag, comm)}). In transparent mode the rank waits for it outside
 * MPI (with {@code MPI_Iprobe}, which sees a restart's drained messages too), so that it can stop
 * at a cut while its peer has stopped before sending; the call is then made once the message is
 * there, and completes at once.
 */
final class MessageWait implements Arrival {

    private final P2pProvider p2p;
    private final int comm;
    private final int source;
    private final int tag;

    private MessageWait(P2pProvider p2p, int comm, int source, int tag) {
        this.p2p = p2p;
        this.comm = comm;
        this.tag = tag;
        this.source = source;
    }

    /** The wait for this call, or null when the arguments are not those of a known receive or probe (the call is then made as is). */
    static MessageWait of(String method, Object receiver, Object[] args) {
        HandleObjects h = HandleObjects.get();
        P2pProvider p2p = FunctionTable.p2p();
        if (h == null || p2p == null || args == null) {
            return null;
        }
        Object comm;
        int at;
        switch (method) {
            case "recv" -> {
                comm = receiver;
                at = 3;
            }
            case "probe" -> {
                comm = receiver;
                at = 0;
            }
            case "mProbe" -> {
                comm = args.length == 3 ? args[2] : null;
                at = 0;
            }
            default -> {
                return null;
            }
        }
        if (args.length < at + 2 || !(args[at] instanceof Integer source) || !(args[at + 1] instanceof Integer tag)) {
            return null;
        }
        long vid = h.vidOf(comm);
        if (vid == HandleObjects.NOT_A_HANDLE) {
            return null;
        }
        if (method.equals("recv") && !validRecv(h, p2p, (int) vid, args)) {
            return null; // made at once: it fails as it does unwoven (no message would ever end the wait)
        }
        return new MessageWait(p2p, (int) vid, source, tag);
    }

    /** Whether {@code recv(buf, count, type, source, tag)} passes the checks made before anything is received. */
    private static boolean validRecv(HandleObjects h, P2pProvider p2p, int comm, Object[] args) {
        if (!(args[1] instanceof Integer count)) {
            return false;
        }
        long type = h.vidOf(args[2]);
        if (type == HandleObjects.NOT_A_HANDLE) {
            return false;
        }
        try {
            p2p.checkRecv(comm, args[0], count, (int) type);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Whether the message is there (or the probe fails: the call is then made and reports the error itself). */
    @Override
    public boolean arrived() {
        try {
            return p2p.iProbe(comm, source, tag) != null;
        } catch (Exception e) {
            return true;
        }
    }
}
