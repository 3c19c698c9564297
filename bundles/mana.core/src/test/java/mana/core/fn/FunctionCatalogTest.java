package mana.core.fn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import mana.core.error.ErrorClass;
import mana.core.error.ManaException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FunctionCatalogTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "MPI_Send, P2P",
        "MPI_Recv, P2P",
        "MPI_Isend, P2P",
        "MPI_Wait, P2P",
        "MPI_Get_count, P2P",
        "mpi.Status.getSource, P2P",
        "mpi.Request.waitFor, P2P",
        "MPI_Cart_create, CART",
        "MPI_Dims_create, CART",
        "MPI_Graph_create, CART",
        "MPI_File_open, IO",
        "MPI_File_write_all, IO",
        "MPI_Allreduce, COLL",
        "MPI_Bcast, COLL",
        "MPI_Reduce_scatter_block, COLL",
        "MPI_Neighbor_allgather, COLL",
        "MPI_Type_vector, TYPES",
        "MPI_Type_commit, TYPES",
        "MPI_Op_create, TYPES",
        "MPI_Get_address, TYPES",
        "MPI_Comm_split, COMM",
        "MPI_Comm_rank, COMM",
        "MPI_Group_incl, COMM",
        "MPI_Intercomm_create, COMM",
        "MPI_Win_create, RMA",
        "MPI_Put, RMA",
        "MPI_Get, RMA",
        "MPI_Comm_spawn, COMM",
        "MPI_Comm_spawn_multiple, COMM",
        "MPI_Comm_join, SPAWN",
        "MPI_Comm_connect, COMM",
        "MPI_Comm_accept, COMM",
        "MPI_Comm_disconnect, COMM",
        "MPI_Open_port, COMM",
        "MPI_Lookup_name, COMM",
        "MPI_Init, ENV",
        "MPI_Init_thread, ENV",
        "MPI_Finalize, ENV",
        "MPI_Wtime, ENV",
        "MPI_Get_version, ENV",
        "MPI_Info_create, ENV",
        "mpi.MPI.wtime, ENV",
        "mpi.Cartcomm.getTopo, CART",
        "mpi.Datatype.getExtent, TYPES",
        "mpi.Win.fence, RMA",
        "mpi.File.getSize, IO",
        "mpi.Comm, COMM",
    })
    void areaOf(String name, Area expected) {
        assertEquals(expected, FunctionCatalog.areaOf(name));
    }

    /**
     * Non-blocking collectives are spelled with a lower-case letter after the I
     * (MPI_Iallreduce, MPI_Ibarrier, MPI_Ibcast, MPI_Ineighbor_allgather). The COLL pattern
     * {@code MPI_I?(Barrier|...|Allreduce|...)} requires a capital after the I, so all of these
     * fall through to P2P today.
     */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "MPI_Iallreduce, COLL",
        "MPI_Ibarrier, COLL",
        "MPI_Ibcast, COLL",
        "MPI_Ireduce, COLL",
        "MPI_Iallgather, COLL",
        "MPI_Ialltoall, COLL",
        "MPI_Iscan, COLL",
        "MPI_Ineighbor_allgather, COLL",
    })
    void nonBlockingCollectivesAreCollectives(String name, Area expected) {
        assertEquals(expected, FunctionCatalog.areaOf(name));
    }

    @Test
    void missingNamesTheFunctionAndTheBundleOfItsArea() {
        ManaException e = FunctionCatalog.missing("MPI_Cart_create", null);
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorCode());
        assertTrue(e.getMessage().startsWith("MPI_Cart_create"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.cart"), e.getMessage());
        assertTrue(e.getMessage().contains("topologies"), e.getMessage());
    }

    @Test
    void missingIncludesTheJavaMemberWhenGiven() {
        ManaException e = FunctionCatalog.missing("MPI_File_open", "mpi.File.<init>");
        assertTrue(e.getMessage().contains("MPI_File_open (mpi.File.<init>)"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.io"), e.getMessage());
        assertTrue(FunctionCatalog.missing("MPI_Send", "").getMessage().startsWith("MPI_Send:"));
    }

    @Test
    void missingForAnAreaWithoutABundleSaysNotSupported() {
        ManaException e = FunctionCatalog.missing("MPI_Comm_join", null);
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
        assertTrue(e.getMessage().contains("MPI_Comm_join"), e.getMessage());
        assertTrue(e.getMessage().contains("not supported"), e.getMessage());
        assertTrue(e.getMessage().contains("MPI_Comm_join"), e.getMessage());
    }

    @Test
    void missingWindowFunctionNamesTheRmaBundle() {
        ManaException e = FunctionCatalog.missing("MPI_Win_create", null);
        assertEquals(ErrorClass.UNSUPPORTED_OPERATION, e.errorClass());
        assertTrue(e.getMessage().contains("MPI_Win_create"), e.getMessage());
        assertTrue(e.getMessage().contains("one-sided"), e.getMessage());
        assertTrue(e.getMessage().contains("mana.wrappers.rma"), e.getMessage());
    }

    @Test
    void everyAreaWithABundleNamesAManaWrapperBundle() {
        for (Area a : Area.values()) {
            if (a == Area.SPAWN) {
                assertNull(a.bundle(), a.name());
            } else {
                assertTrue(a.bundle().startsWith("mana.wrappers."), a.name());
            }
        }
    }
}
