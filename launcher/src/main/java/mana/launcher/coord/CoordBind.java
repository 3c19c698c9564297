package mana.launcher.coord;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where the coordinator listens when {@code --coord-bind} is not given: loopback for a job on
 * this host only; otherwise the local address on the route to the job's other hosts (the
 * hostfile's or {@code -H}'s), which is the address those hosts reach this one by.
 */
public final class CoordBind {
    public static final Set<String> HOSTFILE_OPTIONS = Set.of("--hostfile", "-hostfile", "--machinefile", "-machinefile",
            "--default-hostfile");
    static final Set<String> HOST_OPTIONS = Set.of("-H", "-host", "--host");

    /** The bind address and why it was chosen (for the job's log line). */
    public record Choice(InetAddress address, String reason) {
        public boolean remoteReachable() {
            return !address.isLoopbackAddress();
        }
    }

    /** The hosts the mpirun options name (hostfile entries and -H lists), in order; duplicates kept. */
    public static List<String> hosts(List<String> mpirunArgs) throws IOException {
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i + 1 < mpirunArgs.size(); i++) {
            String a = mpirunArgs.get(i);
            if (HOSTFILE_OPTIONS.contains(a)) {
                hosts.addAll(hostfile(Path.of(mpirunArgs.get(i + 1))));
            } else if (HOST_OPTIONS.contains(a)) {
                for (String h : mpirunArgs.get(i + 1).split(",")) {
                    String name = h.contains(":") ? h.substring(0, h.indexOf(':')) : h;
                    if (!name.isBlank()) {
                        hosts.add(name.trim());
                    }
                }
            }
        }
        return hosts;
    }

    /** Host names of an Open MPI hostfile: the first word of each line, comments and blank lines left out. */
    static List<String> hostfile(Path f) throws IOException {
        List<String> hosts = new ArrayList<>();
        for (String line : Files.readAllLines(f)) {
            int hash = line.indexOf('#');
            String l = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (!l.isEmpty()) {
                String h = l.split("\\s+")[0];
                hosts.add(h.contains("@") ? h.substring(h.indexOf('@') + 1) : h);
            }
        }
        return hosts;
    }

    /**
     * Loopback when every host is this one; else the source address of the route to the first
     * other host.
     *
     * @throws UnknownHostException naming a host that does not resolve
     */
    public static Choice choose(List<String> hosts) throws IOException {
        for (String h : hosts) {
            InetAddress a;
            try {
                a = InetAddress.getByName(h);
            } catch (UnknownHostException e) {
                throw new UnknownHostException("host '" + h + "' does not resolve");
            }
            if (isLocal(a)) {
                continue;
            }
            InetAddress source = routeSource(a);
            if (source == null || source.isAnyLocalAddress() || source.isLoopbackAddress()) {
                throw new IOException("no route from this host to " + h + " (" + a.getHostAddress() + ")");
            }
            return new Choice(source, "the address on the route to " + h);
        }
        return new Choice(InetAddress.getLoopbackAddress(), hosts.isEmpty() ? "no other host" : "every host is this one");
    }

    public static boolean isLocal(InetAddress a) throws SocketException {
        return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
    }

    /** The local address the kernel would send from to reach {@code to} (a UDP connect sends nothing). */
    static InetAddress routeSource(InetAddress to) {
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(new InetSocketAddress(to, 9));
            return s.getLocalAddress();
        } catch (IOException e) {
            return null;
        }
    }

    private CoordBind() {
    }
}
