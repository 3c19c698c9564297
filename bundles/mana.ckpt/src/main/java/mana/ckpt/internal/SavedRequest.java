package mana.ckpt.internal;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import mana.core.desc.RequestDescriptor;

/**
 * One live request handle at the cut, as the "requests" section stores it. After the drain
 * every request is in one of three states: completed by MANA (its status is kept for the
 * application's wait), a receive still pending (re-posted at a restart), or an inactive
 * persistent request (made again at a restart).
 *
 * @param op          null for a request without a log entry (a non-blocking collective, completed at the cut)
 * @param bufferIndex index of the request's buffer in the object stream's buffer list, -1 for none
 * @param completion  status fields of a completion the application has not seen yet, or null
 */
record SavedRequest(int vid, RequestDescriptor.Op op, int comm, int count, int type, int peer, int tag,
                    boolean active, int bufferIndex, long[] completion) {
    static final int FORMAT = 1;

    void write(DataOutput out) throws IOException {
        out.writeInt(vid);
        out.writeByte(op == null ? -1 : op.ordinal());
        out.writeInt(comm);
        out.writeInt(count);
        out.writeInt(type);
        out.writeInt(peer);
        out.writeInt(tag);
        out.writeBoolean(active);
        out.writeInt(bufferIndex);
        out.writeBoolean(completion != null);
        if (completion != null) {
            out.writeInt(completion.length);
            for (long v : completion) {
                out.writeLong(v);
            }
        }
    }

    static SavedRequest read(DataInput in) throws IOException {
        int vid = in.readInt();
        int o = in.readByte();
        RequestDescriptor.Op[] ops = RequestDescriptor.Op.values();
        if (o < -1 || o >= ops.length) {
            throw new IOException("unknown request operation " + o);
        }
        RequestDescriptor.Op op = o < 0 ? null : ops[o];
        int comm = in.readInt();
        int count = in.readInt();
        int type = in.readInt();
        int peer = in.readInt();
        int tag = in.readInt();
        boolean active = in.readBoolean();
        int bufferIndex = in.readInt();
        long[] completion = null;
        if (in.readBoolean()) {
            int n = in.readInt();
            if (n < 0 || n > 64) {
                throw new IOException("bad status length " + n);
            }
            completion = new long[n];
            for (int i = 0; i < n; i++) {
                completion[i] = in.readLong();
            }
        }
        return new SavedRequest(vid, op, comm, count, type, peer, tag, active, bufferIndex, completion);
    }
}
