package mana.multinode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import mana.testkit.ManaJob;
import org.junit.jupiter.api.Assumptions;

/**
 * Simulated cluster nodes for tests: {@code tools/simnodes/simnodes} (Linux network namespaces on
 * a private bridge, a host name per node, Open MPI's daemons started in them through a launch
 * agent). {@link #up} makes them, {@link #close} removes them (a shutdown hook does it too if a
 * test run is killed); every command has a timeout. Without root or netns support {@link #up}
 * skips the test, saying why.
 *
 * <pre>try (SimNodes nodes = SimNodes.up("t1", 2, 2)) {
 *     ManaJob.Run r = nodes.exec(0, 120, List.of("mpirun", ...nodes.mpirunOptions(), "-np", "4", "hostname"));
 * }</pre>
 */
public final class SimNodes implements AutoCloseable {
    private final String name;
    private final int count;
    private final Thread cleanup;
    private volatile boolean closed;

    private SimNodes(String name, int count) {
        this.name = name;
        this.count = count;
        this.cleanup = new Thread(this::down, "simnodes-down-" + name);
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    public static Path script() {
        return ManaJob.home().resolve("tools/simnodes/simnodes");
    }

    /** Why simulated nodes cannot be made here (not root, no iproute2, no netns), or empty. */
    public static Optional<String> unavailable() {
        ManaJob.Run r = run(List.of(script().toString(), "check"), 30);
        return r.exit() == 0 ? Optional.empty() : Optional.of((r.out() + r.err()).trim());
    }

    /**
     * {@code nodes} nodes named node0 .. node{n-1} with {@code slots} slots each in the hostfile;
     * the test is skipped (with the reason) where namespaces cannot be made.
     *
     * @param name a short name of this set of nodes (namespaces are NAME-nodeI), unique among concurrent users
     */
    public static SimNodes up(String name, int nodes, int slots) {
        Optional<String> why = unavailable();
        Assumptions.assumeTrue(why.isEmpty(), () -> "simulated nodes unavailable: " + why.orElse(""));
        SimNodes s = new SimNodes(name, nodes);
        ManaJob.Run r = run(List.of(script().toString(), "--name", name, "up", String.valueOf(nodes), "--slots", String.valueOf(slots)), 60);
        if (r.exit() != 0) {
            s.close();
            throw new AssertionError("simnodes up " + nodes + " failed:\n" + r.all());
        }
        return s;
    }

    public int count() {
        return count;
    }

    /** The Open MPI hostfile listing every node. */
    public Path hostfile() {
        return state().resolve("hostfile");
    }

    /** The mpirun options that start the job on these nodes (hostfile, launch agent, TCP on the nodes' subnet). */
    public List<String> mpirunOptions() {
        try {
            return List.of(Files.readString(state().resolve("mpirun-opts")).trim().split("\\s+"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A node's address on the simulated network. */
    public String address(int node) {
        try {
            return Files.readAllLines(state().resolve("nodes")).get(node).split(" ")[1];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command line that runs {@code cmd} on a node (its network and host name). */
    public List<String> onNode(int node, List<String> cmd) {
        List<String> all = new ArrayList<>(List.of(script().toString(), "--name", name, "exec", "node" + node));
        all.addAll(cmd);
        return all;
    }

    /** Runs {@code cmd} on a node and waits for it, at most {@code timeoutS} seconds (then kills it and fails). */
    public ManaJob.Run exec(int node, long timeoutS, List<String> cmd) {
        return run(onNode(node, cmd), timeoutS);
    }

    /** Starts {@code cmd} on a node in the background, output to files. */
    public Process start(int node, List<String> cmd, Path out, Path err) throws IOException {
        List<String> all = onNode(node, cmd);
        System.out.println("$ " + String.join(" ", all) + " &");
        Process p = new ProcessBuilder(all).directory(ManaJob.home().toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        p.getOutputStream().close();
        return p;
    }

    /** SIGKILL of every process on a node, as if it had crashed; the node stays (empty), as a rebooted one would. */
    public void kill(int node) {
        ManaJob.Run r = run(List.of(script().toString(), "--name", name, "kill", "node" + node), 30);
        if (r.exit() != 0) {
            throw new AssertionError("simnodes kill node" + node + " failed:\n" + r.all());
        }
    }

    /** A node lost for good: every process killed, its link down, and the launch agent refuses it (as ssh to a dead host). */
    public void fail(int node) {
        ManaJob.Run r = run(List.of(script().toString(), "--name", name, "fail", "node" + node), 30);
        if (r.exit() != 0) {
            throw new AssertionError("simnodes fail node" + node + " failed:\n" + r.all());
        }
    }

    /** Bytes a node sent and received on its network interface: traffic between nodes shows here. */
    public long interfaceBytes(int node) {
        ManaJob.Run r = run(List.of("ip", "-n", name + "-node" + node, "-s", "-o", "link", "show", "eth0"), 10);
        // one line: ... RX: bytes packets ... \    <rx bytes> <rx packets> ... TX: ... \    <tx bytes> ...
        String[] parts = r.out().split("\\\\");
        long sum = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (parts[i].trim().startsWith("RX:") || parts[i].trim().startsWith("TX:")) {
                sum += Long.parseLong(parts[i + 1].trim().split("\\s+")[0]);
            }
        }
        return sum;
    }

    /** Removes the nodes: kills what still runs in them, deletes namespaces, veths and the bridge. */
    @Override
    public void close() {
        down();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs down() anyway
        }
    }

    private void down() {
        if (closed) {
            return;
        }
        closed = true;
        ManaJob.Run r = run(List.of(script().toString(), "--name", name, "down"), 60);
        if (r.exit() != 0) {
            System.err.println("simnodes down " + name + " failed:\n" + r.all());
        }
    }

    private Path state() {
        return Path.of("/run/mana-simnodes", name);
    }

    static ManaJob.Run run(List<String> cmd, long timeoutS) {
        try {
            Process p = new ProcessBuilder(cmd).directory(ManaJob.home().toFile()).start();
            p.getOutputStream().close();
            CompletableFuture<String> out = drain(p.getInputStream());
            CompletableFuture<String> err = drain(p.getErrorStream());
            if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new AssertionError("timed out after " + timeoutS + " s: " + String.join(" ", cmd));
            }
            ManaJob.Run r = new ManaJob.Run(p.exitValue(), out.get(30, TimeUnit.SECONDS), err.get(30, TimeUnit.SECONDS));
            System.out.println("$ " + String.join(" ", cmd) + "  -> exit " + r.exit());
            return r;
        } catch (IOException e) {
            return new ManaJob.Run(127, "", "cannot run " + String.join(" ", cmd) + ": " + e);
        } catch (Exception e) {
            throw new AssertionError("cannot run " + String.join(" ", cmd) + ": " + e, e);
        }
    }

    private static CompletableFuture<String> drain(InputStream in) {
        return CompletableFuture.supplyAsync(() -> {
            try (in) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
