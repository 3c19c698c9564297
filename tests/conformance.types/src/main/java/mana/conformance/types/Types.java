package mana.conformance.types;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Struct;

/**
 * Every datatype constructor of the Java API: data sent with the derived type from rank 0 and
 * received on the last rank (arrays and direct buffers), checked against a layout computed here;
 * sizes, extents and bounds printed as "VAL" lines (compared with the raw binding line by
 * line); deep chains with their parents freed early; names and attributes; a Struct subclass.
 * Prints "OK check" on rank 0 (or the receiving rank), "FAIL check: details" and exits 1.
 */
public final class Types {
    static int rank;
    static int size;
    static int last;

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
        last = size - 1;

        predefined();
        contiguous();
        vector();
        hvector();
        indexed();
        hindexed();
        struct();
        resized();
        dup();
        structSubclass();
        deepChain();
        namesAndAttributes();
        freeSemantics();

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void check(String name, boolean cond, String details) {
        if (!cond) {
            System.out.println("FAIL " + name + " (rank " + rank + "): " + details);
            System.out.flush();
            System.exit(1);
        }
    }

    static void ok(String name) {
        System.out.println("OK " + name);
    }

    static void values(String name, Datatype t) throws MPIException {
        if (rank == 0) {
            System.out.println("VAL " + name + " size=" + t.getSize() + " extent=" + t.getExtent() + " lb=" + t.getLb()
                    + " trueExtent=" + t.getTrueExtent() + " trueLb=" + t.getTrueLb());
        }
    }

    /** Sends {@code count} items of {@code type} from an int array on rank 0, receives them on the last rank into a zeroed array. */
    static void sendRecvInts(String name, Datatype type, int count, int len, int[] expectedPositions)
            throws MPIException {
        int[] src = new int[len];
        for (int i = 0; i < len; i++) {
            src[i] = 1000 + i;
        }
        // reference: received positions hold the source values there, the rest stays 0
        int[] ref = new int[len];
        for (int p : expectedPositions) {
            ref[p] = src[p];
        }
        if (rank == 0) {
            MPI.COMM_WORLD.send(src, count, type, last, 1);
            IntBuffer db = MPI.newIntBuffer(len);
            db.put(src).clear();
            MPI.COMM_WORLD.send(db, count, type, last, 2);
        } else if (rank == last) {
            int[] got = new int[len];
            MPI.COMM_WORLD.recv(got, count, type, 0, 1);
            check(name + " array", Arrays.equals(ref, got), "expected " + Arrays.toString(ref) + " got " + Arrays.toString(got));
            IntBuffer db = MPI.newIntBuffer(len);
            MPI.COMM_WORLD.recv(db, count, type, 0, 2);
            int[] got2 = new int[len];
            db.clear();
            db.get(got2);
            check(name + " direct buffer", Arrays.equals(ref, got2), "expected " + Arrays.toString(ref) + " got " + Arrays.toString(got2));
            ok(name + " array");
            ok(name + " direct buffer");
        }
        MPI.COMM_WORLD.barrier();
    }

    /** The same through a packed receive: the sender uses the type, the receiver gets contiguous ints in type order. */
    static void sendTypedRecvPacked(String name, Datatype type, int count, int len, int[] order) throws MPIException {
        int[] src = new int[len];
        for (int i = 0; i < len; i++) {
            src[i] = 7 * i + 3;
        }
        if (rank == 0) {
            MPI.COMM_WORLD.send(src, count, type, last, 3);
        } else if (rank == last) {
            int[] got = new int[order.length];
            MPI.COMM_WORLD.recv(got, order.length, MPI.INT, 0, 3);
            int[] ref = new int[order.length];
            for (int i = 0; i < order.length; i++) {
                ref[i] = src[order[i]];
            }
            check(name + " packed order", Arrays.equals(ref, got), "expected " + Arrays.toString(ref) + " got " + Arrays.toString(got));
            ok(name + " packed order");
        }
        MPI.COMM_WORLD.barrier();
    }

    static void predefined() throws MPIException {
        Datatype[] p = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE,
            MPI.INT2, MPI.SHORT_INT, MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT, MPI.FLOAT_COMPLEX, MPI.DOUBLE_COMPLEX};
        String[] n = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE", "INT2", "SHORT_INT",
            "LONG_INT", "FLOAT_INT", "DOUBLE_INT", "FLOAT_COMPLEX", "DOUBLE_COMPLEX"};
        for (int i = 0; i < p.length; i++) {
            values(n[i], p[i]);
            if (rank == 0) {
                System.out.println("VAL " + n[i] + " name=" + p[i].getName() + " isNull=" + p[i].isNull());
            }
        }
        if (rank == 0) {
            System.out.println("VAL DATATYPE_NULL isNull=" + MPI.DATATYPE_NULL.isNull());
            System.out.println("VAL int2 extent=" + MPI.int2.getExtent() + " doubleInt extent=" + MPI.doubleInt.getExtent()
                    + " shortInt extent=" + MPI.shortInt.getExtent() + " longInt extent=" + MPI.longInt.getExtent()
                    + " floatInt extent=" + MPI.floatInt.getExtent());
            values("int2 struct", MPI.int2.getType());
            values("doubleInt struct", MPI.doubleInt.getType());
            ok("predefined queries");
        }
    }

    static void contiguous() throws MPIException {
        Datatype t = Datatype.createContiguous(3, MPI.INT);
        t.commit();
        values("contiguous(3,INT)", t);
        sendRecvInts("contiguous", t, 2, 8, new int[] {0, 1, 2, 3, 4, 5});
        Datatype z = Datatype.createContiguous(0, MPI.INT);
        z.commit();
        values("contiguous(0,INT)", z);
        sendRecvInts("contiguous of 0", z, 3, 4, new int[0]);
        z.free();
        t.free();
    }

    static void vector() throws MPIException {
        Datatype t = Datatype.createVector(3, 2, 4, MPI.INT); // blocks at 0,4,8 of length 2
        t.commit();
        values("vector(3,2,4,INT)", t);
        sendRecvInts("vector", t, 1, 12, new int[] {0, 1, 4, 5, 8, 9});
        sendTypedRecvPacked("vector", t, 1, 12, new int[] {0, 1, 4, 5, 8, 9});
        // two items: the second starts at the extent (10 ints)
        sendRecvInts("vector count 2", t, 2, 22, new int[] {0, 1, 4, 5, 8, 9, 10, 11, 14, 15, 18, 19});
        // doubles
        Datatype dv = Datatype.createVector(2, 1, 3, MPI.DOUBLE);
        dv.commit();
        values("vector(2,1,3,DOUBLE)", dv);
        if (rank == 0) {
            double[] s = {1.5, 2.5, 3.5, 4.5, 5.5};
            MPI.COMM_WORLD.send(s, 1, dv, last, 9);
            DoubleBuffer b = MPI.newDoubleBuffer(5);
            b.put(s).clear();
            MPI.COMM_WORLD.send(b, 1, dv, last, 10);
        } else if (rank == last) {
            double[] r = new double[2];
            MPI.COMM_WORLD.recv(r, 2, MPI.DOUBLE, 0, 9);
            check("vector of doubles", r[0] == 1.5 && r[1] == 4.5, Arrays.toString(r));
            DoubleBuffer b = MPI.newDoubleBuffer(5);
            MPI.COMM_WORLD.recv(b, 1, dv, 0, 10);
            check("vector of doubles direct", b.get(0) == 1.5 && b.get(3) == 4.5 && b.get(1) == 0 && b.get(2) == 0,
                    b.get(0) + " " + b.get(1) + " " + b.get(2) + " " + b.get(3));
            ok("vector of doubles");
            ok("vector of doubles direct");
        }
        MPI.COMM_WORLD.barrier();
        dv.free();
        t.free();
    }

    static void hvector() throws MPIException {
        Datatype t = Datatype.createHVector(3, 1, 12, MPI.INT); // stride in bytes: every third int
        t.commit();
        values("hvector(3,1,12,INT)", t);
        sendRecvInts("hvector", t, 1, 9, new int[] {0, 3, 6});
        t.free();
    }

    static void indexed() throws MPIException {
        Datatype t = Datatype.createIndexed(new int[] {2, 1, 3}, new int[] {5, 0, 8}, MPI.INT);
        t.commit();
        values("indexed", t);
        sendRecvInts("indexed", t, 1, 12, new int[] {5, 6, 0, 8, 9, 10});
        sendTypedRecvPacked("indexed", t, 1, 12, new int[] {5, 6, 0, 8, 9, 10});
        t.free();
    }

    static void hindexed() throws MPIException {
        Datatype t = Datatype.createHIndexed(new int[] {1, 2}, new int[] {4, 16}, MPI.INT); // bytes
        t.commit();
        values("hindexed", t);
        sendRecvInts("hindexed", t, 1, 7, new int[] {1, 4, 5});
        t.free();
    }

    static void struct() throws MPIException {
        // an int at 0, two doubles at 8, a short at 24 (bytes), sent from and to byte buffers
        Datatype t = Datatype.createStruct(new int[] {1, 2, 1}, new int[] {0, 8, 24},
                new Datatype[] {MPI.INT, MPI.DOUBLE, MPI.SHORT});
        t.commit();
        values("struct", t);
        int ext = t.getExtent();
        if (rank == 0) {
            ByteBuffer b = MPI.newByteBuffer(2 * ext);
            for (int i = 0; i < 2; i++) {
                int o = i * ext;
                b.putInt(o, 10 + i).putDouble(o + 8, 0.25 + i).putDouble(o + 16, -3.5 * i).putShort(o + 24, (short) (7 + i));
                b.putInt(o + 4, 0x7777); // padding: not part of the type
            }
            MPI.COMM_WORLD.send(b, 2, t, last, 4);
            byte[] a = new byte[2 * ext];
            b.clear();
            b.get(a);
            MPI.COMM_WORLD.send(a, 2, t, last, 5);
        } else if (rank == last) {
            ByteBuffer b = MPI.newByteBuffer(2 * ext);
            MPI.COMM_WORLD.recv(b, 2, t, 0, 4);
            byte[] a = new byte[2 * ext];
            MPI.COMM_WORLD.recv(a, 2, t, 0, 5);
            ByteBuffer w = ByteBuffer.wrap(a).order(java.nio.ByteOrder.nativeOrder());
            for (ByteBuffer x : new ByteBuffer[] {b, w}) {
                for (int i = 0; i < 2; i++) {
                    int o = i * ext;
                    check("struct item " + i, x.getInt(o) == 10 + i && x.getDouble(o + 8) == 0.25 + i
                            && x.getDouble(o + 16) == -3.5 * i && x.getShort(o + 24) == 7 + i && x.getInt(o + 4) == 0,
                            x.getInt(o) + " " + x.getDouble(o + 8) + " " + x.getDouble(o + 16) + " " + x.getShort(o + 24)
                                    + " pad " + x.getInt(o + 4));
                }
            }
            ok("struct direct buffer");
            ok("struct byte array");
        }
        MPI.COMM_WORLD.barrier();
        t.free();
    }

    static void resized() throws MPIException {
        Datatype v = Datatype.createVector(2, 1, 2, MPI.INT); // ints 0 and 2, extent 3
        Datatype r = Datatype.createResized(v, 0, 16);        // extent 4 ints (bytes for resized)
        r.commit();
        values("resized", r);
        sendRecvInts("resized", r, 3, 12, new int[] {0, 2, 4, 6, 8, 10});
        Datatype lb = Datatype.createResized(MPI.INT, -4, 12);
        lb.commit();
        values("resized with lb", lb);
        lb.free();
        v.free();
        r.free();
    }

    static void dup() throws MPIException {
        Datatype v = Datatype.createVector(2, 1, 3, MPI.INT);
        v.commit();
        Datatype d = v.dup();
        values("dup of vector", d);
        Datatype c = v.clone();
        values("clone of vector", c);
        v.free();
        sendRecvInts("dup (parent freed)", d, 1, 6, new int[] {0, 3});
        sendRecvInts("clone (parent freed)", c, 2, 8, new int[] {0, 3, 4, 7});
        Datatype pd = MPI.INT.dup();
        pd.commit();
        values("dup of INT", pd);
        sendRecvInts("dup of INT", pd, 3, 4, new int[] {0, 1, 2});
        pd.free();
        d.free();
        c.free();
    }

    /** A user struct: an int, a double, three chars, a nested pair struct. */
    static final class Point extends Struct {
        final int id = addInt();
        final int weight = addDouble();
        final int tag = addChar(3);
        final Pair pair;
        final int pairField;

        Point(Pair p) throws MPIException {
            pair = p;
            pairField = addStruct(p);
        }

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            int id() {
                return getInt(id);
            }

            void id(int v) {
                putInt(id, v);
            }

            double weight() {
                return getDouble(weight);
            }

            void weight(double v) {
                putDouble(weight, v);
            }

            char tag(int i) {
                return getChar(tag, i);
            }

            void tag(int i, char c) {
                putChar(tag, i, c);
            }

            Pair.Data pair() {
                return getData(pair, pairField);
            }
        }
    }

    static final class Pair extends Struct {
        final int a = addShort();
        final int b = addLong();

        @Override
        protected Data newData() {
            return new Data();
        }

        final class Data extends Struct.Data {
            short a() {
                return getShort(a);
            }

            long b() {
                return getLong(b);
            }

            void a(short v) {
                putShort(a, v);
            }

            void b(long v) {
                putLong(b, v);
            }
        }
    }

    static void structSubclass() throws MPIException {
        Pair pair = new Pair();
        Point pt = new Point(pair);
        Datatype t = pt.getType();
        values("Struct subclass Point", t);
        values("Struct subclass Pair", pair.getType());
        if (rank == 0) {
            System.out.println("VAL Point fields id=" + pt.id + " weight=" + pt.weight + " tag=" + pt.tag + " pair="
                    + pt.pairField + " extent=" + pt.getExtent() + " Pair a=" + pair.a + " b=" + pair.b
                    + " extent=" + pair.getExtent());
        }
        int n = 3;
        int ext = pt.getExtent();
        if (rank == 0) {
            ByteBuffer b = MPI.newByteBuffer(n * ext);
            byte[] a = new byte[n * ext];
            for (int i = 0; i < n; i++) {
                for (Object buf : new Object[] {b, a}) {
                    Point.Data d = buf instanceof ByteBuffer bb ? pt.getData(bb, i) : pt.getData((byte[]) buf, i);
                    d.id(100 + i);
                    d.weight(i / 4.0);
                    for (int c = 0; c < 3; c++) {
                        d.tag(c, (char) ('a' + i + c));
                    }
                    d.pair().a((short) (-i));
                    d.pair().b(1L << (40 + i));
                }
            }
            MPI.COMM_WORLD.send(b, n, t, last, 6);
            MPI.COMM_WORLD.send(a, n, t, last, 7);
        } else if (rank == last) {
            ByteBuffer b = MPI.newByteBuffer(n * ext);
            byte[] a = new byte[n * ext];
            MPI.COMM_WORLD.recv(b, n, t, 0, 6);
            MPI.COMM_WORLD.recv(a, n, t, 0, 7);
            for (int i = 0; i < n; i++) {
                for (Object buf : new Object[] {b, a}) {
                    Point.Data d = buf instanceof ByteBuffer bb ? pt.getData(bb, i) : pt.getData((byte[]) buf, i);
                    String got = d.id() + " " + d.weight() + " " + d.tag(0) + d.tag(1) + d.tag(2) + " " + d.pair().a()
                            + " " + d.pair().b();
                    String want = (100 + i) + " " + (i / 4.0) + " " + (char) ('a' + i) + (char) ('a' + i + 1)
                            + (char) ('a' + i + 2) + " " + (-i) + " " + (1L << (40 + i));
                    check("Struct subclass item " + i, got.equals(want), "want " + want + " got " + got);
                }
            }
            Point.Data first = pt.getData(b);
            check("Struct getData(ByteBuffer) is item 0", first.id() == 100 && first.getBuffer() == b, "id " + first.id());
            check("Struct Data.getBuffer slices at the item", pt.getData(b, 1).getBuffer().getInt(0) == 101, "");
            ok("Struct subclass direct buffer");
            ok("Struct subclass byte array");
        }
        MPI.COMM_WORLD.barrier();
    }

    static void deepChain() throws MPIException {
        Datatype a = Datatype.createContiguous(2, MPI.INT);                  // 2 ints
        Datatype b = Datatype.createVector(2, 1, 2, a);                      // a _ a : extent 6 ints
        Datatype c = Datatype.createHIndexed(new int[] {1, 1}, new int[] {0, 32}, b); // b at 0 and at 8 ints
        Datatype d = Datatype.createResized(c, 0, 64);                       // extent 16 ints
        Datatype e = Datatype.createContiguous(2, d);
        a.free();
        b.free();
        c.free();
        d.free();
        check("freed parent isNull", a.isNull() && b.isNull() && c.isNull() && d.isNull(), "");
        e.commit();
        values("deep chain", e);
        // one e: two d's, at 0 and 16 ints; each d: b at 0 and 8; each b: ints 0,1 and 4,5
        int[] pos = new int[16];
        int k = 0;
        for (int di : new int[] {0, 16}) {
            for (int bi : new int[] {0, 8}) {
                for (int ai : new int[] {0, 4}) {
                    pos[k++] = di + bi + ai;
                    pos[k++] = di + bi + ai + 1;
                }
            }
        }
        sendRecvInts("deep chain with parents freed", e, 1, 32, pos);
        // a chain of 20 contiguous types, each freed right after its child exists
        Datatype t = MPI.INT;
        for (int i = 0; i < 20; i++) {
            Datatype next = Datatype.createContiguous(1, t);
            if (t != MPI.INT) {
                t.free();
            }
            t = next;
        }
        t.commit();
        values("chain of 20", t);
        sendRecvInts("chain of 20 (all parents freed)", t, 3, 5, new int[] {0, 1, 2});
        t.free();
        e.free();
        if (rank == 0) {
            ok("deep chain freed");
        }
    }

    static void namesAndAttributes() throws MPIException {
        Datatype t = Datatype.createContiguous(2, MPI.DOUBLE);
        String before = t.getName();
        t.setName("pair-of-doubles");
        String after = t.getName();
        int key = Datatype.createKeyval();
        Object none = t.getAttr(key);
        t.setAttr(key, "hello attribute");
        Object got = t.getAttr(key);
        t.setAttr(key, Integer.valueOf(42));
        Object got2 = t.getAttr(key);
        t.deleteAttr(key);
        Object gone = t.getAttr(key);
        Datatype.freeKeyval(key);
        if (rank == 0) {
            System.out.println("VAL name before=[" + before + "] after=[" + after + "]");
            System.out.println("VAL attr none=" + none + " got=" + got + " got2=" + got2 + " deleted=" + gone);
            check("names", "pair-of-doubles".equals(after), after);
            check("attributes", none == null && "hello attribute".equals(got) && Integer.valueOf(42).equals(got2)
                    && gone == null, none + " " + got + " " + got2 + " " + gone);
            ok("names and attributes");
        }
        t.free();
    }

    static void freeSemantics() throws MPIException {
        Datatype t = Datatype.createVector(2, 1, 2, MPI.INT);
        check("derived not null", !t.isNull(), "");
        t.free();
        check("freed is null", t.isNull(), "");
        if (rank == 0) {
            ok("free makes the datatype null");
        }
    }
}
