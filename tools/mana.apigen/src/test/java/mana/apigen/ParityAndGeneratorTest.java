package mana.apigen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator and the parity check on a tiny stand-in for Open MPI's mpi package. */
class ParityAndGeneratorTest {

    private static final String LOWER_COMM = """
            package mpi;
            public class Comm {
                protected Comm(long handle) { }
                /**
                 * <p>Java binding of {@code MPI_SEND}.
                 */
                public final void send(Object buf, int count) throws MPIException { }
                /**
                 * <p>Java binding of {@code MPI_CART_CREATE}.
                 */
                public Comm createCart(int[] dims) throws MPIException { return null; }
                public final boolean isNull() { return false; }
                public static int ANSWER;
            }
            """;
    private static final String LOWER_EXC = """
            package mpi;
            public final class MPIException extends Exception {
                public MPIException(String m) { super(m); }
            }
            """;
    private static final String LOWER_MPI = """
            package mpi;
            public final class MPI {
                public static final int ANY_SOURCE = -1;
            }
            """;

    @TempDir
    Path tmp;

    @Test
    void identicalSurfacesPass() throws Exception {
        Path a = compile("a", LOWER_COMM, LOWER_EXC, LOWER_MPI);
        Path b = compile("b", LOWER_COMM, LOWER_EXC, LOWER_MPI);
        ParityCheck.Report r = ParityCheck.compare(a, b);
        assertTrue(r.ok(), r.toString());
        assertEquals(r.lowerMembers(), r.identical());
    }

    @Test
    void missingOrDifferentMembersAreReported() throws Exception {
        Path lower = compile("lower", LOWER_COMM, LOWER_EXC, LOWER_MPI);
        String upperComm = LOWER_COMM.replace("public Comm createCart(int[] dims) throws MPIException { return null; }", "")
                .replace("public final boolean isNull()", "public boolean isNull()");
        Path upper = compile("upper", upperComm, LOWER_EXC, LOWER_MPI);
        ParityCheck.Report r = ParityCheck.compare(lower, upper);
        assertFalse(r.ok());
        assertTrue(r.differences().stream().anyMatch(d -> d.contains("missing") && d.contains("createCart")), r.toString());
        assertTrue(r.differences().stream().anyMatch(d -> d.contains("differs") && d.contains("isNull")), r.toString());
        assertEquals(r.lowerMembers() - 2, r.identical());
    }

    @Test
    void generatorKeepsHandWrittenMembersAndStubsTheRestWithTheMpiName() throws Exception {
        Path lowerJar = jar(compile("lower", LOWER_COMM, LOWER_EXC, LOWER_MPI), LOWER_COMM);
        Path partial = tmp.resolve("partial/mpi");
        Files.createDirectories(partial);
        Files.writeString(partial.resolve("Comm.java"), """
                package mpi;
                public class Comm {
                    Comm() { }
                    public final void send(Object buf, int count) throws MPIException { }
                }
                """);
        Files.writeString(partial.resolve("ManaUnsupported.java"), """
                package mpi;
                final class ManaUnsupported {
                    static MPIException checked(String fn, String where) { return new MPIException(fn + " @ " + where); }
                    static RuntimeException unchecked(String fn, String where) { return new UnsupportedOperationException(fn); }
                }
                """);
        Files.writeString(partial.resolve("ManaConstants.java"), """
                package mpi;
                final class ManaConstants { static int intConstant(String n) { return 42; } }
                """);
        Files.writeString(partial.resolve("MPIException.java"), LOWER_EXC);
        Path out = tmp.resolve("gen");
        Generator.main(new String[] {lowerJar.toString(), tmp.resolve("partial").toString(), out.toString(),
            tmp.resolve("functions.tsv").toString()});
        List<String> sources = new ArrayList<>();
        try (Stream<Path> s = Files.list(out.resolve("mpi"))) {
            s.forEach(p -> sources.add(read(p)));
        }
        Path upper = compile("upper", sources.toArray(String[]::new));
        ParityCheck.Report r = ParityCheck.compare(lowerJar, upper);
        assertTrue(r.ok(), r.toString());
        try (URLClassLoader l = new URLClassLoader(new URL[] {upper.toUri().toURL()}, null)) {
            Class<?> comm = l.loadClass("mpi.Comm");
            var k = comm.getDeclaredConstructor();
            k.setAccessible(true);
            Object c = k.newInstance();
            comm.getMethod("send", Object.class, int.class).invoke(c, null, 1); // hand-written: no error
            InvocationTargetException e = org.junit.jupiter.api.Assertions.assertThrows(InvocationTargetException.class,
                    () -> comm.getMethod("createCart", int[].class).invoke(c, (Object) new int[] {1}));
            assertEquals("mpi.MPIException", e.getCause().getClass().getName());
            assertTrue(e.getCause().getMessage().contains("MPI_Cart_create"), e.getCause().getMessage());
            assertEquals(42, l.loadClass("mpi.MPI").getField("ANY_SOURCE").getInt(null));
        }
        String tsv = Files.readString(tmp.resolve("functions.tsv"));
        assertTrue(tsv.contains("Comm\tsend(Object,int)\tMPI_Send\thand-written"), tsv);
        assertTrue(tsv.contains("Comm\tcreateCart(int[])\tMPI_Cart_create\tunsupported"), tsv);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private Path compile(String name, String... sources) throws IOException {
        Path src = tmp.resolve(name + "-src/mpi");
        Path classes = tmp.resolve(name + "-classes");
        Files.createDirectories(src);
        Files.createDirectories(classes);
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-nowarn"));
        for (String s : sources) {
            String cls = s.replaceAll("(?s).*?(class|interface) (\\w+).*", "$2");
            Path f = src.resolve(cls + ".java");
            Files.writeString(f, s);
            args.add(f.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, args.toArray(String[]::new)), "compilation failed");
        return classes;
    }

    /** A jar of compiled classes plus the lower half's sources under OSGI-OPT/src (as setup builds it). */
    private Path jar(Path classes, String commSource) throws IOException {
        Path jar = tmp.resolve("lower.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
             Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString()));
                out.write(Files.readAllBytes(p));
            }
            out.putNextEntry(new JarEntry("OSGI-OPT/src/mpi/Comm.java"));
            out.write(commSource.getBytes());
        }
        return jar;
    }
}
