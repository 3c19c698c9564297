package mana.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.PrintStream;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import mana.core.desc.CommDescriptor;
import mana.core.desc.DatatypeDescriptor;
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.GroupDescriptor;
import mana.core.desc.OpDescriptor;
import mana.core.desc.RequestDescriptor;
import mana.core.error.ManaException;
import mana.core.stats.FunctionStats;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
import mana.core.vid.Predefined;
import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** The mana:* Gogo commands, run through a real Gogo command processor, on known state. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class ShellCommandsInFrameworkTest {

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 5000)
    CommandProcessor processor;

    static String run(CommandProcessor processor, String command) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true);
             CommandSession s = processor.createSession(new ByteArrayInputStream(new byte[0]), ps, ps)) {
            Object result = s.execute(command);
            return (result == null ? "" : result.toString()) + out;
        }
    }

    private String run(String command) throws Exception {
        return run(processor, command);
    }

    private static String hex(int vid) {
        return String.format("0x%08x", vid);
    }

    @Test
    void handlesListsLiveHandlesWithTheirDescriptorAndForgetsFreedOnes() throws Exception {
        GroupDescriptor d = new GroupDescriptor(new int[] {0, 3, 5});
        int vid = Handles.TABLE.create(Kind.GROUP, new Object(), d);
        String listed = run("mana:handles --kind group");
        String row = listed.lines().filter(l -> l.startsWith(hex(vid))).findFirst().orElse("");
        assertTrue(row.contains("group members=[0, 3, 5]"), listed);
        assertTrue(row.matches(".*\\bgroup\\s+\\d+\\s+\\d+\\s+" + d.sequence() + "\\s.*"), "kind, gen, slot, seq: " + row);
        assertTrue(listed.lines().anyMatch(l -> l.matches("\\d+ handle\\(s\\): \\d+ group")), listed);
        String one = run("mana:handle " + hex(vid));
        assertTrue(one.contains("members (world ranks): [0, 3, 5]"), one);
        Handles.TABLE.free(vid, Kind.GROUP);
        assertFalse(run("mana:handles --kind group").contains(hex(vid)));
        String freed = run("mana:handle " + hex(vid));
        assertTrue(freed.contains("was freed (stale handle)"), freed);
    }

    @Test
    void handleOfAReusedSlotSaysTheOldValueIsStale() throws Exception {
        int first = Handles.TABLE.create(Kind.GROUP, new Object(), new GroupDescriptor(new int[] {1}));
        Handles.TABLE.free(first, Kind.GROUP);
        int second = Handles.TABLE.create(Kind.GROUP, new Object(), new GroupDescriptor(new int[] {2}));
        try {
            String old = run("mana:handle " + hex(first));
            if ((first & 0xFFFFFF) == (second & 0xFFFFFF)) {
                assertTrue(old.contains("is stale"), old);
            } else {
                assertTrue(old.contains("was freed"), old);
            }
        } finally {
            Handles.TABLE.free(second, Kind.GROUP);
        }
    }

    @Test
    void handleRejectsForgedValuesAndBadArgumentsWithAUsageLine() throws Exception {
        String forged = run("mana:handle 0x21ffffff");
        assertTrue(forged.contains("never allocated"), forged);
        assertTrue(run("mana:handle 0").contains("the null handle"));
        assertTrue(run("mana:handle 0xf0000001").contains("not a handle: no object kind has the value 15"));
        assertTrue(run("mana:handle 0x1000ffff").contains("is not a predefined communicator"));
        String notNumber = run("mana:handle banana");
        assertTrue(notNumber.contains("not a handle value: banana") && notNumber.contains("usage: mana:handle VID"), notNumber);
        assertTrue(run("mana:handle").contains("usage: mana:handle VID"));
        assertTrue(run("mana:handle 1 2").contains("unexpected argument 2"));
        assertTrue(run("mana:handles --bogus").contains("usage: mana:handles"));
        assertTrue(run("mana:handles --kind").contains("--kind needs a value"));
        assertTrue(run("mana:handles --kind banana").contains("unknown kind banana"));
        assertTrue(run("mana:functions --wat").contains("usage: mana:functions"));
        assertTrue(run("mana:stats x").contains("usage: mana:stats"));
        assertTrue(run("mana:kinds --help").startsWith("usage: mana:kinds"));
        assertTrue(run("mana:ckpt now").contains("usage: mana:ckpt"));
        assertTrue(run("mana:install").contains("usage: mana:install"));
        assertTrue(run("mana:uninstall").contains("usage: mana:uninstall"));
    }

    @Test
    void handlesAllShowsThePredefinedObjects() throws Exception {
        String all = run("mana:handles --all --kind comm");
        assertTrue(all.contains("MPI.COMM_WORLD"), all);
        assertTrue(all.contains("MPI.COMM_SELF"), all);
        assertTrue(run("mana:handles --json").startsWith("["));
    }

    @Test
    void handleShowsCommunicatorMembersGidCollectiveSequenceAndPerPeerCounts() throws Exception {
        CommDescriptor c = CommDescriptor.inter(0x1234L, 1, new int[] {4, 6}, new int[] {1, 3, 5});
        c.countSent(1);
        c.countSent(1);
        c.countReceived(0);
        c.beginCollective();
        int vid = Handles.TABLE.create(Kind.COMM, new Object(), c);
        try {
            String one = run("mana:handle " + vid);
            assertTrue(one.contains("gid: 1234"), one);
            assertTrue(one.contains("rank: 1 of 2"), one);
            assertTrue(one.contains("members (world ranks): [4, 6]"), one);
            assertTrue(one.contains("remote members (world ranks): [1, 3, 5]"), one);
            assertTrue(one.contains("collective sequence: 1"), one);
            assertTrue(one.contains(" 0=0/1 1=2/0 2=0/0"), one);
        } finally {
            Handles.TABLE.free(vid, Kind.COMM);
        }
    }

    @Test
    void handleShowsTheDatatypeConstructorTreeWithReferenceCounts() throws Exception {
        int intType = Predefined.handle(Kind.DATATYPE, "INT");
        DatatypeDescriptor vector = new DatatypeDescriptor(DatatypeDescriptor.Constructor.VECTOR, new int[] {3, 2, 4},
                new long[0], new int[] {intType}, new DatatypeDescriptor[] {null});
        int v = Handles.TABLE.create(Kind.DATATYPE, new Object(), vector);
        DatatypeDescriptor contig = new DatatypeDescriptor(DatatypeDescriptor.Constructor.CONTIGUOUS, new int[] {5},
                new long[0], new int[] {v}, new DatatypeDescriptor[] {vector});
        contig.markCommitted();
        int c = Handles.TABLE.create(Kind.DATATYPE, new Object(), contig);
        try {
            String one = run("mana:handle " + hex(c));
            List<String> lines = one.lines().toList();
            int at = lines.indexOf(lines.stream().filter(l -> l.contains("constructor tree")).findFirst().orElseThrow());
            assertTrue(lines.get(at + 1).matches("    contiguous #\\d+ ints=\\[5\\] refs=1 committed"), one);
            assertTrue(lines.get(at + 2).matches("      vector #\\d+ ints=\\[3, 2, 4\\] refs=2"), one);
            assertEquals("        MPI.INT", lines.get(at + 3), one);
        } finally {
            Handles.TABLE.free(c, Kind.DATATYPE);
            contig.release();
            Handles.TABLE.free(v, Kind.DATATYPE);
            vector.release();
        }
    }

    @Test
    void handleShowsTheOpFunctionClassAndARequestsPendingOperation() throws Exception {
        OpDescriptor op = new OpDescriptor(new StringBuilder(), false);
        int o = Handles.TABLE.create(Kind.OP, new Object(), op);
        int world = Predefined.handle(Kind.COMM, "COMM_WORLD");
        RequestDescriptor r = new RequestDescriptor(RequestDescriptor.Op.IRECV, world, new int[4], 4,
                Predefined.handle(Kind.DATATYPE, "INT"), 3, 77, null);
        int q = Handles.TABLE.create(Kind.REQUEST, new Object(), r);
        try {
            String ops = run("mana:handle " + hex(o));
            assertTrue(ops.contains("function class: java.lang.StringBuilder"), ops);
            assertTrue(ops.contains("commutative: false"), ops);
            String req = run("mana:handle " + hex(q));
            assertTrue(req.contains("pending operation: irecv"), req);
            assertTrue(req.contains("communicator: MPI.COMM_WORLD"), req);
            assertTrue(req.contains("source: 3") && req.contains("tag: 77") && req.contains("count: 4 of MPI.INT"), req);
            String ckpt = run("mana:ckpt");
            assertTrue(ckpt.contains(hex(q) + " irecv source=3 tag=77 comm=MPI.COMM_WORLD active"), ckpt);
        } finally {
            Handles.TABLE.free(q, Kind.REQUEST);
            r.release();
            Handles.TABLE.free(o, Kind.OP);
            op.release();
        }
    }

    /** A descriptor of a kind the shell does not know (as a file descriptor from another bundle). */
    record FileLike(long sequence, String path, int amode, long position) implements Descriptor {
        @Override
        public int kind() {
            return Kind.FILE;
        }

        @Override
        public String summary() {
            return "file " + path;
        }
    }

    @Test
    void handleShowsThePublicAccessorsOfDescriptorsOfOtherBundles() throws Exception {
        int f = Handles.TABLE.create(Kind.FILE, new Object(), new FileLike(99, "/tmp/data.bin", 5, 4096));
        try {
            String one = run("mana:handle " + hex(f));
            assertTrue(one.contains("summary: file /tmp/data.bin"), one);
            assertTrue(one.contains("path: /tmp/data.bin"), one);
            assertTrue(one.contains("amode: 5"), one);
            assertTrue(one.contains("position: 4096"), one);
        } finally {
            Handles.TABLE.free(f, Kind.FILE);
        }
    }

    @Test
    void functionsNamesProviderBundlesAndMissingOnes() throws Exception {
        String all = run("mana:functions");
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Send ") && l.contains("mana.wrappers.p2p")), all);
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Type_contiguous ") && l.contains("mana.wrappers.types")), all);
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Cart_create ") && l.contains("unsupported (mana.wrappers.cart)")),
                all);
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Win_create_keyval ") && l.contains("mana.wrappers.rma")), all);
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Comm_spawn ") && l.contains("mana.wrappers.comm")), all);
        String missing = run("mana:functions --missing");
        assertFalse(missing.lines().anyMatch(l -> l.startsWith("MPI_Send ")), missing);
        assertTrue(missing.contains("MPI_Cart_create"), missing);
        assertTrue(run("mana:functions --json").startsWith("[{\"mpi_function\":"));
    }

    @Test
    void kindsListsRegisteredDescriptorKindsInRestoreOrder() throws Exception {
        Dictionary<String, Object> props = new Hashtable<>();
        ServiceRegistration<DescriptorKind> late = context.registerService(DescriptorKind.class, new TestKind("test-late", 900), props);
        ServiceRegistration<DescriptorKind> early = context.registerService(DescriptorKind.class, new TestKind("test-early", 50), props);
        try {
            String kinds = run("mana:kinds");
            int e = kinds.indexOf("test-early");
            int l = kinds.indexOf("test-late");
            assertTrue(e >= 0 && l > e, kinds);
            assertTrue(run("mana:ckpt").contains("0 test-early (info)"));
        } finally {
            late.unregister();
            early.unregister();
        }
        assertFalse(run("mana:kinds").contains("test-early"));
    }

    @Test
    void statsShowsTheCallsPerFunction() throws Exception {
        int id = FunctionStats.id("MPI_Shell_test_stats");
        FunctionStats.count(id);
        FunctionStats.count(id);
        String stats = run("mana:stats");
        assertTrue(stats.startsWith("FUNCTION"), stats);
        assertTrue(stats.lines().anyMatch(l -> l.matches("MPI_Shell_test_stats\\s+2")), stats);
        assertTrue(stats.contains("time per call is not collected"), stats);
    }

    @Test
    void ckptNamesTheEngineOrSaysThatNoneIsInstalledAndShowsTheGate() throws Exception {
        String ckpt = run("mana:ckpt");
        if (context.getServiceReference("mana.ckpt.engine.RankCheckpointer") == null) {
            assertTrue(ckpt.contains("engine: checkpoint engine not installed"), ckpt);
        } else {
            assertTrue(ckpt.contains("engine: mana.ckpt ") && ckpt.contains("started as a restart: no"), ckpt);
        }
        assertTrue(ckpt.contains("gate: open, threads inside MPI calls: 0"), ckpt);
        assertTrue(ckpt.contains("pending point-to-point requests: 0"), ckpt);
    }

    private record TestKind(String name, int restoreOrder) implements DescriptorKind {
        @Override
        public int kind() {
            return Kind.INFO;
        }

        @Override
        public List<? extends Descriptor> descriptors() {
            return List.of();
        }

        @Override
        public void save(Descriptor descriptor, DataOutput out) {
        }

        @Override
        public Descriptor load(DataInput in) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Object rebuild(Descriptor descriptor) throws ManaException {
            throw ManaException.of(16, "test kind");
        }
    }
}
