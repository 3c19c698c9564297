package mana.conformance.types;

import mana.conformance.ErrorNames;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.UserFunction;

/**
 * Bad input under ERRORS_RETURN: every case prints "OK case: ..." with the MPI error class it
 * got (or "no error"), so the lines of MANA and the raw binding can be compared.
 */
public final class BadInput {
    interface Call {
        void run() throws MPIException;
    }

    static int rank;
    static java.util.Set<String> only;

    static void expect(String name, Call c) {
        if (!only.isEmpty() && !only.contains(name.replace(' ', '-'))) {
            return;
        }
        String r;
        try {
            c.run();
            r = "no error";
        } catch (MPIException e) {
            r = "MPIException class " + ErrorNames.of(e.getErrorClass());
        }
        if (rank == 0) {
            System.out.println("OK " + name + ": " + r);
        }
    }

    static Op forgedOp(int value) {
        try {
            java.lang.reflect.Constructor<Op> k = Op.class.getDeclaredConstructor(int.class);
            k.setAccessible(true);
            return k.newInstance(value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws MPIException {
        // args: the cases to run (names with '-' for ' '); none: all of them
        only = new java.util.HashSet<>(java.util.Arrays.asList(MPI.Init(args)));
        rank = MPI.COMM_WORLD.getRank();
        MPI.COMM_WORLD.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[16];

        expect("negative count", () -> Datatype.createContiguous(-1, MPI.INT));
        expect("negative vector count", () -> Datatype.createVector(-2, 1, 1, MPI.INT));
        expect("negative indexed block length", () -> Datatype.createIndexed(new int[] {-1}, new int[] {0}, MPI.INT));

        Datatype freed = Datatype.createVector(2, 1, 2, MPI.INT);
        freed.commit();
        freed.free();
        expect("freed datatype in send", () -> MPI.COMM_WORLD.send(buf, 1, freed, MPI.PROC_NULL, 0));
        expect("freed datatype freed again", freed::free);
        expect("freed datatype as a base", () -> Datatype.createContiguous(2, freed));

        Datatype uncommitted = Datatype.createVector(2, 1, 2, MPI.INT);
        expect("uncommitted datatype in send", () -> MPI.COMM_WORLD.send(buf, 1, uncommitted, MPI.PROC_NULL, 0));
        uncommitted.free();

        Op op = new Op(new UserFunction() {
            @Override
            public void call(Object a, Object b, int count, Datatype t) {
            }
        }, true);
        int[] out = new int[2];
        MPI.COMM_WORLD.allReduce(new int[] {1, 2}, out, 2, MPI.INT, op);
        op.free();
        expect("freed op in allReduce", () -> MPI.COMM_WORLD.allReduce(new int[] {1, 2}, out, 2, MPI.INT, op));

        int size = MPI.COMM_WORLD.getSize();
        Datatype[] missing = new Datatype[size]; // null entries: MPI_ERR_TYPE in the raw binding too
        expect("null entries in allToAllw types", () -> MPI.COMM_WORLD.allToAllw(MPI.newByteBuffer(4 * size), new int[size],
                new int[size], missing, MPI.newByteBuffer(4 * size), new int[size], new int[size], missing));

        // the raw binding crashes the JVM for these (SIGSEGV in native code)
        expect("null block lengths in createIndexed", () -> Datatype.createIndexed(null, null, MPI.INT));
        expect("null types in createStruct", () -> Datatype.createStruct(new int[] {1}, new int[] {0}, null));
        expect("null entry in createStruct types", () -> Datatype.createStruct(new int[] {1}, new int[] {0}, new Datatype[] {null}));
        Datatype named = MPI.INT.dup();
        expect("null datatype name", () -> named.setName(null));
        named.free();

        // Op's protected constructor, reached by reflection (Op is final) with a value that is no
        // op: the raw binding indexes its table of predefined ops with it (undefined); MANA's
        // object is not the null op and every use fails with MPI_ERR_OP
        if (only.stream().anyMatch(n -> n.startsWith("forged-op"))) { // MANA only
            Op forged = forgedOp(0x7ABCDEF1);
            expect("forged op isNull", () -> {
                if (rank == 0) {
                    System.out.println("VAL forged op isNull " + forged.isNull());
                }
            });
            expect("forged op in allReduce", () -> MPI.COMM_WORLD.allReduce(new int[] {1, 2}, out, 2, MPI.INT, forged));
        }

        MPI.COMM_WORLD.barrier();
        if (rank == 0) {
            System.out.println("DONE");
        }
        MPI.Finalize();
    }
}
