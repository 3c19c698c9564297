package mana.core.fn;

import java.nio.Buffer;
import mana.core.error.ManaException;

/**
 * Point-to-point functions (area {@link Area#P2P}). Buffers are what the application
 * passed: a Java array or a {@code java.nio.Buffer}; non-blocking and persistent calls take
 * the buffer the application passed (the lower half checks that it is direct, as in Open MPI).
 * A status crosses as a copy of its fields: {@code long[] {source, tag, error, cancelled,
 * ucount, index}} as the lower half keeps them. Calls that make a request return its virtual
 * handle ({@link mana.core.vid.Kind#REQUEST}); messages of matched probes are virtual handles
 * of kind {@link mana.core.vid.Kind#MESSAGE}, or {@link #MESSAGE_NO_PROC}.
 */
public interface P2pProvider {
    /** The message handle of a matched probe with source {@code PROC_NULL} (MPI_MESSAGE_NO_PROC). */
    int MESSAGE_NO_PROC = -1;

    @MpiName("MPI_Send")
    void send(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException;

    /** Returns the status fields (see the class comment). */
    @MpiName("MPI_Recv")
    long[] recv(int comm, Object buf, int count, int type, int source, int tag) throws ManaException;

    /**
     * Throws what {@link #recv} would throw for these arguments before it receives anything (a
     * negative count, a buffer too small, a freed communicator or type), and receives nothing.
     * Transparent checkpointing waits outside MPI for a receive's message only when the receive
     * is valid: an invalid one is made at once and fails as it does unwoven.
     */
    @MpiName("MPI_Recv")
    default void checkRecv(int comm, Object buf, int count, int type) throws ManaException {
    }

    @MpiName("MPI_Bsend")
    void bSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Ssend")
    void sSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Rsend")
    void rSend(int comm, Object buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Sendrecv")
    long[] sendRecv(int comm, Object sendbuf, int sendcount, int sendtype, int dest, int sendtag,
                    Object recvbuf, int recvcount, int recvtype, int source, int recvtag) throws ManaException;

    @MpiName("MPI_Sendrecv_replace")
    long[] sendRecvReplace(int comm, Object buf, int count, int type, int dest, int sendtag, int source,
                           int recvtag) throws ManaException;

    @MpiName("MPI_Isend")
    int iSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Ibsend")
    int ibSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Issend")
    int isSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Irsend")
    int irSend(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Irecv")
    int iRecv(int comm, Buffer buf, int count, int type, int source, int tag) throws ManaException;

    @MpiName("MPI_Send_init")
    int sendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Bsend_init")
    int bSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Ssend_init")
    int sSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Rsend_init")
    int rSendInit(int comm, Buffer buf, int count, int type, int dest, int tag) throws ManaException;

    @MpiName("MPI_Recv_init")
    int recvInit(int comm, Buffer buf, int count, int type, int source, int tag) throws ManaException;

    @MpiName("MPI_Probe")
    long[] probe(int comm, int source, int tag) throws ManaException;

    /** The status of a matching message, or null when there is none. */
    @MpiName("MPI_Iprobe")
    long[] iProbe(int comm, int source, int tag) throws ManaException;

    /** Fills {@code status}; returns the message handle (or {@link #MESSAGE_NO_PROC}). */
    @MpiName("MPI_Mprobe")
    int mProbe(int comm, int source, int tag, long[] status) throws ManaException;

    /** Fills {@code status} and returns the message handle when a message matched; returns 0 otherwise. */
    @MpiName("MPI_Improbe")
    int imProbe(int comm, int source, int tag, long[] status) throws ManaException;

    /** Receives a matched message; the message handle is consumed (freed). */
    @MpiName("MPI_Mrecv")
    long[] mRecv(int message, Object buf, int count, int type) throws ManaException;

    /** Starts receiving a matched message; the message handle is consumed. Returns a request handle. */
    @MpiName("MPI_Imrecv")
    int imRecv(int message, Buffer buf, int count, int type) throws ManaException;

    @MpiName("MPI_Pack")
    int pack(int comm, Object inbuf, int incount, int type, byte[] outbuf, int position) throws ManaException;

    @MpiName("MPI_Unpack")
    int unpack(int comm, byte[] inbuf, int position, Object outbuf, int outcount, int type) throws ManaException;

    @MpiName("MPI_Pack_size")
    int packSize(int comm, int incount, int type) throws ManaException;

    @MpiName("MPI_Buffer_attach")
    void attachBuffer(byte[] buffer) throws ManaException;

    @MpiName("MPI_Buffer_detach")
    byte[] detachBuffer() throws ManaException;

    @MpiName("MPI_Get_count")
    int statusCount(long[] status, int type) throws ManaException;

    @MpiName("MPI_Get_elements")
    int statusElements(long[] status, int type) throws ManaException;

    @MpiName("MPI_Get_elements_x")
    long statusElementsX(long[] status, int type) throws ManaException;

    /** Returns the new ucount field. */
    @MpiName("MPI_Status_set_elements")
    long statusSetElements(long[] status, int type, int count) throws ManaException;

    /** Returns the new ucount field. */
    @MpiName("MPI_Status_set_elements_x")
    long statusSetElementsX(long[] status, int type, long count) throws ManaException;

    @MpiName("MPI_Status_set_cancelled")
    void statusSetCancelled(long[] status, boolean flag) throws ManaException;

    @MpiName("MPI_Test_cancelled")
    boolean statusCancelled(long[] status) throws ManaException;
}
