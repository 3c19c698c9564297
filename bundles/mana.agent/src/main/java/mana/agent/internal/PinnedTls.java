package mana.agent.internal;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Locale;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * TLS 1.3 to the coordinator, trusting exactly one certificate: the one whose SHA-256 fingerprint
 * the job gave (the launcher makes a key and certificate per job; the same check as the
 * launcher's CoordTls). No CA, no host name check: the fingerprint is the identity.
 */
final class PinnedTls {
    /** The launcher's bound (CoordTls.HANDSHAKE_MS): a fresh JVM's first handshake is slow on a loaded machine. */
    static final int HANDSHAKE_MS = (int) Math.min(Integer.MAX_VALUE, Long.getLong("mana.tlsHandshakeSeconds", 60) * 1000L);

    private PinnedTls() {
    }

    /** Layers TLS over a connected socket and completes the handshake (read timeout {@code timeoutMs} during it). */
    static Socket handshake(Socket plain, String host, int port, String fingerprint, int timeoutMs) throws IOException {
        try {
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(null, new TrustManager[] {new Pinned(fingerprint)}, new SecureRandom());
            SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket(plain, host, port, true);
            s.setEnabledProtocols(new String[] {"TLSv1.3"});
            s.setSoTimeout(timeoutMs);
            s.startHandshake();
            s.setSoTimeout(0);
            return s;
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            plain.close();
            throw new IOException("TLS to the coordinator unavailable: " + e.getMessage(), e);
        } catch (IOException e) {
            plain.close();
            throw e;
        }
    }

    static final class Pinned extends X509ExtendedTrustManager {
        private final byte[] expected;

        Pinned(String fingerprint) {
            this.expected = HexFormat.of().parseHex(fingerprint.trim().toLowerCase(Locale.ROOT));
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("the coordinator presented no certificate");
            }
            byte[] got;
            try {
                got = MessageDigest.getInstance("SHA-256").digest(chain[0].getEncoded());
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new CertificateException(e);
            }
            if (!MessageDigest.isEqual(expected, got)) {
                throw new CertificateException("the coordinator's certificate is not this job's (fingerprint mismatch)");
            }
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            check(chain);
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("not a server");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("not a server");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("not a server");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
