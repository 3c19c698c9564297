package mana.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestReportsTest {

    @Test
    void countsSurefireAndNestedReports(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("pom.xml"), "<project><modules>\n<module>a</module>\n<module> b/c </module></modules></project>");
        Path a = Files.createDirectories(root.resolve("a/target/surefire-reports"));
        Files.writeString(a.resolve("TEST-x.Test.xml"), "<?xml version=\"1.0\"?><testsuite name=\"x\" tests=\"3\" failures=\"0\"><testcase name=\"t\"/></testsuite>");
        Files.writeString(a.resolve("TEST-y.Test.xml"), "<testsuite tests=\"2\"/>");
        Files.writeString(a.resolve("other.xml"), "<testsuite tests=\"100\"/>");
        Path bc = Files.createDirectories(root.resolve("b/c/target/test-reports"));
        Files.writeString(bc.resolve("TEST-bundle.xml"), "<testsuites><testsuite tests=\"4\"/><testsuite tests=\"1\"/></testsuites>");
        assertEquals(Map.of("a", 5, "b/c", 5), TestReports.perModule(root));
        assertEquals(0, TestReports.total(TestReports.reports(root.resolve("missing"))));
    }

    @Test
    void inFrameworkCheckFailsOnZeroOrMissing(@TempDir Path root) throws Exception {
        assertEquals(1, TestCommand.checkInFramework(root), "no reports");
        Path r = Files.createDirectories(root.resolve("tests/mana.itest/target/test-reports"));
        Files.writeString(r.resolve("TEST-mana.itest.xml"), "<testsuite tests=\"0\"/>");
        assertEquals(1, TestCommand.checkInFramework(root), "zero tests");
        Files.writeString(r.resolve("TEST-mana.itest.xml"), "<testsuite tests=\"7\"/>");
        assertEquals(0, TestCommand.checkInFramework(root));
    }
}
