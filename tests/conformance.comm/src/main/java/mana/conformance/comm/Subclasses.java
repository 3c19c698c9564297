package mana.conformance.comm;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.IntBuffer;
import mpi.CartComm;
import mpi.Comm;
import mpi.Errhandler;
import mpi.Group;
import mpi.Info;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;

/**
 * Open MPI's protected constructors and members of the handle classes, used as a library that
 * subclasses Comm, Intracomm and Request uses them ({@code new MyComm(dup(handle))}), and, through
 * reflection, those of the final classes (Group, Info, Errhandler, Prequest, Intercomm, CartComm).
 * Prints "OK check" lines that must read the same through MANA and the raw binding; exits 1 on the
 * first "FAIL". With the argument {@code forged} it also checks, MANA only, that forged, freed and
 * wrong-kind handles give objects whose every use fails with the matching MPIException (the raw
 * binding dereferences such a handle as a pointer and crashes the JVM).
 */
public final class Subclasses {
    static int rank;

    /** A library's communicator class, as written against Open MPI's API. */
    static class LibComm extends Intracomm {
        LibComm() {
            super();
        }

        LibComm(long handle) {
            super(handle);
        }

        LibComm(long[] commRequest) {
            super(commRequest);
        }

        static LibComm world() {
            LibComm c = new LibComm();
            c.setType(WORLD);
            return c;
        }

        static LibComm self() {
            LibComm c = new LibComm();
            c.setType(SELF);
            return c;
        }

        long handle() {
            return handle;
        }

        @Override
        public LibComm dup() throws MPIException {
            return new LibComm(dup(handle));
        }

        long dupOf(long h) throws MPIException {
            return dup(h);
        }

        LibComm iDupLib() throws MPIException {
            return new LibComm(iDup(handle));
        }
    }

    /** A library's request class. */
    static final class LibRequest extends Request {
        LibRequest(long handle) {
            super(handle);
        }

        static long[] handles(Request... r) {
            return getHandles(r);
        }

        static void set(Request[] r, long[] h) {
            setHandles(r, h);
        }

        static long nullHandle() {
            return getNull();
        }

        void keep(IntBuffer send, IntBuffer recv) {
            addSendBufRef(send);
            addRecvBufRef(recv);
        }

        boolean keeps(IntBuffer send, IntBuffer recv) {
            return sendBuf == send && recvBuf == recv;
        }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm worldComm = MPI.COMM_WORLD;
        rank = worldComm.getRank();
        int size = worldComm.getSize();
        boolean forged = args.length > 0 && args[0].equals("forged");

        // setType: the library's own COMM_WORLD and COMM_SELF
        LibComm world = LibComm.world();
        check("setType(WORLD) size", world.getSize() == size, "" + world.getSize());
        check("setType(WORLD) rank", world.getRank() == rank, "" + world.getRank());
        check("setType(WORLD) is COMM_WORLD", Comm.compare(world, worldComm) == MPI.IDENT, "");
        int[] sum = {rank};
        world.allReduce(sum, 1, MPI.INT, MPI.SUM);
        check("allReduce over setType(WORLD)", sum[0] == size * (size - 1) / 2, "" + sum[0]);
        LibComm self = LibComm.self();
        check("setType(SELF) size 1", self.getSize() == 1, "" + self.getSize());
        check("setType(SELF) is COMM_SELF", Comm.compare(self, MPI.COMM_SELF) == MPI.IDENT, "");

        // Comm(long): an alias of a live communicator
        LibComm alias = new LibComm(world.handle());
        check("alias is COMM_WORLD", Comm.compare(alias, worldComm) == MPI.IDENT, "");
        check("alias rank", alias.getRank() == rank, "" + alias.getRank());

        // dup(long) through the library's dup()
        LibComm dup = world.dup();
        check("dup(handle) congruent", Comm.compare(dup, worldComm) == MPI.CONGRUENT, "");
        int[] token = {rank == 0 ? 77 : -1};
        dup.bcast(token, 1, MPI.INT, 0);
        check("bcast over dup(handle)", token[0] == 77, "" + token[0]);
        LibComm dupAlias = new LibComm(dup.handle());
        check("alias of a dup is IDENT", Comm.compare(dupAlias, dup) == MPI.IDENT, "");
        Intracomm half = dup.split(rank % 2, rank);
        check("split of a dup(handle)", half.getSize() == (size + 1 - rank % 2) / 2, "" + half.getSize());
        half.free();
        long freedHandle = dup.handle();
        dup.free();
        check("dup(handle) freed isNull", dup.isNull(), "");

        // iDup(long) and the Comm(long[]) constructor
        LibComm idup = world.iDupLib();
        idup.getRequest().waitFor();
        check("iDup(handle) congruent", Comm.compare(idup, worldComm) == MPI.CONGRUENT, "");
        idup.barrier();
        idup.free();

        // Request(long) and the protected statics of Request
        int peer = (rank + 1) % size;
        int from = (rank + size - 1) % size;
        IntBuffer in = MPI.newIntBuffer(1);
        IntBuffer out = MPI.newIntBuffer(1).put(0, 100 + rank);
        Request recv = worldComm.iRecv(in, 1, MPI.INT, from, 5);
        LibRequest recvAlias = new LibRequest(LibRequest.handles(recv)[0]);
        recvAlias.keep(out, in);
        check("addSendBufRef/addRecvBufRef", recvAlias.keeps(out, in), "");
        Request send = worldComm.iSend(out, 1, MPI.INT, peer, 5);
        Request[] moved = {new LibRequest(LibRequest.nullHandle())};
        check("Request(getNull()) isNull", moved[0].isNull(), "");
        LibRequest.set(moved, LibRequest.handles(send));
        check("setHandles: no longer null", !moved[0].isNull(), "");
        moved[0].waitFor();
        recvAlias.waitFor();
        check("wait through Request(handle)", in.get(0) == 100 + from, "" + in.get(0));
        check("Request(handle) null after wait", recvAlias.isNull(), "");
        check("getHandles of the null request", LibRequest.handles(recvAlias)[0] == LibRequest.nullHandle(), "");

        // The final classes, through reflection (as a library reaching Open MPI's internals would)
        Group group = worldComm.getGroup();
        Group groupAlias = construct(Group.class, handleOf(group, Group.class));
        check("Group(long) alias IDENT", Group.compare(group, groupAlias) == MPI.IDENT, "");
        Group empty = construct(Group.class, (Long) callStatic(Group.class, "getEmpty"));
        check("Group.getEmpty", empty.getSize() == 0, "" + empty.getSize());
        group.free();

        Info info = new Info();
        info.set("mana_key", "v" + rank);
        Info infoAlias = construct(Info.class, handleOf(info, Info.class));
        check("Info(long) alias reads the same", ("v" + rank).equals(infoAlias.get("mana_key")), infoAlias.get("mana_key"));
        Info env = (Info) callStatic(Info.class, "newEnv");
        check("Info.newEnv not null", env != null && !env.isNull(), "");
        info.free();

        Errhandler ret = construct(Errhandler.class, (Long) callStatic(Errhandler.class, "getReturn"));
        worldComm.setErrhandler(ret);
        check("Errhandler(getReturn()) set", true, "");
        Errhandler fatalViaHandle = construct(Errhandler.class, (Long) callStatic(Errhandler.class, "getFatal"));
        check("Errhandler(getFatal()) built", fatalViaHandle != null, "");

        CartComm cart = worldComm.createCart(new int[] {size}, new boolean[] {true}, false);
        CartComm cartAlias = construct(CartComm.class, handleOf(cart, Comm.class));
        check("CartComm(long) alias coords", cartAlias.getCoords(rank)[0] == cart.getCoords(rank)[0], "");
        cart.free();

        Intracomm evens = worldComm.split(rank % 2, rank);
        if (size >= 2) {
            Intercomm inter = worldComm.createIntercomm(evens, 0, rank % 2 == 0 ? 1 : 0, 9);
            Intercomm interAlias = construct(Intercomm.class, handleOf(inter, Comm.class));
            check("Intercomm(long) remote size", interAlias.getRemoteSize() == inter.getRemoteSize(), "");
            inter.free();
        }
        evens.free();

        Prequest persistent = worldComm.recvInit(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 3);
        Prequest pAlias = construct(Prequest.class, handleOf(persistent, Request.class));
        pAlias.start();
        pAlias.waitFor();
        check("Prequest(long) alias start/wait", !pAlias.isNull(), "");
        persistent.free();

        // Op(int) takes Open MPI's code of a predefined operation (3 is SUM)
        java.lang.reflect.Constructor<mpi.Op> opByCode = mpi.Op.class.getDeclaredConstructor(int.class);
        opByCode.setAccessible(true);
        int[] ranks = {rank + 1};
        worldComm.allReduce(ranks, 1, MPI.INT, opByCode.newInstance(3));
        check("Op(3) is SUM", ranks[0] == size * (size + 1) / 2, "" + ranks[0]);
        int[] most = {rank};
        worldComm.allReduce(most, 1, MPI.INT, opByCode.newInstance(1));
        check("Op(1) is MAX", most[0] == size - 1, "" + most[0]);

        callStatic(MPI.class, "check");
        check("MPI.check after Init", true, "");
        byte[] bytes = (byte[]) callStatic(MPI.class, "attrSet", Object.class, "attr-" + rank);
        check("MPI.attrSet/attrGet", ("attr-" + rank).equals(callStatic(MPI.class, "attrGet", byte[].class, bytes)), "");

        if (forged) {
            forgedHandles(world.handle(), freedHandle, handleOf(worldComm.getGroup(), Group.class));
        }
        worldComm.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }

    /** MANA only: values that name no live object of the class's kind fail on every use. */
    static void forgedHandles(long worldHandle, long freedHandle, long groupHandle) throws Exception {
        fails("Comm(forged) getSize", MPI.ERR_COMM, () -> new LibComm(0x0123_4567L).getSize());
        fails("Comm(negative) getRank", MPI.ERR_COMM, () -> new LibComm(-1L).getRank());
        fails("Comm(wider than 32 bits) barrier", MPI.ERR_COMM, () -> new LibComm((1L << 32) | worldHandle).barrier());
        fails("Comm(freed) getRank", MPI.ERR_COMM, () -> new LibComm(freedHandle).getRank());
        fails("Comm(group handle) getSize", MPI.ERR_COMM, () -> new LibComm(groupHandle).getSize());
        fails("Comm() getSize", MPI.ERR_COMM, () -> new LibComm().getSize());
        fails("Comm(long) dup(forged)", MPI.ERR_COMM, () -> new LibComm(worldHandle).dupOf(0x0123_4567L));
        fails("Request(forged) waitFor", MPI.ERR_REQUEST, () -> new LibRequest(0x0123_4567L).waitFor());
        fails("Request(comm handle) test", MPI.ERR_REQUEST, () -> new LibRequest(worldHandle).test());
        fails("Group(forged) getSize", MPI.ERR_GROUP, () -> construct(Group.class, 0x0123_4567L).getSize());
        fails("Group(comm handle) getRank", MPI.ERR_GROUP, () -> construct(Group.class, worldHandle).getRank());
        fails("Info(forged) get", MPI.ERR_INFO, () -> construct(Info.class, -5L).get("k"));
        fails("Errhandler(forged) set", MPI.ERR_ARG,
                () -> MPI.COMM_WORLD.setErrhandler(construct(Errhandler.class, 0x0123_4567L)));
        fails("CartComm(forged) getCoords", MPI.ERR_COMM, () -> construct(CartComm.class, 0x0123_4567L).getCoords(0));
        fails("Intercomm(forged) getRemoteSize", MPI.ERR_COMM,
                () -> construct(Intercomm.class, 0x0123_4567L).getRemoteSize());
        fails("Prequest(forged) start", MPI.ERR_REQUEST, () -> construct(Prequest.class, 0x0123_4567L).start());
    }

    interface MpiCall {
        void run() throws Exception;
    }

    static void fails(String what, int errorClass, MpiCall call) {
        try {
            call.run();
            check(what, false, "no exception");
        } catch (MPIException e) {
            check("forged " + what + ": " + e.getMessage(), e.getErrorClass() == errorClass,
                    "error class " + e.getErrorClass() + " instead of " + errorClass);
        } catch (Exception e) {
            check(what, false, e.toString());
        }
    }

    static long handleOf(Object o, Class<?> declaring) throws ReflectiveOperationException {
        Field f = declaring.getDeclaredField("handle");
        f.setAccessible(true);
        return f.getLong(o);
    }

    static <T> T construct(Class<T> c, long handle) throws Exception {
        Constructor<T> k = c.getDeclaredConstructor(long.class);
        k.setAccessible(true);
        try {
            return k.newInstance(handle);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    static Object callStatic(Class<?> c, String name) throws Exception {
        Method m = c.getDeclaredMethod(name);
        m.setAccessible(true);
        return invoke(m, null);
    }

    static Object callStatic(Class<?> c, String name, Class<?> type, Object arg) throws Exception {
        Method m = c.getDeclaredMethod(name, type);
        m.setAccessible(true);
        return invoke(m, arg);
    }

    private static Object invoke(Method m, Object arg) throws Exception {
        try {
            return m.getParameterCount() == 0 ? m.invoke(null) : m.invoke(null, arg);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception x ? x : e;
        }
    }

    static void check(String what, boolean ok, String detail) {
        if (ok) {
            System.out.println("OK " + what + " (rank " + rank + ")");
        } else {
            System.out.println("FAIL " + what + " (rank " + rank + "): " + detail);
            System.out.flush();
            System.exit(1);
        }
    }
}
