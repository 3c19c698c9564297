package mana.multinode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Runs on a simulated node (its own network) and knocks at a job's coordinator the ways an
 * intruder or a stray program would: plain text, and TLS with a wrong token; then, as the
 * positive control that shows the probe itself can get in, TLS with the right token. Prints one
 * line per try: {@code plain: ANSWER}, {@code tls-wrong-token: ANSWER}, {@code tls-right-token: ANSWER}
 * (ANSWER is the coordinator's first line, {@code <closed>}, {@code <tls-alert>} or {@code <error: ...>}).
 *
 * <p>Usage: CoordProbe HOST PORT TOKEN JOBID. Accepts any server certificate: it tests the
 * server's refusals, not the client's pinning (the launcher's unit tests check that).
 */
public final class CoordProbe {
    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        String token = args[2];
        System.out.println("plain: " + ask(plain(host, port), "CLIENT " + token));
        System.out.println("tls-wrong-token: " + ask(tls(host, port), "CLIENT " + "0".repeat(64)));
        System.out.println("tls-right-token: " + ask(tls(host, port), "CLIENT " + token));
    }

    static Socket plain(String host, int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress(host, port), 5000);
        return s;
    }

    static Socket tls(String host, int port) throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, new TrustManager[] {new X509TrustManager() {
            public void checkClientTrusted(X509Certificate[] c, String a) {
            }

            public void checkServerTrusted(X509Certificate[] c, String a) {
            }

            public X509Certificate[] getAcceptedIssuers() {
                return new X509Certificate[0];
            }
        }}, null);
        SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket(plain(host, port), host, port, true);
        s.startHandshake();
        return s;
    }

    static String ask(Socket s, String greeting) {
        try (s) {
            s.setSoTimeout(20_000);
            s.getOutputStream().write((greeting + "\n").getBytes(StandardCharsets.UTF_8));
            s.getOutputStream().flush();
            String line = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (line != null && !line.isEmpty() && line.charAt(0) == 0x15) {
                return "<tls-alert>"; // a TLS alert record (content type 21): the server spoke TLS, nothing else
            }
            return line == null ? "<closed>" : line;
        } catch (IOException e) {
            return "<error: " + e.getClass().getSimpleName() + ">";
        }
    }

    private CoordProbe() {
    }
}
