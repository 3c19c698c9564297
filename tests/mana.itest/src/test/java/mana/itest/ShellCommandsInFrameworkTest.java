package mana.itest;

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
import mana.core.desc.Descriptor;
import mana.core.desc.DescriptorKind;
import mana.core.desc.GroupDescriptor;
import mana.core.error.ManaException;
import mana.core.vid.Handles;
import mana.core.vid.Kind;
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

    private String run(String command) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(out, true);
             CommandSession s = processor.createSession(new ByteArrayInputStream(new byte[0]), ps, ps)) {
            Object result = s.execute(command);
            return (result == null ? "" : result.toString()) + out;
        }
    }

    @Test
    void handlesListsLiveHandlesWithTheirDescriptorAndForgetsFreedOnes() throws Exception {
        GroupDescriptor d = new GroupDescriptor(new int[] {0, 3, 5});
        int vid = Handles.TABLE.create(Kind.GROUP, new Object(), d);
        String hex = String.format("0x%08x", vid);
        String listed = run("mana:handles --kind group");
        assertTrue(listed.contains(hex), listed);
        assertTrue(listed.contains("group members=[0, 3, 5]"), listed);
        String one = run("mana:handle " + hex);
        assertTrue(one.contains("group members=[0, 3, 5]"), one);
        Handles.TABLE.free(vid, Kind.GROUP);
        assertFalse(run("mana:handles --kind group").contains(hex));
        String stale = run("mana:handle " + hex);
        assertTrue(stale.contains("freed") || stale.contains("stale"), stale);
    }

    @Test
    void handleRejectsForgedValuesWithTheReason() throws Exception {
        String forged = run("mana:handle 0x21ffffff");
        assertTrue(forged.contains("never allocated"), forged);
        assertTrue(run("mana:handle banana").contains("not a handle value"));
    }

    @Test
    void handlesAllShowsThePredefinedObjects() throws Exception {
        String all = run("mana:handles --all --kind comm");
        assertTrue(all.contains("MPI.COMM_WORLD"), all);
        assertTrue(all.contains("MPI.COMM_SELF"), all);
    }

    @Test
    void functionsNamesProviderBundlesAndMissingOnes() throws Exception {
        String all = run("mana:functions");
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Send ") && l.contains("mana.wrappers.p2p")), all);
        assertTrue(all.lines().anyMatch(l -> l.startsWith("MPI_Cart_create ") && l.contains("unsupported (mana.wrappers.cart)")),
                all);
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
        } finally {
            late.unregister();
            early.unregister();
        }
        assertFalse(run("mana:kinds").contains("test-early"));
    }

    @Test
    void statsCountsCallsThroughTheWrappers() throws Exception {
        mpi.MPI.isInitialized();
        String stats = run("mana:stats");
        assertTrue(stats.startsWith("FUNCTION"), stats);
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
