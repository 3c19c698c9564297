// Probe of docs/bad-input-audit.md: javac -cp mpi-4.1.4.jar Audit.java; ./mana run -np 1 --class Audit . [CASE...];
// raw, one case per JVM: mpirun -np 1 java -cp mpi-4.1.4.jar:. Audit CASE (java Audit LIST names the cases)
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import mpi.*;

/** Audit probe: one bad input per case; prints "CASE name: outcome". Args: case names, or LIST. */
public class Audit {
    interface Call {
        void run() throws Throwable;
    }

    static final Map<String, Call> CASES = new LinkedHashMap<>();

    static void c(String name, Call call) {
        CASES.put(name, call);
    }

    static Intracomm w;

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && args[0].equals("LIST")) {
            define();
            for (String n : CASES.keySet()) System.out.println(n);
            return;
        }
        MPI.Init(args);
        w = MPI.COMM_WORLD;
        w.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        define();
        java.util.List<String> only = java.util.Arrays.asList(args);
        for (Map.Entry<String, Call> e : CASES.entrySet()) {
            if (!only.isEmpty() && !only.contains(e.getKey())) continue;
            String r;
            try {
                e.getValue().run();
                r = "no error";
            } catch (MPIException x) {
                r = "MPIException class " + x.getErrorClass() + " | " + x.getMessage();
            } catch (Throwable x) {
                r = x.getClass().getName() + " | " + x.getMessage();
            }
            System.out.println("CASE " + e.getKey() + ": " + r.replace('\n', ' '));
            System.out.flush();
        }
        MPI.Finalize();
    }

    static Intracomm freedComm() throws MPIException {
        Intracomm d = w.dup();
        d.free();
        return d;
    }

    static void define() {
        // ---- null handle objects (field read before any call) ----
        c("send-null-datatype", () -> w.send(new int[1], 1, null, MPI.PROC_NULL, 0));
        c("Comm.compare-null", () -> Comm.compare(null, w));
        c("setErrhandler-null", () -> w.dup().setErrhandler(null));
        c("dupWithInfo-null", () -> w.dupWithInfo(null));
        c("Group.union-null", () -> Group.union(null, w.getGroup()));
        c("Status.getCount-null", () -> w.iProbe(MPI.ANY_SOURCE, 0).getCount(null));
        c("allReduce-null-op", () -> w.allReduce(new int[1], new int[1], 1, MPI.INT, null));
        c("Win-null-info", () -> new Win(MPI.newIntBuffer(4), 4, 4, null, w));
        c("File.open-null-comm", () -> new File(null, "/tmp/x", MPI.MODE_RDONLY));
        c("Message.mProbe-null-comm", () -> new Message().mProbe(0, 0, null));
        c("Status.setElementsX-null-count", () -> new StatusHolder().s.setElementsX(MPI.INT, null));
        // ---- request arrays ----
        c("waitAll-null-array", () -> Request.waitAll(null));
        c("waitAll-null-element", () -> Request.waitAll(new Request[] {null}));
        c("testAny-null-element", () -> Request.testAny(new Request[] {null}));
        c("waitSome-null-element", () -> Request.waitSome(new Request[] {null}));
        c("startAll-null-array", () -> Prequest.startAll(null));
        c("startAll-null-element", () -> Prequest.startAll(new Prequest[] {null}));
        c("Request.wait-freed", () -> {
            Request r = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 0);
            r.waitFor();
            r.waitFor();
        });
        // ---- Info ----
        c("Info.set-null-key", () -> new Info().set(null, "v"));
        c("Info.set-null-value", () -> new Info().set("k", null));
        c("Info.get-null-key", () -> new Info().get(null));
        c("Info.delete-null-key", () -> new Info().delete(null));
        c("Info.delete-missing-key", () -> new Info().delete("nope"));
        c("Info.getKey-negative", () -> new Info().getKey(-1));
        c("Info.getKey-too-big", () -> new Info().getKey(5));
        c("Info.set-long-key", () -> new Info().set("k".repeat(300), "v"));
        c("Info.clone-freed", () -> {
            Info i = new Info();
            i.free();
            i.clone();
        });
        c("Info.set-freed", () -> {
            Info i = new Info();
            i.free();
            i.set("a", "b");
        });
        // ---- Comm ----
        c("Comm.clone-freed", () -> freedComm().clone());
        c("Comm.getRank-freed", () -> freedComm().getRank());
        c("Comm.setName-null", () -> w.dup().setName(null));
        c("Comm.getAttr-bad-keyval", () -> w.getAttr(123456));
        c("Comm.setAttr-bad-keyval", () -> w.setAttr(123456, "x"));
        c("Comm.deleteAttr-bad-keyval", () -> w.deleteAttr(123456));
        c("Comm.freeKeyval-bad", () -> Comm.freeKeyval(123456));
        c("Comm.setAttr-not-serializable", () -> {
            int k = Comm.createKeyval();
            w.setAttr(k, new Object());
        });
        c("Comm.callErrhandler-negative", () -> w.callErrhandler(-5));
        c("Comm.split-bad-color", () -> w.split(-7, 0));
        c("Comm.createIntercomm-null-local", () -> w.createIntercomm(null, 0, 0, 0));
        c("Comm.pack-null-inbuf", () -> w.pack(null, 1, MPI.INT, new byte[16], 0));
        c("Comm.pack-short-out", () -> w.pack(new int[4], 4, MPI.INT, new byte[2], 0));
        c("Comm.pack-negative-position", () -> w.pack(new int[4], 1, MPI.INT, new byte[16], -3));
        c("Comm.unpack-short-in", () -> w.unpack(new byte[2], 0, new int[4], 4, MPI.INT));
        c("Comm.packSize-negative", () -> w.packSize(-1, MPI.INT));
        c("Comm.send-negative-count", () -> w.send(new int[4], -1, MPI.INT, MPI.PROC_NULL, 0));
        c("Comm.send-bad-rank", () -> w.send(new int[4], 1, MPI.INT, 99, 0));
        c("Comm.recv-short-array", () -> w.recv(new int[1], 4, MPI.INT, MPI.PROC_NULL, 0));
        c("Comm.iSend-heap-buffer", () -> w.iSend(IntBuffer.allocate(4), 1, MPI.INT, MPI.PROC_NULL, 0));
        c("Comm.iSend-null-buffer", () -> w.iSend(null, 1, MPI.INT, MPI.PROC_NULL, 0));
        c("Comm.send-wrong-array-type", () -> w.send(new double[4], 4, MPI.INT, MPI.PROC_NULL, 0));
        c("Comm.bcast-wrong-array-type", () -> w.bcast(new double[1], 2, MPI.INT, 0));
        c("Comm.reduceLocal-null", () -> Comm.reduceLocal(null, new int[1], 1, MPI.INT, MPI.SUM));
        c("Comm.gatherv-null-counts", () -> w.gatherv(new int[1], 1, MPI.INT, new int[1], null, new int[1], MPI.INT, 0));
        c("Comm.allToAllw-null-types", () -> w.allToAllw(MPI.newIntBuffer(1), new int[] {1}, new int[] {0}, null,
                MPI.newIntBuffer(1), new int[] {1}, new int[] {0}, null));
        c("Comm.getAttr-freed", () -> freedComm().getAttr(MPI.TAG_UB));
        c("Comm.abort-freed", () -> { /* not run: would end the job */ });
        c("Comm.getErrhandler-freed", () -> freedComm().getErrhandler());
        c("Comm.setInfo-null", () -> w.dup().setInfo(null));
        c("Comm.protected-long[]-null", () -> new Intracomm((long[]) null) { });
        c("Comm.protected-long[]-short", () -> new Intracomm(new long[1]) { });
        // ---- Intracomm ----
        c("Intracomm.createGraph-null-edges", () -> w.createGraph(new int[] {0}, null, false));
        c("Intracomm.createCart-negative-dim", () -> w.createCart(new int[] {-1}, new boolean[] {false}, false));
        c("Intracomm.spawn-null-command", () -> w.spawn(null, null, 1, MPI.INFO_NULL, 0, null));
        c("Intracomm.spawn-zero-procs", () -> w.spawn("true", null, 0, MPI.INFO_NULL, 0, null));
        c("Intracomm.spawnMultiple-null-info-entry", () -> w.spawnMultiple(new String[] {"true"}, null, new int[] {1},
                new Info[] {null}, 0, null));
        c("Intracomm.spawnMultiple-short-maxprocs", () -> w.spawnMultiple(new String[] {"true", "true"}, null, new int[] {1},
                new Info[] {MPI.INFO_NULL, MPI.INFO_NULL}, 0, null));
        c("Intracomm.lookupName-null", () -> Intracomm.lookupName(null));
        c("Intracomm.publishName-null", () -> Intracomm.publishName(null, null));
        c("Intracomm.connect-null-port", () -> w.connect(null, 0));
        c("Intracomm.create-null-group", () -> w.create(null));
        c("Intracomm.splitType-bad", () -> w.splitType(12345, 0, MPI.INFO_NULL));
        c("Intracomm.scan-short", () -> w.scan(new int[1], new int[1], 4, MPI.INT, MPI.SUM));
        // ---- CartComm / GraphComm ----
        c("CartComm.getCoords-bad-rank", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).getCoords(99));
        c("CartComm.getRank-out-of-range", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).getRank(new int[] {5}));
        c("CartComm.map-null", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).map(null, null));
        c("CartComm.createDims-negative", () -> CartComm.createDims(-1, new int[1]));
        c("CartComm.createDims-bad-dims", () -> CartComm.createDims(4, new int[] {3}));
        c("CartParms.getDim-bad", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).getTopo().getDim(5));
        c("GraphComm.getNeighbors-bad-rank", () -> w.createGraph(new int[] {0}, new int[0], false).getNeighbors(9));
        c("GraphComm.map-null", () -> w.createGraph(new int[] {0}, new int[0], false).map(null, null));
        c("GraphParms.getEdge-bad", () -> w.createGraph(new int[] {0}, new int[0], false).getDims().getEdge(3));
        c("ShiftParms-null", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).shift(0, 1).getRankSource());
        // ---- Group ----
        c("Group.excl-null", () -> w.getGroup().excl(null));
        c("Group.rangeExcl-null", () -> w.getGroup().rangeExcl(null));
        c("Group.rangeIncl-short-triple", () -> w.getGroup().rangeIncl(new int[][] {{0}}));
        c("Group.rangeIncl-null-triple", () -> w.getGroup().rangeIncl(new int[][] {null}));
        c("Group.incl-bad-rank", () -> w.getGroup().incl(new int[] {42}));
        c("Group.getSize-freed", () -> {
            Group g = w.getGroup();
            g.free();
            g.getSize();
        });
        // ---- Datatype ----
        c("Datatype.clone-freed", () -> {
            Datatype t = Datatype.createContiguous(2, MPI.INT);
            t.free();
            t.clone();
        });
        c("Datatype.getExtent-freed", () -> {
            Datatype t = Datatype.createContiguous(2, MPI.INT);
            t.free();
            t.getExtent();
        });
        c("Datatype.createHIndexed-mismatch", () -> Datatype.createHIndexed(new int[] {1, 1}, new int[] {0}, MPI.INT));
        c("Datatype.createStruct-null-displs", () -> Datatype.createStruct(new int[] {1}, null, new Datatype[] {MPI.INT}));
        c("Datatype.createContiguous-null", () -> Datatype.createContiguous(1, null));
        c("Datatype.getAttr-bad-keyval", () -> MPI.INT.getAttr(123456));
        c("Datatype.setAttr-not-serializable", () -> {
            int k = Datatype.createKeyval();
            Datatype t = Datatype.createContiguous(2, MPI.INT);
            t.setAttr(k, new Object());
        });
        c("Datatype.commit-predefined-null", () -> MPI.DATATYPE_NULL.commit());
        c("Datatype.setName-predefined", () -> MPI.INT.setName("x"));
        // ---- Op ----
        c("Op-null-function", () -> {
            Op op = new Op(null, true);
            w.allReduce(new int[1], new int[1], 1, MPI.INT, op);
        });
        c("Op.free-twice", () -> {
            Op op = new Op(new UserFunction() { @Override public void call(Object a, Object b, int n, Datatype t) { } }, true);
            op.free();
            op.free();
        });
        c("Op.free-predefined", () -> MPI.SUM.free());
        c("UserFunction-default-call", () -> {
            Op op = new Op(new UserFunction() { }, true);
            w.allReduce(new int[1], new int[1], 1, MPI.INT, op);
        });
        // ---- Message ----
        c("Message.mRecv-null-message", () -> new Message().mRecv(new int[1], 1, MPI.INT));
        c("Message.imRecv-heap", () -> {
            Message m = new Message();
            m.mProbe(MPI.PROC_NULL, 0, w);
            m.imRecv(IntBuffer.allocate(1), 1, MPI.INT);
        });
        // ---- MPI statics ----
        c("MPI.newIntBuffer-negative", () -> MPI.newIntBuffer(-1));
        c("MPI.slice-null", () -> MPI.slice((int[]) null, 0));
        c("MPI.slice-bad-offset", () -> MPI.slice(new int[2], 5));
        c("MPI.attachBuffer-empty", () -> { MPI.attachBuffer(new byte[0]); MPI.detachBuffer(); });
        c("MPI.detachBuffer-none", () -> MPI.detachBuffer());
        c("MPI.Init-again", () -> MPI.Init(new String[0]));
        c("MPI.InitThread-again", () -> MPI.InitThread(new String[0], MPI.THREAD_SINGLE));
        c("MPI.Init-null-args", () -> MPI.Init(null));
        // ---- Win ----
        c("Win-heap-base", () -> new Win(IntBuffer.allocate(4), 4, 4, MPI.INFO_NULL, w));
        c("Win-null-base", () -> new Win((java.nio.Buffer) null, 4, 4, MPI.INFO_NULL, w));
        c("Win.put-heap-origin", () -> {
            Win win = new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL, w);
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.put(IntBuffer.allocate(1), 1, MPI.INT, 0, 0, 1, MPI.INT);
        });
        c("Win.put-null-origin", () -> {
            Win win = new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL, w);
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.put(null, 1, MPI.INT, 0, 0, 1, MPI.INT);
        });
        c("Win.start-null-group", () -> {
            Win win = new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL, w);
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.start(null, 0);
        });
        c("Win.bad-flavor", () -> new Win(4, 4, MPI.INFO_NULL, w, MPI.newIntBuffer(4), 99).getGroup());
        c("Win.getAttr-bad-keyval", () -> {
            Win win = new Win(MPI.newIntBuffer(4), 4, 4, MPI.INFO_NULL, w);
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.getAttr(123456);
        });
        c("Win.detach-null", () -> {
            Win win = new Win(MPI.INFO_NULL, w);
            win.setErrhandler(MPI.ERRORS_RETURN);
            win.detach(null);
        });
        // ---- File ----
        c("File.open-bad-mode", () -> new File(w, "/tmp/audit-probe-file", 0));
        c("File.delete-null", () -> File.delete(null));
        c("File.setView-null-type", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            f.setView(0, null, MPI.INT, "native");
        });
        c("File.write-wrong-array-type", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.write(new double[4], 4, MPI.INT); } finally { f.close(); }
        });
        c("File.getPosition-closed", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            f.close();
            f.getPosition();
        });
        c("File.setInfo-null", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.setInfo(null); } finally { f.close(); }
        });
        // ---- pair types / complex (code copied from the binding) ----
        c("DoubleInt.getData-bad-index", () -> MPI.doubleInt.getData(MPI.newByteBuffer(8), 3));
        c("DoubleComplex.get-short", () -> DoubleComplex.get(new double[1], 0));
        c("Count-null", () -> new Count(5).compareTo(null));

        // ---- round 2 ----
        c("Group.rangeExcl-short-triple", () -> w.getGroup().rangeExcl(new int[][] {{0, 0}}));
        c("Group.rangeExcl-null-triple", () -> w.getGroup().rangeExcl(new int[][] {null}));
        c("CartComm.sub-null", () -> w.createCart(new int[] {1}, new boolean[] {false}, false).sub(null));
        c("CartComm.shift-freed", () -> {
            CartComm cc = w.createCart(new int[] {1}, new boolean[] {false}, false);
            cc.free();
            cc.shift(0, 1);
        });
        c("Op-reflect-int-garbage", () -> {
            java.lang.reflect.Constructor<Op> k = Op.class.getDeclaredConstructor(int.class);
            k.setAccessible(true);
            Op op = k.newInstance(12345);
            System.out.println("VAL isNull " + op.isNull());
            w.allReduce(new int[1], new int[1], 1, MPI.INT, op);
        });
        c("Request.getStatus-completed", () -> {
            Request r = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 0);
            r.waitFor();
            r.getStatus();
        });
        c("Request.cancel-null-request", () -> {
            Request r = w.iRecv(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 0);
            r.waitFor();
            r.cancel();
        });
        c("Prequest.start-freed", () -> {
            Prequest r = w.recvInit(MPI.newIntBuffer(1), 1, MPI.INT, MPI.PROC_NULL, 0);
            r.free();
            r.start();
        });
        c("Comm.iDup-freed", () -> freedComm().iDup());
        c("Comm.getName-freed", () -> freedComm().getName());
        c("Comm.setName-long", () -> w.dup().setName("n".repeat(1000)));
        c("Intracomm.splitType-null-info", () -> w.splitType(Comm.TYPE_SHARED, 0, null));
        c("Intracomm.merge-freed", () -> { Intercomm ic = null; ic.merge(false); });
        c("Datatype.createIndexed-null-displs", () -> Datatype.createIndexed(new int[] {1}, null, MPI.INT));
        c("Datatype.createStruct-short-types", () -> Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT}));
        c("Datatype.createStruct-freed-entry", () -> {
            Datatype t = Datatype.createContiguous(2, MPI.INT);
            t.free();
            Datatype.createStruct(new int[] {1}, new int[] {0}, new Datatype[] {t});
        });
        c("Datatype.createResized-null", () -> Datatype.createResized(null, 0, 4));
        c("Message.imProbe-null-comm", () -> new Message().imProbe(0, 0, null));
        c("Message.mRecv-wrong-array-type", () -> {
            Message m = new Message();
            m.mProbe(MPI.PROC_NULL, 0, w);
            m.mRecv(new Object(), 1, MPI.INT);
        });
        c("Win-negative-size", () -> new Win(MPI.newIntBuffer(4), -4, 1, MPI.INFO_NULL, w));
        c("Win.allocate-negative-size", () -> new Win(-4, 1, MPI.INFO_NULL, w, MPI.newIntBuffer(4), Win.FLAVOR_PRIVATE));
        c("File.iRead-heap", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.iRead(IntBuffer.allocate(1), 1, MPI.INT); } finally { f.close(); }
        });
        c("File.iRead-null", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.iRead(null, 1, MPI.INT); } finally { f.close(); }
        });
        c("File.seek-bad-whence", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.seek(0, 77); } finally { f.close(); }
        });
        c("File.setSize-negative", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.setSize(-1); } finally { f.close(); }
        });
        c("File.readAt-negative-offset", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.readAt(-5, new int[1], 1, MPI.INT); } finally { f.close(); }
        });
        c("File.getTypeExtent-null", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.getTypeExtent(null); } finally { f.close(); }
        });
        c("File.open-null-info", () -> new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_RDONLY, null));
        c("File.write-object", () -> {
            File f = new File(MPI.COMM_SELF, "/tmp/audit-probe-file", MPI.MODE_CREATE | MPI.MODE_RDWR);
            try { f.write(new Object(), 1, MPI.INT); } finally { f.close(); }
        });
        c("Comm.getAttr-predefined-on-dup", () -> System.out.println("VAL " + w.dup().getAttr(MPI.TAG_UB)));
        c("Comm.iBcast-heap", () -> w.iBcast(IntBuffer.allocate(1), 1, MPI.INT, 0));
        c("Comm.iAllReduce-null-recv", () -> w.iAllReduce(MPI.newIntBuffer(1), null, 1, MPI.INT, MPI.SUM));
        c("Comm.reduce-wrong-array", () -> w.reduce(new int[1], new double[1], 1, MPI.INT, MPI.SUM, 0));
        c("Intercomm.getParent-none", () -> System.out.println("VAL parent null " + Intercomm.getParent().isNull()));
        c("Datatype.getOffset-non-buffer", () -> {
            java.lang.reflect.Method m = Datatype.class.getDeclaredMethod("getOffset", Object.class);
            m.setAccessible(true);
            try { m.invoke(MPI.INT, new int[1]); } catch (java.lang.reflect.InvocationTargetException e) { throw e.getCause(); }
        });
    }

    static final class StatusHolder {
        final Status s;

        StatusHolder() throws MPIException {
            s = w.iProbe(MPI.PROC_NULL, 0);
        }
    }
}
