package mana.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Counts tests in JUnit XML reports (TEST-*.xml from Surefire or bnd's tester). */
public final class TestReports {
    /** Loads this class (and initializes it) before the build rewrites the launcher jar. */
    static void load() {
    }

    private TestReports() {
    }

    /** Report files named TEST-*.xml below a folder (none when it does not exist). */
    public static List<Path> reports(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile)
                    .filter(p -> {
                        String n = p.getFileName().toString();
                        return n.startsWith("TEST-") && n.endsWith(".xml");
                    })
                    .sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The tests one report counts: its testsuite's tests attribute (or the sum of its testsuites). */
    public static int count(Path report) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            Element root = f.newDocumentBuilder().parse(report.toFile()).getDocumentElement();
            return countElement(root);
        } catch (Exception e) {
            return 0;
        }
    }

    private static int countElement(Element e) {
        String tests = e.getAttribute("tests");
        if (!tests.isEmpty()) {
            try {
                return Integer.parseInt(tests.trim());
            } catch (NumberFormatException ignored) {
                // count children below
            }
        }
        int sum = 0;
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals("testsuite")) {
                sum += countElement(c);
            }
        }
        return sum;
    }

    public static int total(List<Path> reports) {
        return reports.stream().mapToInt(TestReports::count).sum();
    }

    /** The modules listed in a pom.xml's modules section, in order. */
    public static List<String> modules(Path pom) {
        List<String> modules = new ArrayList<>();
        try {
            Matcher m = Pattern.compile("<module>\\s*([^<]+?)\\s*</module>").matcher(Files.readString(pom));
            while (m.find()) {
                modules.add(m.group(1));
            }
        } catch (IOException ignored) {
            // no modules
        }
        return modules;
    }

    /** Tests per module (all TEST-*.xml below each module's target/). */
    public static Map<String, Integer> perModule(Path root) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String module : modules(root.resolve("pom.xml"))) {
            counts.put(module, total(reports(root.resolve(module).resolve("target"))));
        }
        return counts;
    }
}
