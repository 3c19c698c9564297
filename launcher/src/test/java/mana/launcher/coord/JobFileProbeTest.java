package mana.launcher.coord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job files of other nodes (a home directory shared by a cluster's nodes) are judged by their
 * coordinators, not by a pid: here real coordinators and sockets on loopback stand at the
 * addresses the files name, and the files say they were written on another node.
 */
class JobFileProbeTest {
    static final String OTHER_NODE = "another-node.invalid";
    static final String TOKEN = Coordinator.newToken();

    @TempDir
    Path jobs;
    @TempDir
    Path root;
    String savedDir;
    Coordinator coord;
    final List<String> coordLog = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        savedDir = System.getProperty("mana.jobs.dir");
        System.setProperty("mana.jobs.dir", jobs.toString());
        System.setProperty("mana.jobs.probeMs", "500"); // the silent socket's wait, per look
        coord = new Coordinator(new Coordinator.Settings("far-1", TOKEN, root, 2, null, 2, new Properties()),
                InetAddress.getLoopbackAddress(), coordLog::add);
    }

    @AfterEach
    void stop() {
        coord.close();
        System.clearProperty("mana.jobs.probeMs");
        if (savedDir == null) {
            System.clearProperty("mana.jobs.dir");
        } else {
            System.setProperty("mana.jobs.dir", savedDir);
        }
    }

    static JobFile farJob(String id, String host, int port, String token) {
        // a pid that is dead here: it must not matter for another node's job
        return new JobFile(id, Integer.MAX_VALUE, host, port, token, "/r", 2, "app", "", OTHER_NODE);
    }

    @Test
    void anotherNodesJobWhoseCoordinatorAnswersIsRunningAndItsCoordinatorLogsNothing() throws Exception {
        JobFile j = farJob("far-1", coord.host(), coord.port(), TOKEN);
        j.write();
        assertEquals(List.of("far-1"), JobFile.list().stream().map(JobFile::jobId).toList());
        assertEquals("far-1", JobFile.find(Optional.empty()).jobId());
        assertTrue(Files.exists(j.path()));
        assertTrue(coordLog.stream().noneMatch(l -> l.contains("refused")), coordLog.toString());
    }

    @Test
    void anotherNodesJobWhosePortRefusesIsGoneAndItsFileRemoved() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        JobFile j = farJob("far-2", InetAddress.getLoopbackAddress().getHostAddress(), closed, TOKEN);
        j.write();
        assertEquals(JobFile.Liveness.GONE, j.probe());
        assertTrue(JobFile.list().isEmpty());
        assertFalse(Files.exists(j.path()), "the file of a job whose coordinator is gone is removed");
    }

    @Test
    void aPortReusedByAnotherJobsCoordinatorMeansTheJobIsGone() throws Exception {
        JobFile j = farJob("far-3", coord.host(), coord.port(), Coordinator.newToken()); // not this coordinator's token
        j.write();
        assertTrue(JobFile.list().isEmpty());
        assertFalse(Files.exists(j.path()));
    }

    @Test
    void anotherNodesJobThatDoesNotAnswerIsLeftOutButKept() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // accepts (the kernel's backlog) but never greets: as a coordinator on a node that hangs
            JobFile j = farJob("far-4", InetAddress.getLoopbackAddress().getHostAddress(), silent.getLocalPort(), TOKEN);
            j.write();
            JobFile.Scan scan = JobFile.scan();
            assertTrue(scan.running().isEmpty());
            assertEquals(List.of("far-4"), scan.unreachable().stream().map(JobFile::jobId).toList());
            assertTrue(Files.exists(j.path()), "a job that cannot be reached may still run: its file stays");
            JobFile.LookupError e = assertThrows(JobFile.LookupError.class, () -> JobFile.find(Optional.empty()));
            assertTrue(e.getMessage().contains("far-4") && e.getMessage().contains(OTHER_NODE), e.getMessage());
            assertEquals("far-4", JobFile.find(Optional.of("far-4")).jobId(), "named, it is still found (the command says why it fails)");
        }
    }

    @Test
    void thisHostsJobWithADeadPidIsGoneWithoutAProbe() throws Exception {
        JobFile j = new JobFile("here-1", Integer.MAX_VALUE, coord.host(), coord.port(), TOKEN, "/r", 2, "app", "");
        j.write();
        assertTrue(JobFile.list().isEmpty(), "judged by its pid, though its port answers");
        assertFalse(Files.exists(j.path()));
    }

    @Test
    void aLiveJobOfThisHostAndAnotherNodesLiveJobAreBothListed() throws Exception {
        new JobFile("here-2", ProcessHandle.current().pid(), "127.0.0.1", 1, "t", "/r", 2, "app", "").write();
        farJob("far-1", coord.host(), coord.port(), TOKEN).write();
        assertEquals(List.of("far-1", "here-2"), JobFile.list().stream().map(JobFile::jobId).toList());
        JobFile.LookupError e = assertThrows(JobFile.LookupError.class, () -> JobFile.find(Optional.empty()));
        assertTrue(e.getMessage().startsWith("2 jobs are running"), e.getMessage());
        try (Socket unused = new Socket(coord.host(), coord.port())) {
            // the coordinator still serves after the probes
        }
    }
}
