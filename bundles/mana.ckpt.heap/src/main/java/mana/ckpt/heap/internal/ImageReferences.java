package mana.ckpt.heap.internal;

import com.esotericsoftware.kryo.util.MapReferenceResolver;

/**
 * Kryo's references (shared objects and cycles written once) with a sparser identity table on
 * the writing side. Kryo's own (IdentityObjectIntMap, filled to 80 %) was the largest cost of a
 * heap image of many objects (issue 18: about 60 % of the serializer thread's samples for 508 000
 * objects): every object is first looked up, and almost every lookup is a miss, which linear
 * probing at 80 % pays with a dozen probes over a table far larger than the caches. Here the table
 * is at most half full (a miss is two or three probes, mostly in one cache line: keys alone in
 * their array) and starts large enough for a small graph without a rehash. Reading, and which
 * classes are written by reference, are Kryo's (the image format is unchanged).
 */
final class ImageReferences extends MapReferenceResolver {
    private Object[] keys = new Object[1 << 12];
    private int[] ids = new int[1 << 12];
    private int shift = 64 - 12;
    private int size;

    @Override
    public int addWrittenObject(Object object) {
        int id = size;
        if (++size > keys.length >>> 1) {
            grow();
        }
        insert(object, id);
        return id;
    }

    @Override
    public int getWrittenId(Object object) {
        Object[] k = keys;
        int mask = k.length - 1;
        for (int i = place(object); ; i = (i + 1) & mask) {
            Object o = k[i];
            if (o == object) {
                return ids[i];
            }
            if (o == null) {
                return -1;
            }
        }
    }

    @Override
    public void reset() {
        super.reset();
        if (size > 0) {
            keys = new Object[1 << 12];
            ids = new int[1 << 12];
            shift = 64 - 12;
            size = 0;
        }
    }

    private int place(Object o) {
        return (int) ((System.identityHashCode(o) * 0x9E3779B97F4A7C15L) >>> shift); // Fibonacci hashing
    }

    private void insert(Object object, int id) {
        int mask = keys.length - 1;
        int i = place(object);
        while (keys[i] != null) {
            i = (i + 1) & mask;
        }
        keys[i] = object;
        ids[i] = id;
    }

    private void grow() {
        Object[] oldKeys = keys;
        int[] oldIds = ids;
        keys = new Object[oldKeys.length << 1];
        ids = new int[oldKeys.length << 1];
        shift--;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                insert(oldKeys[i], oldIds[i]);
            }
        }
    }
}
