package mana.conformance.io;

import java.nio.IntBuffer;
import java.util.Arrays;
import mana.conformance.ErrorNames;
import mpi.Datatype;
import mpi.File;
import mpi.FileView;
import mpi.Group;
import mpi.Info;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * MPI-IO through every access family (2-4 ranks): each writes a known pattern and reads it
 * back, with the default view and with a strided filetype; sizes, atomic mode, shared and
 * ordered pointers, non-blocking and split collective calls, and errors that Open MPI reports
 * cleanly. Every check is combined over the ranks with an allreduce; rank 0 prints "OK name"
 * (the same text through MANA and the raw binding) or "FAIL name" and the job exits 1.
 *
 * <p>Usage: {@code Files DIR} (a directory every rank can write).
 */
public final class Files {
    static Intracomm world;
    static int rank;
    static int size;
    static String dir;
    static final int N = 8;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        world = MPI.COMM_WORLD;
        rank = world.getRank();
        size = world.getSize();
        dir = args[0];
        world.setErrhandler(MPI.ERRORS_RETURN);

        explicitOffsets();
        stridedView();
        sizes();
        atomic();
        shared();
        nonBlocking();
        splitCollectives();
        properties();
        errors();

        world.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static void check(String name, boolean ok) throws MPIException {
        int[] v = {ok ? 1 : 0};
        world.allReduce(v, 1, MPI.INT, MPI.MIN);
        if (rank == 0) {
            System.out.println((v[0] == 1 ? "OK " : "FAIL ") + name);
        }
        if (v[0] != 1) {
            if (!ok) {
                System.out.println("FAIL on rank " + rank + ": " + name);
            }
            System.out.flush();
            MPI.Finalize();
            System.exit(1);
        }
    }

    static String path(String name) {
        return dir + "/" + name;
    }

    static int[] pattern(int r, int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = r * 1000 + i;
        }
        return a;
    }

    /** A new empty file: rank 0 deletes any old one first (no collective setSize: see sizes()). */
    static File create(String name) throws MPIException {
        if (rank == 0) {
            new java.io.File(path(name)).delete();
        }
        world.barrier();
        return new File(world, path(name), MPI.MODE_CREATE | MPI.MODE_RDWR);
    }

    static void explicitOffsets() throws MPIException {
        File f = create("at.dat");
        Status s = f.writeAt((long) rank * N * 4, pattern(rank, N), N, MPI.INT);
        check("writeAt count", s.getCount(MPI.INT) == N);
        world.barrier();
        int[] back = new int[N];
        f.readAt((long) ((rank + 1) % size) * N * 4, back, N, MPI.INT);
        check("readAt reads a neighbour's pattern", Arrays.equals(back, pattern((rank + 1) % size, N)));
        f.writeAtAll((long) (size + rank) * N * 4, pattern(rank + 10, N), N, MPI.INT);
        int[] all = new int[N];
        Status rs = f.readAtAll((long) (size + rank) * N * 4, all, N, MPI.INT);
        check("writeAtAll and readAtAll", Arrays.equals(all, pattern(rank + 10, N)) && rs.getCount(MPI.INT) == N);
        check("size after explicit-offset writes", f.getSize() == 2L * size * N * 4);
        f.close();
    }

    static void stridedView() throws MPIException {
        // rank r owns every size-th int starting at r: a vector filetype, displacement r ints
        Datatype filetype = Datatype.createVector(N, 1, size, MPI.INT);
        filetype.commit();
        File f = create("strided.dat");
        f.setView((long) rank * 4, MPI.INT, filetype, "native");
        FileView v = f.getView();
        check("getView gives back what was set", v.getDisp() == rank * 4L && v.getEType() == MPI.INT
                && v.getFileType() == filetype && v.getDataRep().equals("native"));
        f.writeAll(pattern(rank, N), N, MPI.INT);
        check("position after writeAll, in etypes", f.getPosition() == N);
        check("byte offset of view offset 3", f.getByteOffset(3) == (long) (3 * size + rank) * 4);
        f.seek(2, MPI.SEEK_SET);
        int[] two = new int[2];
        f.read(two, 2, MPI.INT);
        check("seek then read in the strided view", two[0] == rank * 1000 + 2 && two[1] == rank * 1000 + 3);
        f.seek(-1, MPI.SEEK_CUR);
        int[] one = new int[1];
        f.readAll(one, 1, MPI.INT);
        check("SEEK_CUR and readAll", one[0] == rank * 1000 + 3);
        f.seek(0, MPI.SEEK_SET);
        f.write(new int[] {-rank}, 1, MPI.INT);
        world.barrier();
        f.setView(0, MPI.INT, MPI.INT, "native");
        int[] whole = new int[N * size];
        f.readAtAll(0, whole, N * size, MPI.INT);
        boolean interleaved = true;
        for (int i = 0; i < N; i++) {
            for (int r = 0; r < size; r++) {
                int expect = i == 0 ? -r : r * 1000 + i;
                interleaved &= whole[i * size + r] == expect;
            }
        }
        check("the file is the ranks' patterns interleaved", interleaved);
        f.close();
        filetype.free();
    }

    /**
     * Sizes on a file of one rank (COMM_SELF): a collective set_size right after a preallocate
     * fails now and then with MPI_ERR_OTHER in Open MPI 4.1.4 itself (seen with the raw binding).
     */
    static void sizes() throws MPIException {
        boolean[] ok = new boolean[4];
        if (rank == 0) {
            new java.io.File(path("sizes.dat")).delete();
            File f = new File(MPI.COMM_SELF, path("sizes.dat"), MPI.MODE_CREATE | MPI.MODE_RDWR);
            ok[0] = f.getSize() == 0;
            f.preallocate(4096);
            ok[1] = f.getSize() == 4096;
            f.setSize(100);
            ok[2] = f.getSize() == 100;
            f.setSize(300);
            ok[3] = f.getSize() == 300;
            f.close();
        } else {
            java.util.Arrays.fill(ok, true);
        }
        check("a new file is empty", ok[0]);
        check("preallocate grows the file", ok[1]);
        check("setSize truncates", ok[2]);
        check("setSize extends", ok[3]);
    }

    static void atomic() throws MPIException {
        File f = create("atomic.dat");
        check("atomicity is off by default", !f.getAtomicity());
        f.setAtomicity(true);
        check("atomicity on", f.getAtomicity());
        f.writeAt(0, new int[] {rank}, 1, MPI.INT); // all ranks at once: one of them wins whole
        f.sync();
        world.barrier();
        f.sync();
        int[] got = new int[1];
        f.readAt(0, got, 1, MPI.INT);
        int[] first = {got[0]};
        world.bcast(first, 1, MPI.INT, 0);
        check("atomic writes to one place leave one rank's value, seen by all", got[0] == first[0]
                && got[0] >= 0 && got[0] < size);
        f.setAtomicity(false);
        check("atomicity off again", !f.getAtomicity());
        f.close();
    }

    static void shared() throws MPIException {
        File f = create("shared.dat");
        f.setView(0, MPI.INT, MPI.INT, "native"); // pointers count ints (the default etype is a byte)
        f.seekShared(0, MPI.SEEK_SET);
        f.writeShared(new int[] {rank}, 1, MPI.INT);
        world.barrier();
        check("shared pointer after one writeShared per rank, in etypes", f.getPositionShared() == size);
        int[] all = new int[size];
        f.readAtAll(0, all, size, MPI.INT);
        Arrays.sort(all);
        boolean perm = true;
        for (int i = 0; i < size; i++) {
            perm &= all[i] == i;
        }
        check("writeShared: every rank's value once", perm);
        f.writeOrdered(pattern(rank, 2), 2, MPI.INT);
        check("shared pointer after writeOrdered", f.getPositionShared() == size + 2L * size);
        f.seekShared(size, MPI.SEEK_SET);
        int[] mine = new int[2];
        f.readOrdered(mine, 2, MPI.INT);
        check("readOrdered gets what writeOrdered wrote, in rank order", Arrays.equals(mine, pattern(rank, 2)));
        f.seekShared(0, MPI.SEEK_SET);
        world.barrier();
        int[] one = new int[1];
        f.readShared(one, 1, MPI.INT);
        world.barrier();
        check("readShared moves the shared pointer once per rank", f.getPositionShared() == size
                && one[0] >= 0 && one[0] < size);
        f.close();
    }

    static void nonBlocking() throws MPIException {
        File f = create("nb.dat");
        IntBuffer out = MPI.newIntBuffer(N);
        out.put(pattern(rank, N));
        Request w = f.iWriteAt((long) rank * N * 4, out, N, MPI.INT);
        w.waitFor();
        check("iWriteAt completes", w.isNull());
        world.barrier();
        IntBuffer in = MPI.newIntBuffer(N);
        Request r = f.iReadAt((long) rank * N * 4, in, N, MPI.INT);
        r.waitFor();
        int[] got = new int[N];
        in.get(got);
        check("iReadAt reads it back", Arrays.equals(got, pattern(rank, N)));
        Request wa = f.iWriteAtAll((long) (size + rank) * N * 4, out, N, MPI.INT);
        wa.waitFor();
        IntBuffer in2 = MPI.newIntBuffer(N);
        Request ra = f.iReadAtAll((long) (size + rank) * N * 4, in2, N, MPI.INT);
        ra.waitFor();
        check("iWriteAtAll and iReadAtAll", in2.get(N - 1) == rank * 1000 + N - 1);
        f.seek((long) (2 * size + rank) * N * 4, MPI.SEEK_SET);
        Request iw = f.iWrite(out, N, MPI.INT);
        iw.waitFor();
        f.seek((long) (2 * size + rank) * N * 4, MPI.SEEK_SET);
        IntBuffer in3 = MPI.newIntBuffer(N);
        f.iRead(in3, N, MPI.INT).waitFor();
        check("iWrite and iRead at the individual pointer", in3.get(3) == rank * 1000 + 3);
        f.seek((long) (3 * size + rank) * N * 4, MPI.SEEK_SET);
        f.iWriteAll(out, N, MPI.INT).waitFor();
        f.seek((long) (3 * size + rank) * N * 4, MPI.SEEK_SET);
        IntBuffer in4 = MPI.newIntBuffer(N);
        f.iReadAll(in4, N, MPI.INT).waitFor();
        check("iWriteAll and iReadAll", in4.get(5) == rank * 1000 + 5);
        world.barrier();
        f.seekShared(0, MPI.SEEK_SET);
        IntBuffer sh = MPI.newIntBuffer(1);
        sh.put(0, 77);
        f.iWriteShared(sh, 1, MPI.INT).waitFor();
        world.barrier();
        check("iWriteShared moves the shared pointer, in bytes", f.getPositionShared() == 4L * size);
        f.seekShared(0, MPI.SEEK_SET);
        IntBuffer rsh = MPI.newIntBuffer(1);
        f.iReadShared(rsh, 1, MPI.INT).waitFor();
        check("iReadShared", rsh.get(0) == 77);
        int cls = 0;
        try {
            f.iWriteAt(0, IntBuffer.allocate(N), N, MPI.INT);
        } catch (IllegalArgumentException e) {
            cls = -2;
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("a heap buffer in a non-blocking call is rejected as in the raw binding (" + cls + ")", cls == -2);
        f.close();
    }

    static void splitCollectives() throws MPIException {
        File f = create("split.dat");
        f.writeAtAllBegin((long) rank * N * 4, pattern(rank, N), N, MPI.INT);
        Status s = f.writeAtAllEnd(pattern(rank, N));
        check("writeAtAllBegin/End with an array", s != null && s.getCount(MPI.INT) == N);
        int[] back = new int[N];
        f.readAtAllBegin((long) rank * N * 4, back, N, MPI.INT);
        f.readAtAllEnd(back);
        check("readAtAllBegin/End with an array", Arrays.equals(back, pattern(rank, N)));
        IntBuffer direct = MPI.newIntBuffer(N);
        direct.put(pattern(rank + 5, N));
        f.seek((long) (size + rank) * N * 4, MPI.SEEK_SET);
        f.writeAllBegin(direct, N, MPI.INT);
        f.writeAllEnd(direct);
        f.seek((long) (size + rank) * N * 4, MPI.SEEK_SET);
        IntBuffer din = MPI.newIntBuffer(N);
        f.readAllBegin(din, N, MPI.INT);
        f.readAllEnd(din);
        check("writeAllBegin/End and readAllBegin/End with direct buffers", din.get(N - 1) == (rank + 5) * 1000 + N - 1);
        f.seekShared(0, MPI.SEEK_SET);
        f.writeOrderedBegin(new int[] {rank}, 1, MPI.INT);
        f.writeOrderedEnd(new int[] {rank});
        f.seekShared(0, MPI.SEEK_SET);
        int[] o = new int[1];
        f.readOrderedBegin(o, 1, MPI.INT);
        f.readOrderedEnd(o);
        check("writeOrderedBegin/End and readOrderedBegin/End", o[0] == rank);
        f.close();
    }

    static void properties() throws MPIException {
        Info hints = new Info();
        hints.set("access_style", "read_once");
        File f = new File(world, path("props.dat"), MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE, hints);
        check("getAMode", f.getAMode() == (MPI.MODE_CREATE | MPI.MODE_RDWR | MPI.MODE_DELETE_ON_CLOSE));
        Group g = f.getGroup();
        check("getGroup has every rank", g.getSize() == size && g.getRank() == rank);
        g.free();
        Info got = f.getInfo();
        check("getInfo gives an info", got != null && !got.isNull() && got.size() >= 0);
        got.free();
        f.setInfo(hints);
        f.setErrhandler(MPI.ERRORS_RETURN);
        check("getErrhandler gives an errhandler", f.getErrhandler() != null);
        check("getTypeExtent of INT", f.getTypeExtent(MPI.INT) == 1);
        f.close();
        hints.free();
        world.barrier();
        int cls = 0;
        try {
            File again = new File(world, path("props.dat"), MPI.MODE_RDONLY);
            again.close();
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("DELETE_ON_CLOSE removed the file (" + ErrorNames.of(cls) + ")", cls == MPI.ERR_NO_SUCH_FILE);
        if (rank == 0) {
            File d = new File(MPI.COMM_SELF, path("gone.dat"), MPI.MODE_CREATE | MPI.MODE_WRONLY);
            d.close();
            File.delete(path("gone.dat"));
        }
        world.barrier();
        cls = 0;
        try {
            File.delete(path("gone.dat"));
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("delete removes a file; deleting it again fails (" + ErrorNames.of(cls) + ")", cls == MPI.ERR_NO_SUCH_FILE);
    }

    static void errors() throws MPIException {
        int cls = 0;
        try {
            new File(world, path("missing.dat"), MPI.MODE_RDONLY);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("opening a missing file without MODE_CREATE fails with class " + ErrorNames.of(cls), cls == MPI.ERR_NO_SUCH_FILE);

        File f = create("errors.dat");
        f.writeAt((long) rank * 4, new int[] {rank}, 1, MPI.INT);
        world.barrier();
        long before = f.getSize();
        cls = 0;
        try {
            f.setView(0, MPI.INT, MPI.INT, "no-such-representation");
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("a view with an unknown data representation fails with class " + ErrorNames.of(cls), cls != 0);
        cls = 0;
        try {
            f.seek(-5, MPI.SEEK_SET);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        // the class is the library's choice (Open MPI: ERR_OTHER, MPICH: ERR_ARG): only that it fails is compared
        check("a negative seek fails", cls != 0);
        world.barrier();
        check("failed calls wrote nothing", f.getSize() == before);
        f.close();

        File ro = new File(world, path("errors.dat"), MPI.MODE_RDONLY);
        cls = 0;
        try {
            ro.writeAt(0, new int[] {99}, 1, MPI.INT);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("writing a read-only file fails with class " + ErrorNames.of(cls), cls == MPI.ERR_READ_ONLY || cls == MPI.ERR_ACCESS);
        int[] first = new int[1];
        ro.readAt(0, first, 1, MPI.INT);
        check("the read-only file is unchanged", first[0] == 0 && ro.getSize() == before);
        ro.close();
        cls = 0;
        try {
            new File(world, path("errors.dat"), MPI.MODE_CREATE | MPI.MODE_EXCL | MPI.MODE_RDWR);
        } catch (MPIException e) {
            cls = e.getErrorClass();
        }
        check("MODE_EXCL on an existing file fails with class " + ErrorNames.of(cls), cls == MPI.ERR_FILE_EXISTS);
    }
}
