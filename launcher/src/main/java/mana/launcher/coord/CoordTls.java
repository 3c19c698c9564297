package mana.launcher.coord;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * TLS for a coordinator that other hosts can reach: a key pair and a self-signed certificate
 * made for this job only (EC P-256, in memory, never written to disk), TLS 1.3 only. Ranks and
 * clients trust exactly this certificate: they compare its SHA-256 fingerprint with the one
 * they were given (environment, job file), so no CA and no host name check is involved; the job
 * token then travels inside the encrypted channel.
 */
public final class CoordTls {
    static final String[] PROTOCOLS = {"TLSv1.3"};

    private final SSLContext server;
    private final String fingerprint;

    private CoordTls(SSLContext server, String fingerprint) {
        this.server = server;
        this.fingerprint = fingerprint;
    }

    /** A fresh key and certificate for one job. */
    public static CoordTls generate(String jobId) throws GeneralSecurityException {
        SecureRandom random = new SecureRandom();
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"), random);
        KeyPair kp = g.generateKeyPair();
        X500Name dn = new X500Name("CN=mana-coordinator,OU=" + jobId.replaceAll("[^A-Za-z0-9_.-]", "_"));
        Instant now = Instant.now();
        X509Certificate cert;
        try {
            var builder = new JcaX509v3CertificateBuilder(dn, new BigInteger(64, random).add(BigInteger.ONE),
                    Date.from(now.minus(Duration.ofDays(1))), Date.from(now.plus(Duration.ofDays(3650))), dn, kp.getPublic());
            cert = new JcaX509CertificateConverter().getCertificate(
                    builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(kp.getPrivate())));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException("cannot sign the coordinator's certificate: " + e.getMessage(), e);
        }
        char[] pass = new char[0];
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try {
            ks.load(null, null);
        } catch (IOException e) {
            throw new GeneralSecurityException(e);
        }
        ks.setKeyEntry("coordinator", kp.getPrivate(), pass, new java.security.cert.Certificate[] {cert});
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, pass);
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(kmf.getKeyManagers(), null, random);
        return new CoordTls(ctx, fingerprintOf(cert));
    }

    /** SHA-256 of the certificate (DER), lower-case hex: what ranks and clients pin. */
    public String fingerprint() {
        return fingerprint;
    }

    /** A TLS server socket on {@code bind}, any free port. */
    ServerSocket serverSocket(InetAddress bind) throws IOException {
        SSLServerSocket s = (SSLServerSocket) server.getServerSocketFactory().createServerSocket(0, 64, bind);
        s.setEnabledProtocols(PROTOCOLS);
        s.setNeedClientAuth(false);
        return s;
    }

    static String fingerprintOf(X509Certificate cert) throws CertificateException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new CertificateException(e);
        }
    }

    /**
     * The bound on a TLS handshake, on both sides (property {@code mana.tlsHandshakeSeconds},
     * default 60): a fresh JVM's first handshake initialises its crypto providers, which on a
     * loaded machine can take far longer than a connect; a dead peer is still noticed.
     */
    public static final int HANDSHAKE_MS = (int) Math.min(Integer.MAX_VALUE, Long.getLong("mana.tlsHandshakeSeconds", 60) * 1000L);

    /**
     * A TLS connection to a coordinator whose certificate has this fingerprint; the handshake is
     * done (bounded by {@link #HANDSHAKE_MS}, at least {@code timeoutMs}); the read timeout is then {@code timeoutMs}.
     */
    public static Socket connect(String host, int port, String fingerprint, int timeoutMs) throws IOException {
        Socket plain = new Socket();
        plain.connect(new InetSocketAddress(host, port), timeoutMs);
        try {
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(null, new TrustManager[] {new Pinned(fingerprint)}, new SecureRandom());
            SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket(plain, host, port, true);
            s.setEnabledProtocols(PROTOCOLS);
            s.setSoTimeout(Math.max(timeoutMs, HANDSHAKE_MS));
            s.startHandshake();
            s.setSoTimeout(timeoutMs);
            return s;
        } catch (GeneralSecurityException e) {
            plain.close();
            throw new IOException("TLS unavailable: " + e.getMessage(), e);
        } catch (IOException e) {
            plain.close();
            throw e;
        }
    }

    /** Trusts one certificate, named by its SHA-256 fingerprint; nothing else. */
    static final class Pinned extends X509ExtendedTrustManager {
        private final byte[] expected;

        Pinned(String fingerprint) {
            this.expected = HexFormat.of().parseHex(fingerprint.trim().toLowerCase(java.util.Locale.ROOT));
        }

        private void check(X509Certificate[] chain) throws CertificateException {
            if (chain == null || chain.length == 0) {
                throw new CertificateException("the coordinator presented no certificate");
            }
            byte[] got = HexFormat.of().parseHex(fingerprintOf(chain[0]));
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
            throw new CertificateException("client certificates are not used");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
            throw new CertificateException("client certificates are not used");
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
            throw new CertificateException("client certificates are not used");
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
