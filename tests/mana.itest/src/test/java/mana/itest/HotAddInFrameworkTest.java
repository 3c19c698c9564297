package mana.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import mana.core.fn.FunctionTable;
import mana.core.fn.TypeProvider;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import org.apache.felix.service.command.CommandProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/** mana:uninstall and mana:install of a wrapper bundle in a running framework. */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class HotAddInFrameworkTest {
    static final String TYPES = "mana.wrappers.types";

    @InjectBundleContext
    BundleContext context;

    @InjectService(timeout = 5000)
    CommandProcessor processor;

    private String run(String command) throws Exception {
        return ShellCommandsInFrameworkTest.run(processor, command);
    }

    private Bundle bundle(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }

    @Test
    void uninstallRemovesAWrapperBundlesFunctionsAndInstallBringsThemBack() throws Exception {
        Bundle types = bundle(TYPES);
        assertNotNull(types);
        String location = types.getLocation();
        assertTrue(FunctionTable.isProvided(TypeProvider.class));
        try {
            String out = run("mana:uninstall " + TYPES);
            assertTrue(out.startsWith("uninstalled " + TYPES), out);
            assertEquals(null, bundle(TYPES));
            assertTrue(!FunctionTable.isProvided(TypeProvider.class));
            MPIException e = assertThrows(MPIException.class, () -> Datatype.createContiguous(2, MPI.INT));
            assertTrue(e.getMessage().contains("MPI_Type_contiguous") && e.getMessage().contains("no installed wrapper bundle"),
                    e.getMessage());
            assertTrue(run("mana:functions --missing").lines().anyMatch(l -> l.startsWith("MPI_Type_contiguous ")));
        } finally {
            if (bundle(TYPES) == null) {
                String in = run("mana:install " + location);
                assertTrue(in.startsWith("installed and started " + TYPES), in);
            }
        }
        assertEquals(Bundle.ACTIVE, bundle(TYPES).getState());
        assertTrue(FunctionTable.isProvided(TypeProvider.class));
        assertTrue(run("mana:functions").lines()
                .anyMatch(l -> l.startsWith("MPI_Type_contiguous ") && l.contains(TYPES)));
        assertTrue(run("mana:install " + location).startsWith("already installed: " + TYPES));
    }

    @Test
    void installAndUninstallExplainWhatTheyRefuse() throws Exception {
        assertTrue(run("mana:install /no/such/bundle.jar").contains("/no/such/bundle.jar: no such file"));
        Path notABundle = Files.createTempFile("not-a-bundle", ".jar");
        try {
            Files.writeString(notABundle, "plain text");
            String out = run("mana:install " + notABundle);
            assertTrue(out.startsWith("cannot install "), out);
        } finally {
            Files.deleteIfExists(notABundle);
        }
        assertTrue(run("mana:uninstall mana.core").startsWith("refused: "));
        assertTrue(run("mana:uninstall mana.mpi").startsWith("refused: "));
        assertTrue(run("mana:uninstall 0").startsWith("refused: the framework itself"));
        assertTrue(run("mana:uninstall no.such.bundle").contains("no bundle named no.such.bundle"));
        assertTrue(run("mana:uninstall 99999").contains("no bundle with id 99999"));
    }
}
