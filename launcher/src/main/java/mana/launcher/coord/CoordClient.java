package mana.launcher.coord;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** A client connection to a job's coordinator, authenticated with the token from the job file (over TLS when the job file says so). */
public final class CoordClient implements AutoCloseable {
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    public CoordClient(JobFile job) throws IOException {
        this(job, 10_000);
    }

    /** With a connect timeout and the same read timeout (0: wait as long as it takes). */
    public CoordClient(JobFile job, int timeoutMs) throws IOException {
        int connectMs = timeoutMs == 0 ? 10_000 : timeoutMs;
        if (job.encrypted()) {
            socket = CoordTls.connect(job.host(), job.port(), job.tls(), connectMs);
        } else {
            socket = new Socket();
            socket.connect(new InetSocketAddress(job.host(), job.port()), connectMs);
        }
        socket.setSoTimeout(timeoutMs);
        in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
        out = socket.getOutputStream();
        send("CLIENT " + job.token());
        String welcome = in.readLine();
        if (!"WELCOME".equals(welcome)) {
            socket.close();
            throw new Refused("the coordinator of job " + job.jobId() + " refused the connection (token mismatch?)");
        }
    }

    /** What answered at the job's address did not accept the job's token (another job's coordinator, or not one at all). */
    public static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    /** The read timeout from now on (0: wait as long as it takes). */
    public void readTimeout(int ms) throws IOException {
        socket.setSoTimeout(ms);
    }

    public void send(String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The next line, or null when the coordinator closed the connection. */
    public String[] next() throws IOException {
        String line = in.readLine();
        return line == null ? null : Wire.fields(line);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
