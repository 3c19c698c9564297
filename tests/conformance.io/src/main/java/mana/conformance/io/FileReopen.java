package mana.conformance.io;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.DescriptorKinds;
import mana.core.desc.FileDescriptor;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mpi.Datatype;
import mpi.File;
import mpi.Info;
import mpi.MPI;

/**
 * MANA only (2-4 ranks): a file's descriptor alone is enough to open it again where it was.
 * Each rank writes through a strided view, moves its individual pointer and the shared one,
 * turns atomic mode on; the file kind refreshes the descriptor (as at a checkpoint), saves it
 * and loads it back; the file is closed; the loaded descriptor alone reopens it (the kind's
 * rebuild, collective). The reopened lower-half file must have the same view (byte offsets of
 * view positions), pointers, atomicity, mode (without CREATE) and size, and read the same data.
 * Prints "OK ..." per check and "DONE". Usage: {@code FileReopen DIR}.
 */
public final class FileReopen {
    static final int N = 6;
    static int rank;

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        String path = args[0] + "/reopen.dat";
        if (rank == 0) {
            new java.io.File(path).delete();
        }
        MPI.COMM_WORLD.barrier();
        DescriptorKind fileKind = kind(Kind.FILE);

        Info hints = new Info();
        hints.set("access_style", "random");
        File f = new File(MPI.COMM_WORLD, path, MPI.MODE_CREATE | MPI.MODE_RDWR, hints);
        hints.free();
        Datatype filetype = Datatype.createVector(N, 1, size, MPI.INT);
        filetype.commit();
        f.setView((long) rank * 4, MPI.INT, filetype, "native");
        int[] data = new int[N];
        for (int i = 0; i < N; i++) {
            data[i] = 100 * rank + i;
        }
        f.writeAll(data, N, MPI.INT);
        f.seek(rank % 3 + 1, MPI.SEEK_SET);
        f.seekShared(2, MPI.SEEK_SET);
        f.setAtomicity(true);
        long position = f.getPosition();
        long shared = f.getPositionShared();
        long[] byteOffsets = new long[N];
        for (int i = 0; i < N; i++) {
            byteOffsets[i] = f.getByteOffset(i);
        }
        long fileSize = f.getSize();

        Field vidField = File.class.getDeclaredField("vid");
        vidField.setAccessible(true);
        Descriptor d = Handles.descriptor(vidField.getInt(f), Kind.FILE);
        fileKind.beforeCheckpoint();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        fileKind.save(d, new DataOutputStream(bytes));
        FileDescriptor loaded = (FileDescriptor) fileKind.load(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
        report("the descriptor holds pointers, size and hints: " + loaded.summary(), loaded.position() == position
                && loaded.sharedPosition() == shared && loaded.size() == fileSize && loaded.atomic()
                && "random".equals(loaded.hints().get("access_style")) && loaded.disp() == rank * 4L);
        f.close();
        report("the application's file is closed", f.getView() != null);

        Object g = fileKind.rebuild(loaded);
        report("reopened: same individual pointer", (long) call(g, "getPosition") == position);
        report("reopened: same shared pointer", (long) call(g, "getPositionShared") == shared);
        boolean sameView = true;
        for (int i = 0; i < N; i++) {
            sameView &= (long) call(g, "getByteOffset", (long) i) == byteOffsets[i];
        }
        report("reopened: same view (byte offsets of every view position)", sameView);
        report("reopened: atomic mode", (boolean) call(g, "getAtomicity"));
        report("reopened: same mode without CREATE", (int) call(g, "getAMode") == MPI.MODE_RDWR);
        report("reopened: same size", (long) call(g, "getSize") == fileSize);
        Object lowerInt = g.getClass().getClassLoader().loadClass("mpi.MPI").getField("INT").get(null);
        int[] back = new int[N];
        call(g, "readAt", 0L, back, N, lowerInt);
        report("reopened: reads this rank's data through the view", java.util.Arrays.equals(back, data));
        call(g, "close");
        filetype.free();

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            File.delete(path);
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    static DescriptorKind kind(int kind) {
        var ctx = org.osgi.framework.FrameworkUtil.getBundle(FileReopen.class).getBundleContext();
        for (DescriptorKind k : ctx.getService(ctx.getServiceReference(DescriptorKinds.class)).inRestoreOrder()) {
            if (k.kind() == kind) {
                return k;
            }
        }
        throw new IllegalStateException("no descriptor kind " + kind);
    }

    static void report(String name, boolean ok) {
        if (rank == 0 || !ok) {
            System.out.println((ok ? "OK " : "FAIL ") + name);
        }
    }

    static Object call(Object target, String name, Object... args) throws Exception {
        for (Method m : target.getClass().getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == args.length) {
                return m.invoke(target, args);
            }
        }
        throw new NoSuchMethodException(name);
    }
}
