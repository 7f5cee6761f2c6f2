package org.shogiban.hall;

import com.sun.net.httpserver.HttpExchange;
import java.net.InetAddress;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.shogiban.hall.login.Arbiters;
import org.shogiban.hall.store.HallStore;

/**
 * Who may act on the hall server: with an arbiter account (or whenever the server listens beyond the loopback) every
 * page API call needs the session cookie of a login; every POST needs the session's CSRF token in
 * {@code X-CSRF-Token} and, when the browser says where it comes from ({@code Origin}, {@code Sec-Fetch-Site}), to come
 * from the hall's own page. Without an account on the loopback nobody logs in and the arbiter is {@link Hall#NOBODY},
 * with one CSRF token for the server's life.
 */
final class HallAccess {
    static final String COOKIE = "shogiban-hall";

    /** The arbiter a request acts for and the CSRF token its posts must carry. */
    record Who(String name, String csrf) {
    }

    private final Arbiters arbiters;
    private final boolean loopback;
    private final boolean tls;
    private final String anonymousCsrf;

    HallAccess(Arbiters arbiters, InetAddress bind, boolean tls) {
        this.arbiters = arbiters;
        this.loopback = bind.isLoopbackAddress();
        this.tls = tls;
        byte[] b = new byte[24];
        new SecureRandom().nextBytes(b);
        anonymousCsrf = Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Whether a login is needed (an account exists, or the hall listens beyond the loopback). */
    boolean loginRequired() {
        return !loopback || (arbiters != null && arbiters.any());
    }

    /** Whether logins can be made at all (a state directory with accounts). */
    Arbiters arbiters() {
        return arbiters;
    }

    /** Who the request is from; empty when a login is needed and it has none. */
    Optional<Who> who(HttpExchange x) {
        if (!loginRequired()) {
            return Optional.of(new Who(Hall.NOBODY, anonymousCsrf));
        }
        if (arbiters == null) {
            return Optional.empty();
        }
        Optional<HallStore.Session> s = arbiters.session(cookie(x), System.currentTimeMillis());
        return s.map(v -> new Who(v.name(), v.csrf()));
    }

    /** Why a POST from this arbiter is refused as forged, or null when it is the page's own. */
    static String forged(HttpExchange x, Who who) {
        String site = x.getRequestHeaders().getFirst("Sec-Fetch-Site");
        if (site != null && !site.equals("same-origin") && !site.equals("none")) {
            return "a request from another site (" + site + ")";
        }
        String origin = x.getRequestHeaders().getFirst("Origin");
        String host = x.getRequestHeaders().getFirst("Host");
        if (origin != null && (host == null || !(origin.equals("http://" + host) || origin.equals("https://" + host)))) {
            return "a request from another origin";
        }
        String token = x.getRequestHeaders().getFirst("X-CSRF-Token");
        if (token == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                who.csrf().getBytes(StandardCharsets.UTF_8))) {
            return "no valid X-CSRF-Token";
        }
        return null;
    }

    /** The session cookie's header for a token (empty token: the cookie removed). */
    String setCookie(String token) {
        return COOKIE + "=" + token + "; Path=/; HttpOnly; SameSite=Strict" + (tls ? "; Secure" : "")
                + (token.isEmpty() ? "; Max-Age=0" : "");
    }

    static String cookie(HttpExchange x) {
        for (String header : x.getRequestHeaders().getOrDefault("Cookie", java.util.List.of())) {
            for (String c : header.split(";")) {
                String s = c.strip();
                if (s.startsWith(COOKIE + "=")) {
                    return s.substring(COOKIE.length() + 1);
                }
            }
        }
        return null;
    }
}
