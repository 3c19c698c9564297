package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The coordinator's TLS link (here on loopback; the multi-node tests do it across simulated nodes). */
class CoordTlsTest {
    @TempDir
    Path root;
    Coordinator coord;
    CoordTls tls;
    final List<String> log = new CopyOnWriteArrayList<>();
    static final String TOKEN = Coordinator.newToken();

    @BeforeEach
    void start() throws Exception {
        tls = CoordTls.generate("job-1");
        coord = new Coordinator(new Coordinator.Settings("job-1", TOKEN, root, 2, null, 2, new Properties()),
                InetAddress.getLoopbackAddress(), tls, log::add);
    }

    @AfterEach
    void stop() {
        coord.close();
    }

    JobFile job(String token, String fingerprint) {
        return new JobFile("job-1", 1, coord.host(), coord.port(), token, root.toString(), 2, "app", fingerprint);
    }

    @Test
    void aClientWithTheTokenAndTheFingerprintIsWelcome() throws Exception {
        assertEquals(64, tls.fingerprint().length());
        try (CoordClient c = new CoordClient(job(TOKEN, tls.fingerprint()))) {
            c.send("STATUS");
            assertTrue(c.next() != null);
        }
    }

    @Test
    void aWrongTokenOverTlsIsRefused() throws Exception {
        IOException e = assertThrows(IOException.class, () -> new CoordClient(job("0".repeat(64), tls.fingerprint())).close());
        assertTrue(e.getMessage().contains("refused"), e.getMessage());
        waitForLog("wrong or missing job token");
    }

    @Test
    void aPlainTextClientIsRefusedAndNeverSeesAnAnswer() throws Exception {
        try (Socket s = new Socket(coord.host(), coord.port())) {
            s.setSoTimeout(15_000);
            s.getOutputStream().write(("CLIENT " + TOKEN + "\nSTATUS\n").getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
            String answer;
            try {
                answer = in.readLine();
            } catch (IOException closed) {
                answer = null;
            }
            assertTrue(answer == null || !answer.contains("WELCOME"), "plain text answered: " + answer);
        }
        waitForLog("no TLS handshake");
    }

    @Test
    void aCoordinatorWithAnotherCertificateIsNotTrusted() throws Exception {
        String other = CoordTls.generate("job-2").fingerprint();
        IOException e = assertThrows(IOException.class, () -> new CoordClient(job(TOKEN, other)).close());
        assertTrue(String.valueOf(e.getMessage()).contains("fingerprint") || e.getCause() != null, String.valueOf(e));
    }

    @Test
    void offLoopbackWithoutTlsIsNotAllowed() {
        assertThrows(IllegalArgumentException.class, () -> new Coordinator(
                new Coordinator.Settings("j", TOKEN, root, 2, null, 2, new Properties()), InetAddress.getByName("0.0.0.0"), log::add));
    }

    @Test
    void hostsComeFromHostfilesAndHostLists(@TempDir Path dir) throws Exception {
        Path hf = dir.resolve("hosts");
        java.nio.file.Files.writeString(hf, "# cluster\nnode0 slots=2\n\n  user@node1 slots=2 # second\nnode2\n");
        assertEquals(List.of("node0", "node1", "node2", "a", "b"),
                CoordBind.hosts(List.of("-np", "4", "--hostfile", hf.toString(), "-H", "a:2,b")));
        CoordBind.Choice local = CoordBind.choose(List.of("localhost", "127.0.0.1"));
        assertTrue(local.address().isLoopbackAddress());
        assertTrue(CoordBind.choose(List.of()).address().isLoopbackAddress());
        assertThrows(java.net.UnknownHostException.class, () -> CoordBind.choose(List.of("no-such-host.invalid")));
    }

    private void waitForLog(String part) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < end) {
            if (log.stream().anyMatch(l -> l.contains(part))) {
                return;
            }
            Thread.sleep(20);
        }
        assertNull(log, "no log line with '" + part + "': " + log);
    }
}
