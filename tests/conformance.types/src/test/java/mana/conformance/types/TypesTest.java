package mana.conformance.types;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Test;

/** Datatype constructors, queries, Struct and pair types through MANA, and the same program on the raw binding. */
class TypesTest {
    static final Path JAR = Path.of(System.getProperty("conformance.jar"));

    static List<String> checks(ManaJob.Run run) {
        return run.outLines().stream()
                .filter(l -> l.startsWith("OK") || l.startsWith("VAL") || l.startsWith("DONE")).sorted().toList();
    }

    static void sameAsRaw(int ranks, String main, int minChecks, String mustHave, String... args) {
        ManaJob.Run mana = ManaJob.manaRun(ranks, JAR, main, args);
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        assertTrue(mana.out().contains(mustHave), mana.all());
        ManaJob.Run raw = ManaJob.raw(ranks, JAR, main, args);
        assertEquals(0, raw.exit(), raw.all());
        assertFalse(raw.out().contains("FAIL"), raw.all());
        List<String> m = checks(mana);
        List<String> r = checks(raw);
        assertEquals(r, m, "MANA and the raw binding must print the same checks and values");
        assertTrue(m.size() >= minChecks, "too few checks ran: " + m.size());
    }

    @Test
    void everyConstructorAndQueryMatchesTheReferenceAndTheRawBinding() {
        sameAsRaw(3, "mana.conformance.types.Types", 60, "OK deep chain with parents freed array");
    }

    @Test
    void userOpsAndPairTypesMatchTheRawBinding() {
        sameAsRaw(4, "mana.conformance.types.Ops", 15, "OK matrix product allReduce ByteBuffer form");
    }

    /** The cases where Open MPI's binding throws (or does nothing): MANA must do the same. */
    @Test
    void badInputGivesTheRawBindingsErrors() {
        sameAsRaw(2, "mana.conformance.types.BadInput", 8, "OK negative count: MPIException class ERR_COUNT",
                "negative-count", "negative-vector-count", "negative-indexed-block-length",
                "freed-datatype-freed-again", "freed-datatype-as-a-base", "freed-op-in-allReduce",
                "null-entries-in-allToAllw-types");
    }

    /** Null arrays, a null entry and a null name crash the raw binding's JVM; MANA gives an MPIException. */
    @Test
    void nullArgumentsOfDatatypeCallsAreErrorsNotCrashes() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.types.BadInput", "null-block-lengths-in-createIndexed",
                "null-types-in-createStruct", "null-entry-in-createStruct-types", "null-datatype-name");
        assertEquals(0, mana.exit(), mana.all());
        String out = mana.out();
        assertTrue(out.contains("OK null block lengths in createIndexed: MPIException class ERR_ARG"), mana.all());
        assertTrue(out.contains("OK null types in createStruct: MPIException class ERR_ARG"), mana.all());
        assertTrue(out.contains("OK null entry in createStruct types: MPIException class ERR_TYPE"), mana.all());
        assertTrue(out.contains("OK null datatype name: MPIException class ERR_ARG"), mana.all());
        assertTrue(out.contains("DONE"), mana.all());
    }

    /**
     * Op's protected constructor (reflection: Op is final) with a value that is no op: isNull is
     * false instead of an IllegalStateException, and a reduction with it gives MPI_ERR_OP (10).
     * MANA only: the raw binding indexes its table of predefined ops with the value.
     */
    @Test
    void aForgedOpIsNotNullAndFailsWithErrOp() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.types.BadInput", "forged-op-isNull",
                "forged-op-in-allReduce");
        assertEquals(0, mana.exit(), mana.all());
        String out = mana.out();
        assertTrue(out.contains("VAL forged op isNull false"), mana.all());
        assertTrue(out.contains("OK forged op isNull: no error"), mana.all());
        assertTrue(out.contains("OK forged op in allReduce: MPIException class ERR_OP"), mana.all());
        assertTrue(out.contains("DONE"), mana.all());
    }

    /** Open MPI's binding crashes the JVM here (SIGSEGV in ompi_java_getReadPtr); MANA gives MPI_ERR_TYPE (3). */
    @Test
    void aFreedDatatypeInASendIsAnErrorNotACrash() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.types.BadInput", "freed-datatype-in-send");
        assertEquals(0, mana.exit(), mana.all());
        assertTrue(mana.out().contains("OK freed datatype in send: MPIException class ERR_TYPE"), mana.all());
    }

    /**
     * Open MPI's binding crashes the JVM when an uncommitted derived datatype is sent from an
     * array. The p2p and coll wrappers translate data datatypes with
     * mana.wrappers.base.Lower.committedType, which gives MPI_ERR_TYPE instead.
     */
    @Test
    void anUncommittedDatatypeInASendIsAnErrorNotACrash() {
        ManaJob.Run mana = ManaJob.manaRun(2, JAR, "mana.conformance.types.BadInput", "uncommitted-datatype-in-send");
        assertEquals(0, mana.exit(), mana.all());
        assertTrue(mana.out().contains("OK uncommitted datatype in send: MPIException class ERR_TYPE"), mana.all());
    }

    /**
     * A seven-level datatype tree with every parent freed early, used by send/recv, bcast and an
     * iBcast during which it is freed: results as the raw binding's; afterwards MANA holds no
     * datatype handle and no datatype descriptor (every reference count went back to zero).
     */
    @Test
    void aDeepTreeWithParentsFreedEarlyWorksAndLeavesNothingBehind() {
        String main = "mana.conformance.types.TypeTrees";
        ManaJob.Run mana = ManaJob.mana("run", "--at-finalize", "mana:handles --kind datatype; mana:kinds", "-np", "2",
                "--class", main, JAR.toString());
        assertEquals(0, mana.exit(), mana.all());
        assertFalse(mana.out().contains("FAIL"), mana.all());
        ManaJob.Run raw = ManaJob.raw(2, JAR, main);
        assertEquals(0, raw.exit(), raw.all());
        assertEquals(checks(raw), checks(mana));
        assertEquals(7, checks(mana).size(), mana.all());
        for (int r = 0; r < 2; r++) {
            assertTrue(mana.out().contains("[rank " + r + "] 0 handle(s)"), mana.all());
            String prefix = "[rank " + r + "] ";
            String kindLine = mana.outLines().stream()
                    .filter(l -> l.startsWith(prefix) && l.matches(".*\\bdatatype\\b.*mana\\.wrappers\\.types.*"))
                    .findFirst().orElse("");
            assertTrue(kindLine.matches(".*\\bdatatype\\s+0\\s+mana\\.wrappers\\.types.*"),
                    "datatype descriptors left on rank " + r + ": " + kindLine + "\n" + mana.all());
        }
    }
}
