package mana.launcher;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import mana.launcher.setup.Setup;

/**
 * {@code mana test}: the whole Maven build with tests, then a check that the in-framework
 * tests really ran (bnd's tester can find 0 tests and still pass).
 */
public final class TestCommand {
    static final String ITEST = "tests/mana.itest";

    private TestCommand() {
    }

    public static int run(List<String> args) throws UsageError {
        Path home = Dist.home();
        if (!home.resolve("pom.xml").toFile().isFile()) {
            throw new UsageError("test", "no pom.xml in " + home + " (set -Dmana.home or MANA_HOME to the repository)");
        }
        Path mvn = Dist.onPath("mvn").orElseThrow(() -> new UsageError("test", "mvn not found on PATH (apt-get install -y maven)"));
        List<String> cmd = new ArrayList<>(List.of(mvn.toString(), "-B"));
        String version = openMpiVersion();
        if (version != null) {
            cmd.add("-Dopenmpi.version=" + version);
        }
        cmd.addAll(args); // extra Maven arguments, e.g. -o or -pl
        cmd.add("install");
        System.out.println("[mana test] " + String.join(" ", cmd));
        // Load now what runs after the build: the build replaces the jar this JVM runs from.
        TestReports.load();
        int status = execIn(cmd, home);
        Map<String, Integer> perModule = TestReports.perModule(home);
        System.out.println("[mana test] tests per module: " + perModule.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", ")));
        if (status != 0) {
            System.err.println("mana test: mvn failed (exit " + status + ")");
            return status;
        }
        return checkInFramework(home);
    }

    /** 0 when the in-framework test reports exist and count more than zero tests. */
    static int checkInFramework(Path home) {
        Path itest = home.resolve(ITEST).resolve("target");
        List<Path> reports = new ArrayList<>(TestReports.reports(itest.resolve("test-reports")));
        reports.addAll(TestReports.reports(itest.resolve("surefire-reports")));
        if (reports.isEmpty()) {
            System.err.println("mana test: no in-framework test reports (TEST-*.xml) in " + itest.resolve("test-reports")
                    + " or " + itest.resolve("surefire-reports") + ": the in-framework tests did not run");
            return 1;
        }
        int total = TestReports.total(reports);
        if (total == 0) {
            System.err.println("mana test: the in-framework test reports count 0 tests (" + reports.size()
                    + " report files): JUnit found no tests, check the JUnit version (5.11.4, bnd issue 6614)");
            return 1;
        }
        System.out.println("[mana test] in-framework tests: " + total + " in " + reports.size() + " report file(s)");
        return 0;
    }

    /** Upstream version of the installed libopenmpi-dev, or null (the pom's default applies). */
    static String openMpiVersion() {
        try {
            return new Setup(Dist.home(), Dist.isRootUser(), false).installedOpenMpi().upstream();
        } catch (RuntimeException e) {
            System.err.println("mana test: warning: cannot detect the installed Open MPI version ("
                    + oneLine(e.getMessage()) + "); using the pom's openmpi.version");
            return null;
        }
    }

    private static int execIn(List<String> cmd, Path dir) throws UsageError {
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).inheritIO().start();
            return p.waitFor();
        } catch (java.io.IOException e) {
            throw new UsageError("test", "cannot start mvn: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
