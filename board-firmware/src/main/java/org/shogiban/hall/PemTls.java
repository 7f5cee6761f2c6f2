package org.shogiban.hall;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The hall server's TLS from two PEM files: the certificate (chain) and its private key in PKCS #8
 * ({@code -----BEGIN PRIVATE KEY-----}, as {@code openssl req -newkey ... -nodes} and {@code openssl genpkey} write
 * it), RSA or EC.
 */
public final class PemTls {
    private PemTls() {
    }

    /** An SSL context serving that certificate; an {@link IllegalArgumentException} says which file is wrong. */
    public static SSLContext context(Path certificate, Path key) throws IOException {
        try {
            Collection<? extends Certificate> chain = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(Files.readAllBytes(certificate)));
            if (chain.isEmpty()) {
                throw new IllegalArgumentException(certificate + " holds no certificate");
            }
            PrivateKey privateKey = privateKey(key);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("hall", privateKey, new char[0], chain.toArray(new Certificate[0]));
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(store, new char[0]);
            SSLContext tls = SSLContext.getInstance("TLS");
            tls.init(kmf.getKeyManagers(), null, null);
            return tls;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException(certificate + " / " + key + ": " + e.getMessage(), e);
        }
    }

    private static PrivateKey privateKey(Path key) throws IOException {
        String pem = Files.readString(key, StandardCharsets.US_ASCII);
        int begin = pem.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = pem.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new IllegalArgumentException(key + " holds no PKCS #8 key (-----BEGIN PRIVATE KEY-----); convert it"
                    + " with: openssl pkcs8 -topk8 -nocrypt -in OLD -out NEW");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(begin + 27, end));
        for (String algorithm : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next kind
            }
        }
        throw new IllegalArgumentException(key + ": not an RSA, EC or Ed25519 key");
    }
}
