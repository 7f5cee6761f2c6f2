package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.List;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.cli.ShogibanCli;
import org.shogiban.hall.login.Arbiters;
import org.shogiban.hall.store.HallStore;

/**
 * Only the arbiter acts: {@code hall passwd} keeps an Argon2id hash (never the password), then every API call but
 * the relay needs the login's cookie, every POST its CSRF token and the hall's own origin, wrong passwords lock the
 * account out, each action is kept with the arbiter's name; over HTTPS (a PEM certificate and key made by openssl)
 * the cookie is {@code Secure}; a hall listening beyond the loopback without any account serves only the relay.
 */
class HallLoginTest {
    private static final String PASSWORD = "kaku-tobi-2718";

    @TempDir
    Path dir;

    @Test
    void onceAnAccountExistsOnlyALoggedInArbiterActsAndWrongPasswordsAreLockedOut() throws Exception {
        Path state = dir.resolve("state");
        assertThat(passwd("alice", PASSWORD + "\n" + PASSWORD + "\n")).isEqualTo(0);
        assertThat(passwd("bob", "bishop-takes\nbishop-takes\n")).isEqualTo(0);
        assertThat(passwd("carol", PASSWORD + "\nanother-one\n")).as("two passwords that differ").isNotEqualTo(0);
        assertThat(dbText(state)).as("the state never holds a password").doesNotContain(PASSWORD)
                .doesNotContain("bishop-takes").contains("$argon2id$v=19$");

        try (Mosquitto broker = Mosquitto.open(dir);
             HallStore store = HallStore.open(state);
             Hall hall = new Hall(broker.url(), "h1", null, null, null, store);
             HallBoardRig b1 = new HallBoardRig(Files.createDirectories(dir.resolve("b1")), broker.url(), "b1", null,
                     null);
             HallServer server = new HallServer(hall, new Arbiters(store), "127.0.0.1", 0, null)) {
            hall.start();
            server.start();
            String base = "http://127.0.0.1:" + server.port();
            b1.move("7g7f");
            HallClient anybody = new HallClient(base);
            for (String get : List.of("/api/hall", "/api/session", "/api/rounds/1/export.zip")) {
                assertThat(anybody.get(get).statusCode()).as("GET " + get).isEqualTo(401);
            }
            for (String post : List.of("/api/ack", "/api/cmd", "/api/round", "/api/logout")) {
                assertThat(anybody.post(post, "{\"board\":\"b1\",\"line\":\"HELLO\"}").statusCode()).as("POST " + post)
                        .isEqualTo(401);
            }
            HttpResponse<String> relay = anybody.get("/relay/b1.kifu");
            for (int i = 0; i < 200 && relay.statusCode() != 200; i++) {
                Thread.sleep(30);
                relay = anybody.get("/relay/b1.kifu");
            }
            assertThat(relay.statusCode()).as("the relay stays public").isEqualTo(200);

            // wrong passwords: refused, then the account is locked, even for the right one
            HallClient guesser = new HallClient(base);
            for (int i = 1; i < 5; i++) {
                assertThat(guesser.login("alice", "guess-" + i).statusCode()).isEqualTo(401);
            }
            assertThat(guesser.login("alice", "guess-5").statusCode()).isEqualTo(429);
            HttpResponse<String> locked = guesser.login("alice", PASSWORD);
            assertThat(locked.statusCode()).as("locked out, the right password unchecked").isEqualTo(429);
            assertThat(locked.headers().firstValue("Retry-After")).isPresent();

            HallClient bob = new HallClient(base);
            HttpResponse<String> in = bob.login("bob", "bishop-takes");
            assertThat(in.statusCode()).isEqualTo(200);
            assertThat(in.headers().firstValue("Set-Cookie").orElseThrow()).contains("HttpOnly")
                    .contains("SameSite=Strict").doesNotContain("Secure");
            assertThat(bob.get("/api/hall").statusCode()).isEqualTo(200);
            // a forged cross-site POST: the cookie would go along (in a lax browser), the token and origin do not
            String hello = "{\"board\":\"b1\",\"line\":\"HELLO\"}";
            assertThat(forged(base, in, hello, "Origin", "http://evil.example").statusCode()).isEqualTo(403);
            assertThat(forged(base, in, hello, "Sec-Fetch-Site", "cross-site").statusCode()).isEqualTo(403);
            assertThat(forged(base, in, hello, "X-Forged", "no token").statusCode()).isEqualTo(403);
            HttpResponse<String> done = bob.post("/api/cmd", hello);
            assertThat(done.statusCode()).isEqualTo(200);
            assertThat(store.actions()).anyMatch(a -> a[1].equals("bob") && a[3].equals("HELLO")
                    && a[4].startsWith("OK shogiban"));
            assertThat(bob.post("/api/logout", "{}").statusCode()).isEqualTo(200);
            assertThat(bob.get("/api/hall").statusCode()).as("logged out").isEqualTo(401);
        }
    }

    @Test
    void overHttpsTheCookieIsSecureAndBeyondTheLoopbackNothingButTheRelayIsServedWithoutAnAccount() throws Exception {
        Path cert = dir.resolve("cert.pem");
        Path key = dir.resolve("key.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                key.toString(), "-out", cert.toString(), "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
                "subjectAltName=IP:127.0.0.1").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        assertThat(p.waitFor()).isEqualTo(0);
        Path state = dir.resolve("state");
        assertThat(passwd("alice", PASSWORD + "\n" + PASSWORD + "\n")).isEqualTo(0);
        try (Mosquitto broker = Mosquitto.open(dir);
             HallStore store = HallStore.open(state);
             Hall hall = new Hall(broker.url(), "h1", null, null, null, store);
             HallServer server = new HallServer(hall, new Arbiters(store), "127.0.0.1", 0, PemTls.context(cert, key))) {
            hall.start();
            server.start();
            HallClient alice = new HallClient("https://127.0.0.1:" + server.port(), trusting(cert));
            assertThat(alice.get("/api/hall").statusCode()).isEqualTo(401);
            HttpResponse<String> in = alice.login("alice", PASSWORD);
            assertThat(in.statusCode()).isEqualTo(200);
            assertThat(in.headers().firstValue("Set-Cookie").orElseThrow()).contains("; Secure");
            assertThat(alice.get("/api/hall").statusCode()).isEqualTo(200);
        }
        try (Mosquitto broker = Mosquitto.open(Files.createDirectories(dir.resolve("other")));
             HallStore none = HallStore.open(dir.resolve("empty"));
             Hall hall = new Hall(broker.url(), "h1", null, null, null, none);
             HallServer server = new HallServer(hall, new Arbiters(none), "0.0.0.0", 0, null)) {
            hall.start();
            server.start();
            HallClient anybody = new HallClient("http://127.0.0.1:" + server.port());
            assertThat(anybody.get("/api/hall").statusCode()).as("beyond the loopback: a login, always")
                    .isEqualTo(401);
            assertThat(anybody.get("/api/session").body()).contains("hall passwd");
        }
    }

    private HttpResponse<String> forged(String base, HttpResponse<String> login, String body, String header,
                                        String value) throws Exception {
        String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(base + "/api/cmd"))
                .header("Content-Type", "application/json").header("Cookie", cookie).header(header, value)
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private int passwd(String name, String stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return ShogibanCli.standard().run(new String[] {"hall", "passwd", name, "--state",
            dir.resolve("state").toString()}, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    private static String dbText(Path state) throws Exception {
        StringBuilder s = new StringBuilder();
        try (Stream<Path> files = Files.list(state)) {
            for (Path f : files.toList()) {
                s.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return s.toString();
    }

    private static SSLContext trusting(Path cert) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        try (FileInputStream in = new FileInputStream(cert.toFile())) {
            ks.setCertificateEntry("hall", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(ks);
        SSLContext c = SSLContext.getInstance("TLS");
        c.init(null, tmf.getTrustManagers(), null);
        return c;
    }
}
