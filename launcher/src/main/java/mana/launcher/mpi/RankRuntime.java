package mana.launcher.mpi;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How a rank JVM runs for an {@link MpiImplementation}: which java, which lower-half jar ahead of
 * the launcher's class path, and which JVM options. Open MPI's JNI binding: the launcher's own JVM
 * and class path (mana-rank.jar's manifest). FFM: a JDK 22+ ({@code MANA_FFM_JDK} or one under
 * /usr/lib/jvm), {@code mpi-ffm.jar} first on the class path (its package {@code mpi} shadows the
 * JNI binding's, with the same Export-Package, so Felix exports it the same way), native access
 * allowed, and the C library named ({@code -Dmana.ffm.mpi}).
 *
 * @param java the rank JVM
 * @param lowerHalfJar the FFM lower half, or null for the JNI binding
 * @param jdkFeature the rank JDK's feature release (FFM), or 0
 */
public record RankRuntime(MpiImplementation mpi, Path java, Path lowerHalfJar, int jdkFeature) {
    /** A JDK for the JNI binding's ranks other than the launcher's own. */
    public static final String RANK_JDK_ENV = "MANA_RANK_JDK";

    /** The launcher's JVM and class path: Open MPI's JNI binding. */
    public static RankRuntime jni(Path java) {
        return new RankRuntime(MpiImplementation.OPENMPI_JNI, java, null, 0);
    }

    public boolean ffm() {
        return lowerHalfJar != null;
    }

    /**
     * The class path and main class part of the rank command line: {@code -jar mana-rank.jar}
     * (JNI), or {@code -cp mpi-ffm.jar:mana-rank.jar RankMain} (FFM: java ignores -cp next
     * to -jar, and the lower half must come first). mana-rank.jar, not the CLI's jar: its
     * manifest's class path holds no bndlib nor Bouncy Castle.
     */
    public List<String> mainAndClassPath(Path rankJar, String rankMain) {
        if (!ffm()) {
            return List.of("-jar", rankJar.toString());
        }
        return List.of("-cp", lowerHalfJar + File.pathSeparator + rankJar, rankMain);
    }

    /**
     * A transparent checkpoint saves open files and the java.io wrappers over them (buffered
     * writers with their pending chars) by their fields, and idle thread pools by their configuration
     * (java.util.concurrent) and main's ThreadLocal values (java.lang): the rank JVM opens those JDK packages to
     * the heap image's serializer (bundle mana.ckpt.heap, in an unnamed module). Every rank gets
     * them, woven or not: the start-up cache must be used with the options it was made with.
     */
    public static final List<String> TRANSPARENT_OPENS = List.of("--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED", "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.nio.channels=ALL-UNNAMED", "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED");

    /** JVM options every MANA rank on this runtime gets: the opens of transparent checkpoints and {@link #jvmOptions}. */
    public List<String> rankJvmOptions() {
        List<String> o = new ArrayList<>(TRANSPARENT_OPENS);
        o.addAll(jvmOptions());
        return o;
    }

    /** JVM options the lower half needs (a raw job on it gets them too). */
    public List<String> jvmOptions() {
        List<String> o = new ArrayList<>();
        if (ffm() || jdkFeature >= 24) {
            // FFM downcalls, and from JDK 24 on JNI's System.loadLibrary too: a warning per rank otherwise (JEP 472)
            o.add("--enable-native-access=ALL-UNNAMED");
        }
        if (ffm()) {
            o.add("-Dmana.ffm.mpi=" + mpi.ffmName());
        }
        if (jdkFeature >= 23) {
            // Felix reads fields through sun.misc.Unsafe: one warning per rank otherwise (JEP 471)
            o.add("--sun-misc-unsafe-memory-access=allow");
        }
        return o;
    }
}
