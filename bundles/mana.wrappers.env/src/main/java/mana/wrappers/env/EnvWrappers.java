package mana.wrappers.env;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mana.core.fn.EnvProvider;
import mana.core.fn.LifecycleListener;
import mana.core.fn.StartupMarks;
import mana.core.gate.CallerThreads;
import mana.core.vid.Handles;
import mana.wrappers.base.Lower;
import mpi.MPI;
import mpi.MPIException;
import mpi.Version;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.FieldOption;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;

/** The environment functions, forwarded to the lower half. */
@Component(service = EnvProvider.class)
public final class EnvWrappers implements EnvProvider {

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, fieldOption = FieldOption.UPDATE)
    private final List<LifecycleListener> listeners = new CopyOnWriteArrayList<>();

    /** A restart rebuilds the rank's MPI state here; a failure makes MPI_Init fail (never a silent fresh run). */
    private void restore() throws ManaException {
        try {
            for (LifecycleListener l : listeners) {
                l.restore();
            }
        } catch (ManaException e) {
            for (LifecycleListener l : listeners) {
                try {
                    l.restoreRefused(e.getMessage());
                } catch (RuntimeException ignored) {
                    // the refusal itself is what MPI_Init reports
                }
            }
            throw e;
        }
    }

    private void tell(boolean init) {
        for (LifecycleListener l : listeners) {
            try {
                if (init) {
                    l.afterInit();
                } else {
                    l.beforeFinalize();
                }
            } catch (RuntimeException e) {
                System.err.println("[mana] lifecycle listener " + l.getClass().getName() + " failed: " + e);
            }
        }
    }

    @Activate
    void activate() {
        // Loading the lower half's MPI class loads libmpi_java into the framework class loader.
        StartupMarks.mark("framework start until the lower half loads");
        Lower.fillConstants();
        StartupMarks.mark("lower half: load libmpi_java, constants");
    }

    @Override
    public String[] init(String[] args) throws ManaException {
        try {
            CallerThreads.requested(MPI.THREAD_SINGLE);
            CallerThreads.initThread(-1);
            StartupMarks.mark("application main until MPI_Init");
            String[] rest = MPI.Init(args);
            StartupMarks.mark("MPI_Init (lower half)");
            Lower.fillConstants();
            Lower.describeWorld();
            restore();
            tell(true);
            StartupMarks.mark("after MPI_Init: world, coordinator INIT");
            return rest;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int initThread(String[] args, int required) throws ManaException {
        try {
            CallerThreads.requested(required);
            CallerThreads.initThread(required);
            StartupMarks.mark("application main until MPI_Init");
            int provided = MPI.InitThread(args, required);
            StartupMarks.mark("MPI_Init (lower half)");
            Lower.fillConstants();
            Lower.describeWorld();
            restore();
            tell(true);
            StartupMarks.mark("after MPI_Init: world, coordinator INIT");
            return provided;
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public void finalizeMpi() throws ManaException {
        try {
            StartupMarks.mark("application main between MPI_Init and MPI_Finalize");
            tell(false);
            Object internal = Handles.internalWorld();
            if (internal != null) {
                ((mpi.Comm) internal).free();
                Handles.setInternalWorld(null);
            }
            MPI.Finalize();
            StartupMarks.mark("MPI_Finalize");
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean isInitialized() throws ManaException {
        try {
            return MPI.isInitialized();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean isFinalized() throws ManaException {
        try {
            return MPI.isFinalized();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int queryThread() throws ManaException {
        try {
            return MPI.queryThread();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public boolean isThreadMain() throws ManaException {
        try {
            return MPI.isThreadMain();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public double wtime() throws ManaException {
        try {
            return MPI.wtime();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public double wtick() throws ManaException {
        try {
            return MPI.wtick();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public String processorName() throws ManaException {
        try {
            return MPI.getProcessorName();
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int[] version() {
        Version v = MPI.getVersion();
        return new int[] {v.getVersion(), v.getSubVersion()};
    }

    @Override
    public String libVersion() {
        return MPI.getLibVersion();
    }

    @Override
    public void abort(int comm, int errorCode) throws ManaException {
        try {
            Lower.comm(comm).abort(errorCode);
        } catch (MPIException e) {
            throw Lower.error(e);
        }
    }

    @Override
    public int intConstant(String qualifiedName) throws ManaException {
        int dot = qualifiedName.indexOf('.');
        try {
            Class<?> c = Class.forName("mpi." + qualifiedName.substring(0, dot), false, MPI.class.getClassLoader());
            return c.getField(qualifiedName.substring(dot + 1)).getInt(null);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw ManaException.of(ErrorClass.INTERN, "the lower half has no int constant " + qualifiedName);
        }
    }
}
