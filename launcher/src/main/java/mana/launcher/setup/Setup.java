package mana.launcher.setup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Idempotent machine setup: Open MPI packages, the lower-half jar built from the Debian
 * source package of exactly the installed Open MPI, the Maven build.
 *
 * <p>This file depends on the JDK only, so {@code ./mana} can run it with the
 * single-file source launcher ({@code java Setup.java}) before anything is built.
 */
public final class Setup {

    /** Debian packages the runtime needs (iproute2: simulated nodes, tools/simnodes). dpkg-dev brings dpkg-source for apt-get source. */
    static final List<String> PACKAGES = List.of("openmpi-bin", "libopenmpi-dev", "iproute2");
    static final List<String> SOURCE_TOOLS = List.of("dpkg-dev");
    /** MPICH, side by side with Open MPI, for the FFM lower half (Open MPI stays the default mpirun). */
    static final List<String> MPICH_PACKAGES = List.of("mpich", "libmpich-dev");
    static final String DEB_SRC_FILE = "/etc/apt/sources.list.d/mana-deb-src.sources";
    static final String MAVEN_GROUP = "org.open-mpi";
    static final String MAVEN_ARTIFACT = "mpi";

    /** Thrown when setup cannot continue; the message is what the user must read. */
    public static final class SetupException extends RuntimeException {
        final int exitCode;

        SetupException(String message, int exitCode) {
            super(message);
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    private final Path root;
    private final boolean isRoot;
    private final boolean verbose;

    public Setup(Path root, boolean isRoot, boolean verbose) {
        this.root = root;
        this.isRoot = isRoot;
        this.verbose = verbose;
    }

    public static void main(String[] args) {
        Path root = Path.of(System.getProperty("mana.home", ".")).toAbsolutePath().normalize();
        boolean force = Arrays.asList(args).contains("--force");
        boolean onlyCheck = Arrays.asList(args).contains("--check");
        Setup setup = new Setup(root, isRootUser(), !Arrays.asList(args).contains("-q"));
        try {
            if (onlyCheck) {
                List<String> missing = setup.missing();
                missing.forEach(m -> System.out.println("missing: " + m));
                if (missing.isEmpty()) {
                    setup.writeStamp(setup.installedOpenMpi());
                }
                System.exit(missing.isEmpty() ? 0 : 1);
            }
            setup.run(force);
        } catch (SetupException e) {
            System.err.println("mana setup: " + e.getMessage());
            System.exit(e.exitCode());
        }
    }

    /** What is not there yet, in words; empty when everything is set up. */
    public List<String> missing() {
        List<String> missing = new ArrayList<>();
        List<String> pkgs = missingPackages(PACKAGES);
        if (!pkgs.isEmpty()) {
            missing.add("Debian packages " + String.join(" ", pkgs));
            return missing;
        }
        OpenMpiVersion v = installedOpenMpi();
        if (!Files.isRegularFile(mavenJar(v))) {
            missing.add("lower-half jar for Open MPI " + v.debian() + " in the Maven repository");
        }
        if (!Files.isRegularFile(distMarker()) || buildIsStale()) {
            missing.add("build of the platform (launcher/target/dist)");
        }
        if (modernJdk().isPresent() && !Files.isRegularFile(ffmDir(v).resolve("mpi-ffm.jar"))) {
            missing.add("FFM lower half (" + ffmDir(v).resolve("mpi-ffm.jar") + ")");
        }
        return missing;
    }

    public void run(boolean force) {
        List<String> pkgs = missingPackages(PACKAGES);
        if (!pkgs.isEmpty()) {
            requireRoot("apt-get update && apt-get install -y " + String.join(" ", pkgs));
            log("installing " + String.join(" ", pkgs));
            exec(List.of("apt-get", "update"), null);
            exec(concat(List.of("apt-get", "install", "-y"), pkgs), null);
        }
        installMpich();
        OpenMpiVersion v = installedOpenMpi();
        log("Open MPI " + v.debian() + " (source package " + v.sourceVersion() + ")");
        Path lowerJar = lowerHalfDir(v).resolve("mpi.jar");
        if (force || !Files.isRegularFile(lowerJar) || !Files.isDirectory(examplesDir())
                || !Files.isDirectory(jniCSources(v))) {
            buildLowerHalf(v, lowerJar);
        }
        verifyLowerHalf(lowerJar);
        if (force || !Files.isRegularFile(mavenJar(v)) || isNewer(lowerJar, mavenJar(v))) {
            installIntoMaven(v, lowerJar);
        }
        if (force || !Files.isRegularFile(distMarker()) || buildIsStale()) {
            log("building the platform (mvn install -DskipTests)");
            exec(List.of("mvn", "-B", "-q", "-Dopenmpi.version=" + v.upstream(), "-DskipTests", "install"), root);
            if (!Files.isRegularFile(distMarker())) {
                throw new SetupException("the build finished but " + distMarker() + " is missing", 1);
            }
        }
        new FfmLowerHalf(v).build(force);
        buildStartupCache();
        writeStamp(v);
        log("setup complete");
    }

    // ----- the start-up cache -----

    /**
     * Class-data archives for the rank and CLI JVMs (mana.launcher.setup.StartupCacheBuilder, run
     * from the built launcher: one training job; nothing when they are current). Without them
     * jobs still run, only slower to start: a failure here is a warning.
     */
    private void buildStartupCache() {
        Path jar = distMarker();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = List.of(java.toString(), "-Dmana.home=" + root, "-cp", jar.toString(),
                "mana.launcher.setup.StartupCacheBuilder", verbose ? "-v" : "-q");
        try {
            Process p = new ProcessBuilder(cmd).inheritIO().start();
            if (p.waitFor() != 0) {
                System.err.println("mana setup: warning: jobs will start without the start-up cache (see above)");
            }
        } catch (IOException e) {
            System.err.println("mana setup: warning: cannot build the start-up cache: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // ----- the stamp of a complete setup (read by the ./mana script) -----

    /**
     * {@code .mana/setup.ok}, written when setup completes or a check finds nothing missing. The
     * {@code ./mana} script skips this class's check (a JVM compiling this file from source,
     * about 2 s of processor time on every command) while the stamp is newer than dpkg's status
     * file (no package installed or removed since), the lower-half jar it names exists, and no
     * source is newer than the launcher jar (the rules of {@link #buildIsStale}, as a find).
     */
    Path stampFile() {
        return root.resolve(".mana").resolve("setup.ok");
    }

    /** First line: the lower-half jar in the Maven repository (the script checks that it exists). */
    static String stampText(Path mavenJar) {
        return mavenJar.toAbsolutePath() + "\n";
    }

    void writeStamp(OpenMpiVersion v) {
        try {
            Files.createDirectories(stampFile().getParent());
            Path tmp = stampFile().resolveSibling("setup.ok.tmp");
            Files.writeString(tmp, stampText(mavenJar(v)), StandardCharsets.UTF_8);
            Files.move(tmp, stampFile(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // only the fast check is lost: the next command runs the full one
            System.err.println("mana setup: warning: cannot write " + stampFile() + ": " + e.getMessage());
        }
    }

    /**
     * Installs MPICH beside Open MPI when root (else only says so: the FFM lower half on MPICH
     * is optional). Debian's alternatives keep Open MPI as mpirun/mpicc (higher priority);
     * if they were switched, they are set back, because everything else calls plain mpirun.
     */
    void installMpich() {
        List<String> pkgs = missingPackages(MPICH_PACKAGES);
        if (!pkgs.isEmpty()) {
            if (!isRoot) {
                log("MPICH not installed (FFM lower half on MPICH unavailable); as root: apt-get install -y "
                        + String.join(" ", pkgs));
                return;
            }
            log("installing " + String.join(" ", pkgs) + " (MPICH, beside Open MPI)");
            // Optional: a failed install (no network, stale lists) leaves the FFM lower half on Open MPI only.
            Result r = execResult(concat(List.of("apt-get", "install", "-y"), pkgs), null);
            if (r.code() != 0) {
                execResult(List.of("apt-get", "update"), null);
                r = execResult(concat(List.of("apt-get", "install", "-y"), pkgs), null);
            }
            if (r.code() != 0) {
                log("could not install MPICH (apt-get exit " + r.code() + "); going on without it");
            }
        }
        if (isRoot) {
            keepOpenMpiDefault("mpirun", "/usr/bin/mpirun.openmpi");
            keepOpenMpiDefault("mpi", "/usr/bin/mpicc.openmpi");
        }
    }

    private void keepOpenMpiDefault(String name, String openMpiPath) {
        Result r = execResult(List.of("update-alternatives", "--query", name), null);
        if (r.code() != 0 || !Files.exists(Path.of(openMpiPath))) {
            return;
        }
        boolean isOpenMpi = r.output().lines().anyMatch(l -> l.equals("Value: " + openMpiPath));
        if (!isOpenMpi) {
            log("setting the " + name + " alternative back to Open MPI (" + openMpiPath + ")");
            exec(List.of("update-alternatives", "--set", name, openMpiPath), null);
        }
    }

    /** The C sources of Open MPI's JNI binding, kept for the FFM rewrite (MPI function names). */
    Path jniCSources(OpenMpiVersion v) {
        return lowerHalfDir(v).resolve("jni-c");
    }

    Path ffmDir(OpenMpiVersion v) {
        return root.resolve(".mana").resolve("lowerhalf-ffm").resolve(v.sourceVersion());
    }

    /**
     * The FFM lower half: Open MPI's Java sources with every native rewritten (NativeRewriter)
     * to call the committed FFM code of bundles/mana.lowerhalf.ffm, compiled with a JDK 22+
     * into mpi-ffm.jar; and per installed MPI an ABI shim compiled with that MPI's mpicc
     * against its own mpi.h. Optional: without a JDK 22+ it is skipped with a message.
     */
    final class FfmLowerHalf {
        private final OpenMpiVersion v;
        private final Path out;
        private final Path module = root.resolve("bundles/mana.lowerhalf.ffm");

        FfmLowerHalf(OpenMpiVersion v) {
            this.v = v;
            this.out = ffmDir(v);
        }

        void build(boolean force) {
            Optional<Path> jdk = modernJdk();
            if (jdk.isEmpty()) {
                log("FFM lower half skipped: no JDK 22+ found (e.g. /usr/lib/jvm/temurin-25-jdk-amd64)");
                return;
            }
            Path jar = out.resolve("mpi-ffm.jar");
            mkdirs(out);
            for (String mpi : List.of("openmpi", "mpich")) {
                Optional<String> mpicc = which("mpicc." + mpi);
                Path shim = out.resolve("libmana_abi_" + mpi + ".so");
                if (mpicc.isEmpty()) {
                    log("FFM lower half: no mpicc." + mpi + ", no shim for " + mpi);
                    continue;
                }
                if (force || !Files.isRegularFile(shim) || newerThan(module.resolve("src/main/c"), shim)) {
                    log("compiling the ABI shim for " + mpi + " against its mpi.h");
                    exec(List.of(mpicc.get(), "-shared", "-fPIC", "-O2", "-o", shim.toString(),
                            module.resolve("src/main/c/mana_abi.c").toString(), "-ldl"), null);
                }
            }
            if (!force && Files.isRegularFile(jar) && !newerThan(module, jar)) {
                return;
            }
            log("building the FFM lower half (mpi-ffm.jar) with " + jdk.get());
            Path gen = out.resolve("gen");
            Path classes = out.resolve("classes");
            deleteTree(gen);
            deleteTree(classes);
            mkdirs(classes);
            Path javaSrc = lowerHalfDir(v).resolve("classes/OSGI-OPT/src/mpi");
            Path javaparser = mavenRepository().resolve("com/github/javaparser/javaparser-core/3.26.4/javaparser-core-3.26.4.jar");
            String cp = root.resolve("tools/mana.apigen/target/classes") + ":" + javaparser;
            exec(List.of("java", "-cp", cp, "mana.apigen.NativeRewriter", javaSrc.toString(),
                    jniCSources(v).toString(), module.resolve("src/main/java/mpi").toString(), gen.toString(),
                    out.resolve("natives.md").toString()), null);
            List<String> javac = new ArrayList<>(List.of(jdk.get().resolve("bin/javac").toString(), "-nowarn",
                    "--release", "22", "-encoding", "UTF-8", "-d", classes.toString()));
            listJava(gen).forEach(p -> javac.add(p.toString()));
            listJava(module.resolve("src/main/java/mpi")).forEach(p -> javac.add(p.toString()));
            // plain Java (no FFM): the API's constants and their translation, unit-tested by tests/lowerhalf.ffm
            listJava(module.resolve("src/main/values/mpi")).forEach(p -> javac.add(p.toString()));
            exec(javac, null);
            writeString(classes.resolve("META-INF/mana-ffm.properties"), "shim.dir=" + out + "\ndefault.mpi=openmpi\n"
                    + "openmpi.source.version=" + v.sourceVersion() + "\n");
            // The same export as bundles/mana.lowerhalf, so a rank can put this jar in its place.
            Path manifest = out.resolve("MANIFEST.MF");
            writeString(manifest, "Export-Package: mpi;version=\"" + v.upstream() + "\";mana.half=lower;mandatory:=\"mana.half\"\n"
                    + "Mana-Lower-Half: ffm\n");
            Path tmp = out.resolve("mpi-ffm.jar.tmp");
            exec(List.of(jdk.get().resolve("bin/jar").toString(), "cfm", tmp.toString(), manifest.toString(),
                    "-C", classes.toString(), "."), null);
            move(tmp, jar);
            log("FFM lower half: " + jar + " (natives: " + out.resolve("natives.md") + ")");
        }
    }

    /** A JDK with the final java.lang.foreign (22+): MANA_FFM_JDK, else one under /usr/lib/jvm. */
    static Optional<Path> modernJdk() {
        String env = System.getenv("MANA_FFM_JDK");
        if (env != null && Files.isExecutable(Path.of(env, "bin/javac"))) {
            return Optional.of(Path.of(env));
        }
        Path jvm = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvm)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(jvm)) {
            return s.filter(p -> Files.isExecutable(p.resolve("bin/javac")))
                    .filter(p -> jdkFeature(p) >= 22)
                    .max((a, b) -> Integer.compare(jdkFeature(a), jdkFeature(b)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The feature release of a JDK from its release file (JAVA_VERSION="25.0.1"), or 0. */
    static int jdkFeature(Path jdk) {
        Path release = jdk.resolve("release");
        if (!Files.isRegularFile(release)) {
            return 0;
        }
        for (String line : readString(release).split("\n")) {
            if (line.startsWith("JAVA_VERSION=")) {
                String ver = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                String major = ver.split("[.+-]")[0];
                try {
                    return Integer.parseInt(major.startsWith("1") && ver.startsWith("1.") ? ver.split("\\.")[1] : major);
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    private static boolean newerThan(Path dir, Path file) {
        FileTime t = mtime(file);
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).anyMatch(p -> mtime(p).compareTo(t) > 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ----- Open MPI packages -----

    /** Installed Open MPI: binary package version and its source package version. */
    public record OpenMpiVersion(String debian, String sourceVersion) {
        /** Upstream version, e.g. 4.1.4 for 4.1.4-3+b1 (epoch and Debian revision dropped). */
        public String upstream() {
            return upstreamOf(sourceVersion);
        }
    }

    static String upstreamOf(String debianVersion) {
        String v = debianVersion.trim();
        int colon = v.indexOf(':');
        if (colon >= 0) {
            v = v.substring(colon + 1);
        }
        int dash = v.lastIndexOf('-');
        if (dash > 0) {
            v = v.substring(0, dash);
        }
        int plus = v.indexOf('+');
        if (plus > 0) {
            v = v.substring(0, plus);
        }
        return v;
    }

    public OpenMpiVersion installedOpenMpi() {
        String out = capture(List.of("dpkg-query", "-W", "-f=${Version} ${source:Version}", "libopenmpi-dev"));
        String[] parts = out.trim().split("\\s+");
        if (parts.length != 2) {
            throw new SetupException("cannot read the installed Open MPI version from dpkg-query: " + out, 1);
        }
        return new OpenMpiVersion(parts[0], parts[1]);
    }

    List<String> missingPackages(List<String> packages) {
        List<String> missing = new ArrayList<>();
        for (String p : packages) {
            Result r = execResult(List.of("dpkg-query", "-W", "-f=${Status}", p), null);
            if (r.code() != 0 || !isInstalledStatus(r.output())) {
                missing.add(p);
            }
        }
        return missing;
    }

    static boolean isInstalledStatus(String dpkgStatus) {
        return dpkgStatus.trim().endsWith("install ok installed");
    }

    // ----- the lower-half jar -----

    Path lowerHalfDir(OpenMpiVersion v) {
        return root.resolve(".mana").resolve("lowerhalf").resolve(v.sourceVersion());
    }

    Path examplesDir() {
        return root.resolve("examples").resolve("openmpi");
    }

    Path mavenJar(OpenMpiVersion v) {
        return mavenRepository().resolve("org/open-mpi/mpi").resolve(v.upstream())
                .resolve("mpi-" + v.upstream() + ".jar");
    }

    static Path mavenRepository() {
        String repo = System.getProperty("maven.repo.local");
        if (repo != null) {
            return Path.of(repo);
        }
        return Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    private void buildLowerHalf(OpenMpiVersion v, Path lowerJar) {
        List<String> tools = missingPackages(SOURCE_TOOLS);
        if (!tools.isEmpty()) {
            requireRoot("apt-get install -y " + String.join(" ", tools));
            exec(concat(List.of("apt-get", "install", "-y"), tools), null);
        }
        ensureDebSrc();
        Path work = lowerHalfDir(v);
        Path src = work.resolve("src");
        deleteTree(src);
        mkdirs(src);
        log("fetching the Debian source package openmpi=" + v.sourceVersion());
        exec(List.of("apt-get", "source", "-q", "--only-source", "openmpi=" + v.sourceVersion()), src);
        Path tree;
        try (Stream<Path> s = Files.list(src)) {
            tree = s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("openmpi-"))
                    .findFirst()
                    .orElseThrow(() -> new SetupException("apt-get source produced no openmpi-* tree in " + src, 1));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Path javaDir = tree.resolve("ompi/mpi/java/java");
        List<Path> sources = listJava(javaDir);
        if (sources.isEmpty()) {
            throw new SetupException("no Java sources in " + javaDir, 1);
        }
        log("compiling " + sources.size() + " Open MPI Java classes");
        Path classes = work.resolve("classes");
        deleteTree(classes);
        mkdirs(classes);
        List<String> javac = new ArrayList<>(List.of("javac", "-nowarn", "-encoding", "UTF-8", "-d", classes.toString()));
        sources.forEach(p -> javac.add(p.toString()));
        exec(javac, null);
        // Keep the sources in the jar (bnd's OSGI-OPT/src convention): the upper-half
        // generator reads the MPI function names from their javadoc.
        Path srcInJar = classes.resolve("OSGI-OPT/src/mpi");
        mkdirs(srcInJar);
        for (Path p : sources) {
            copy(p, srcInJar.resolve(p.getFileName().toString()));
        }
        writeString(classes.resolve("META-INF/mana-openmpi.properties"),
                "debian.version=" + v.debian() + "\nsource.version=" + v.sourceVersion()
                        + "\nupstream.version=" + v.upstream() + "\n");
        Path tmp = lowerJar.resolveSibling("mpi.jar.tmp");
        exec(List.of("jar", "cf", tmp.toString(), "-C", classes.toString(), "."), null);
        move(tmp, lowerJar);
        // Open MPI's own examples, used unmodified (not committed: taken from the same package).
        Path ex = examplesDir();
        mkdirs(ex);
        for (String name : List.of("Hello.java", "Ring.java")) {
            copy(tree.resolve("examples").resolve(name), ex.resolve(name));
        }
        Path cSrc = jniCSources(v);
        deleteTree(cSrc);
        mkdirs(cSrc);
        for (Path p : listFiles(tree.resolve("ompi/mpi/java/c"), ".c")) {
            copy(p, cSrc.resolve(p.getFileName().toString()));
        }
        deleteTree(src);
    }

    /** Adds deb-src entries mirroring the configured deb entries, if none exist. */
    void ensureDebSrc() {
        Path dir = Path.of("/etc/apt/sources.list.d");
        List<Path> files = new ArrayList<>();
        Path list = Path.of("/etc/apt/sources.list");
        if (Files.isRegularFile(list)) {
            files.add(list);
        }
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.toString().endsWith(".list") || p.toString().endsWith(".sources")).forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        StringBuilder generated = new StringBuilder();
        for (Path f : files) {
            String text = readString(f);
            if (hasDebSrc(text)) {
                return;
            }
            generated.append(f.toString().endsWith(".sources") ? debSrcFromDeb822(text) : debSrcFromOneLine(text));
        }
        if (generated.length() == 0) {
            throw new SetupException("no Debian package sources found in /etc/apt to derive deb-src entries from", 1);
        }
        requireRoot("printf '...' > " + DEB_SRC_FILE + "  (deb-src entries for apt-get source), then apt-get update");
        log("adding deb-src entries in " + DEB_SRC_FILE);
        writeString(Path.of(DEB_SRC_FILE), generated.toString());
        exec(List.of("apt-get", "update"), null);
    }

    static boolean hasDebSrc(String text) {
        for (String line : text.split("\n")) {
            String t = line.trim();
            if (t.startsWith("deb-src ") || (t.startsWith("Types:") && t.contains("deb-src"))) {
                return true;
            }
        }
        return false;
    }

    /** Each deb822 stanza of type deb, as a deb-src stanza. Other stanzas are dropped. */
    static String debSrcFromDeb822(String text) {
        StringBuilder out = new StringBuilder();
        for (String stanza : text.split("\n\\s*\n")) {
            List<String> lines = Arrays.stream(stanza.split("\n"))
                    .filter(l -> !l.trim().startsWith("#") && !l.isBlank())
                    .collect(Collectors.toList());
            boolean deb = lines.stream().anyMatch(l -> l.matches("Types:\\s*deb\\s*"));
            boolean enabled = lines.stream().noneMatch(l -> l.matches("Enabled:\\s*no\\s*"));
            if (!deb || !enabled) {
                continue;
            }
            for (String l : lines) {
                out.append(l.matches("Types:\\s*deb\\s*") ? "Types: deb-src" : l).append('\n');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** One-line format: each "deb ..." line as "deb-src ...". */
    static String debSrcFromOneLine(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n")) {
            String t = line.trim();
            if (t.startsWith("deb ")) {
                out.append("deb-src ").append(t.substring(4)).append('\n');
            }
        }
        return out.toString();
    }

    private void verifyLowerHalf(Path lowerJar) {
        // Loading mpi.MPI runs its static initializer, which loads libmpi_java.
        Path probe = lowerJar.resolveSibling("VerifyLowerHalf.java");
        writeString(probe, "public class VerifyLowerHalf { public static void main(String[] a) throws Exception {"
                + " Class.forName(\"mpi.MPI\"); System.out.println(\"libmpi_java loaded\"); } }\n");
        Result r = execResult(List.of("java", "-cp", lowerJar.toString(), probe.toString()), null);
        if (r.code() != 0 || !r.output().contains("libmpi_java loaded")) {
            throw new SetupException("the lower-half jar " + lowerJar + " does not load libmpi_java:\n" + r.output(), 1);
        }
        log("verified: the lower-half jar loads libmpi_java");
    }

    private void installIntoMaven(OpenMpiVersion v, Path lowerJar) {
        log("installing the lower-half jar into the Maven repository as "
                + MAVEN_GROUP + ":" + MAVEN_ARTIFACT + ":" + v.upstream());
        exec(List.of("mvn", "-B", "-q", "install:install-file", "-Dfile=" + lowerJar,
                "-DgroupId=" + MAVEN_GROUP, "-DartifactId=" + MAVEN_ARTIFACT, "-Dversion=" + v.upstream(),
                "-Dpackaging=jar", "-DgeneratePom=true"), lowerJar.getParent()); // no pom there: install-file needs none
    }

    // ----- the build -----

    Path distMarker() {
        return root.resolve("launcher/target/dist/mana-launcher.jar");
    }

    Path ffmModule() {
        return root.resolve("bundles/mana.lowerhalf.ffm");
    }

    /** True when a source or build file is newer than the last build. */
    boolean buildIsStale() {
        Path marker = distMarker();
        if (!Files.isRegularFile(marker)) {
            return true;
        }
        FileTime built = mtime(marker);
        for (String dir : List.of("bundles", "launcher/src", "tools/mana.apigen", "examples/src", "cnf")) {
            Path d = root.resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(d)) {
                // bundles/mana.lowerhalf.ffm is not in the Maven build (FfmLowerHalf rebuilds it)
                if (s.filter(p -> !p.toString().contains("/target/")).filter(p -> !p.startsWith(ffmModule()))
                        .filter(Files::isRegularFile)
                        .anyMatch(p -> mtime(p).compareTo(built) > 0)) {
                    return true;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try (Stream<Path> s = Files.walk(root, 4)) {
            return s.filter(p -> p.getFileName().toString().equals("pom.xml") || p.getFileName().toString().equals("bnd.bnd"))
                    .filter(p -> !p.toString().contains("/target/"))
                    .anyMatch(p -> mtime(p).compareTo(built) > 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ----- small helpers -----

    private void requireRoot(String command) {
        if (!isRoot) {
            throw new SetupException("this needs root. Run as root:\n    " + command + "\nthen run ./mana setup again", 2);
        }
    }

    static boolean isRootUser() {
        return "root".equals(System.getProperty("user.name"));
    }

    private void log(String msg) {
        if (verbose) {
            System.out.println("[mana setup] " + msg);
        }
    }

    record Result(int code, String output) {
    }

    static Result execResult(List<String> cmd, Path dir) {
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            if (dir != null) {
                pb.directory(dir.toFile());
            }
            pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
            Process p = pb.start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } catch (IOException e) {
            return new Result(127, cmd.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(130, "interrupted");
        }
    }

    static String capture(List<String> cmd) {
        Result r = execResult(cmd, null);
        if (r.code() != 0) {
            throw new SetupException(String.join(" ", cmd) + " failed (exit " + r.code() + "):\n" + r.output(), 1);
        }
        return r.output();
    }

    private void exec(List<String> cmd, Path dir) {
        Result r = execResult(cmd, dir);
        if (r.code() != 0) {
            String out = r.output();
            String tail = out.length() > 6000 ? out.substring(out.length() - 6000) : out;
            throw new SetupException(String.join(" ", cmd) + " failed (exit " + r.code() + "):\n" + tail, 1);
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }

    private static List<Path> listJava(Path dir) {
        return listFiles(dir, ".java");
    }

    private static List<Path> listFiles(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(suffix)).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isNewer(Path a, Path b) {
        return mtime(a).compareTo(mtime(b)) > 0;
    }

    private static FileTime mtime(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void mkdirs(Path p) {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void copy(Path from, Path to) {
        try {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeString(Path p, String s) {
        try {
            Files.createDirectories(p.toAbsolutePath().getParent());
            Files.writeString(p, s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted((x, y) -> y.compareTo(x)).collect(Collectors.toList())) {
                Files.delete(q);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Optional<String> which(String cmd) {
        Result r = execResult(List.of("sh", "-c", "command -v " + cmd), null);
        return r.code() == 0 ? Optional.of(r.output().trim()) : Optional.empty();
    }
}
