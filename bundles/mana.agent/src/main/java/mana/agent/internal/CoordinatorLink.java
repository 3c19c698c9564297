package mana.agent.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The TCP connection from this rank to its job's coordinator. Authenticates with the job token
 * (HELLO token job rank size), then hands every line the coordinator sends to a handler on its
 * own reader thread. Sending is synchronized; a failed send closes the link. When the job gave a
 * TLS fingerprint (coordinator off loopback), the link is TLS 1.3 and the coordinator must show
 * exactly that certificate before the token is sent.
 */
final class CoordinatorLink {
    private volatile Socket socket = new Socket();
    private final String host;
    private final int port;
    private final String tlsFingerprint;
    private volatile OutputStream out;
    private volatile boolean closed;

    CoordinatorLink(String host, int port, String tlsFingerprint) {
        this.host = host;
        this.port = port;
        this.tlsFingerprint = tlsFingerprint == null || tlsFingerprint.isBlank() ? null : tlsFingerprint.trim();
    }

    /** Parses MANA_COORD ("host:port"); {@code tlsFingerprint} null or blank for plain TCP. */
    static CoordinatorLink of(String address, String tlsFingerprint) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("MANA_COORD must be host:port, not '" + address + "'");
        }
        return new CoordinatorLink(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)), tlsFingerprint);
    }

    /**
     * Connects, sends HELLO and starts the reader thread.
     *
     * @param onLine  called for each line from the coordinator (reader thread)
     * @param onClose called once when the link ends (reader thread)
     */
    void open(String token, String jobId, int rank, int size, Consumer<String> onLine, Runnable onClose) throws IOException {
        socket.connect(new InetSocketAddress(host, port), 5_000);
        socket.setTcpNoDelay(true);
        if (tlsFingerprint != null) {
            socket = PinnedTls.handshake(socket, host, port, tlsFingerprint, PinnedTls.HANDSHAKE_MS);
        }
        out = socket.getOutputStream();
        send("HELLO " + token + " " + jobId + " " + rank + " " + size);
        BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> {
            try {
                String line;
                while ((line = in.readLine()) != null) {
                    if (!line.isBlank()) {
                        onLine.accept(line);
                    }
                }
            } catch (IOException e) {
                // the coordinator went away
            } finally {
                close();
                onClose.run();
            }
        }, "mana-agent-link");
        reader.setDaemon(true);
        reader.start();
    }

    synchronized void send(String line) {
        if (closed || out == null) {
            return;
        }
        try {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            close();
        }
    }

    boolean isOpen() {
        return out != null && !closed;
    }

    void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
