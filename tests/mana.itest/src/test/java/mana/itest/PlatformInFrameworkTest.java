package mana.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import mana.core.fn.EnvProvider;
import mana.core.fn.FunctionTable;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWire;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/** The platform inside a real Felix framework: resolution, wiring of the two mpi packages, the function table. */
@ExtendWith(BundleContextExtension.class)
class PlatformInFrameworkTest {

    @InjectBundleContext
    BundleContext context;

    private Bundle bundle(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("bundle " + bsn + " is not installed");
    }

    private static Bundle mpiProvider(Bundle b) {
        BundleWiring wiring = b.adapt(BundleWiring.class);
        for (BundleWire w : wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE)) {
            if ("mpi".equals(w.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))) {
                return w.getProvider().getBundle();
            }
        }
        throw new AssertionError(b.getSymbolicName() + " has no wire for package mpi");
    }

    @Test
    void platformBundlesAreActive() {
        for (String bsn : List.of("mana.core", "mana.mpi", "mana.wrappers.env", "org.apache.felix.scr")) {
            assertEquals(Bundle.ACTIVE, bundle(bsn).getState(), bsn + " is not active");
        }
    }

    @Test
    void wrapperBundleWiresToTheLowerHalfOnTheFrameworkClassPath() {
        assertEquals(0L, mpiProvider(bundle("mana.wrappers.env")).getBundleId(),
                "the env wrapper must import the lower half exported by the system bundle");
    }

    @Test
    void applicationBundleWiresToTheUpperHalfAndNeverToTheLowerHalf() throws Exception {
        Bundle app = context.installBundle("test:app", new ByteArrayInputStream(appBundle()));
        try {
            app.start();
            Bundle provider = mpiProvider(app);
            assertEquals("mana.mpi", provider.getSymbolicName());
            assertNotEquals(0L, provider.getBundleId());
        } finally {
            app.uninstall();
        }
    }

    @Test
    void thisTestBundleSeesTheUpperHalfMpiClasses() {
        assertEquals(bundle("mana.mpi"), org.osgi.framework.FrameworkUtil.getBundle(MPI.class));
    }

    @Test
    void functionThatNoBundleProvidesFailsNamingFunctionAndBundle() {
        MPIException e = assertThrows(MPIException.class,
                () -> MPI.COMM_WORLD.createCart(new int[] {2}, new boolean[] {false}, false));
        assertTrue(e.getMessage().contains("MPI_Cart_create"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.cart"), e.getMessage());
        assertEquals(MPI.ERR_UNSUPPORTED_OPERATION, e.getErrorClass());
    }

    @Test
    void stoppingTheEnvBundleMakesItsFunctionsFailAndStartingItRestoresThem() throws Exception {
        Bundle env = bundle("mana.wrappers.env");
        assertTrue(FunctionTable.isProvided(EnvProvider.class));
        assertFalse(MPI.isInitialized());
        env.stop();
        try {
            assertFalse(FunctionTable.isProvided(EnvProvider.class));
            MPIException e = assertThrows(MPIException.class, MPI::isInitialized);
            assertTrue(e.getMessage().contains("MPI_Initialized"), e.getMessage());
            assertTrue(e.getMessage().contains("mana.wrappers.env"), e.getMessage());
        } finally {
            env.start();
        }
        assertTrue(FunctionTable.isProvided(EnvProvider.class));
        assertFalse(MPI.isInitialized());
    }

    @Test
    void theRmaBundleProvidesWindowsAndTheirKindAndStoppingItMakesWindowCallsFailNamingIt() throws Exception {
        Bundle rma = bundle("mana.wrappers.rma");
        assertTrue(FunctionTable.isProvided(mana.core.fn.RmaProvider.class));
        assertTrue(windowKindRegistered(), "the window DescriptorKind is registered");
        rma.stop();
        try {
            assertFalse(FunctionTable.isProvided(mana.core.fn.RmaProvider.class));
            assertFalse(windowKindRegistered());
            // no lower-half call happens: the stand-in answers (the lower half must not run before MPI_Init)
            MPIException e = assertThrows(MPIException.class, mpi.Win::createKeyval);
            assertTrue(e.getMessage().contains("MPI_Win_create_keyval"), e.getMessage());
            assertTrue(e.getMessage().contains("mana.wrappers.rma"), e.getMessage());
            assertEquals(MPI.ERR_UNSUPPORTED_OPERATION, e.getErrorClass());
        } finally {
            rma.start();
        }
        assertTrue(FunctionTable.isProvided(mana.core.fn.RmaProvider.class));
        assertTrue(windowKindRegistered());
    }

    private boolean windowKindRegistered() throws Exception {
        var refs = bundle("mana.core").getBundleContext()
                .getServiceReferences(mana.core.desc.DescriptorKind.class, null);
        for (var ref : refs) {
            mana.core.desc.DescriptorKind k = bundle("mana.core").getBundleContext().getService(ref);
            try {
                if (k != null && k.kind() == mana.core.vid.Kind.WIN && "window".equals(k.name())) {
                    return true;
                }
            } finally {
                bundle("mana.core").getBundleContext().ungetService(ref);
            }
        }
        return false;
    }

    /** A plain bundle importing mpi the way the launcher bundles an application jar. */
    private static byte[] appBundle() throws Exception {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "test.app");
        a.putValue("Import-Package", "mpi;version=\"[4.1,5)\"");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.flush();
        }
        return out.toByteArray();
    }
}
