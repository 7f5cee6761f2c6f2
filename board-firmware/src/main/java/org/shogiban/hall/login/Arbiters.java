package org.shogiban.hall.login;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import org.shogiban.hall.store.HallStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The arbiters' accounts and sessions, kept with the hall's state: a login checks the Argon2id hash, and after
 * {@value #FREE_FAILURES} wrong passwords in a row the account refuses every login (unchecked) for a minute, doubling
 * with each further failure up to 15 minutes. A session is a random token given as a cookie (only its SHA-256 is
 * kept) with its own CSRF token, which every POST must carry; it lasts 12 hours.
 */
public final class Arbiters {
    private static final Logger log = LoggerFactory.getLogger(Arbiters.class);
    static final int FREE_FAILURES = 5;
    private static final long SESSION_MILLIS = 12 * 3600_000L;
    private static final long MAX_LOCK_MILLIS = 15 * 60_000L;
    /** A hash to check against when the name is unknown, so that a wrong name takes as long as a wrong password. */
    private static final String DUMMY = PasswordHash.hash("not a password".toCharArray());
    private final SecureRandom random = new SecureRandom();
    private final HallStore store;

    /** What a login came to. */
    public sealed interface Outcome {
        /** Logged in. */
        record In(String name, String token, String csrf) implements Outcome {
        }

        /** Wrong name or password. */
        record Wrong() implements Outcome {
        }

        /** Refused unchecked for this long after repeated failures. */
        record Locked(long seconds) implements Outcome {
        }
    }

    public Arbiters(HallStore store) {
        this.store = store;
    }

    /** Whether any account exists (then the page and the API need a login). */
    public boolean any() {
        return store.hasAccounts();
    }

    /** Adds an account or sets its password (and clears its lock). */
    public void setPassword(String name, char[] password) {
        store.putAccount(new HallStore.Account(name, PasswordHash.hash(password), 0, 0));
    }

    /** Checks a login. */
    public Outcome login(String name, char[] password, long nowMillis) {
        Optional<HallStore.Account> found = store.account(name);
        if (found.isEmpty()) {
            PasswordHash.verify(password, DUMMY);
            log.warn("hall login: unknown arbiter '{}' refused", printable(name));
            return new Outcome.Wrong();
        }
        HallStore.Account a = found.get();
        if (a.lockedUntil() > nowMillis) {
            log.warn("hall login: arbiter {} is locked out for {} s more", a.name(), seconds(a.lockedUntil() - nowMillis));
            return new Outcome.Locked(seconds(a.lockedUntil() - nowMillis));
        }
        if (!PasswordHash.verify(password, a.hash())) {
            int failures = a.failures() + 1;
            long lock = failures < FREE_FAILURES ? 0
                    : Math.min(MAX_LOCK_MILLIS, 60_000L << Math.min(10, failures - FREE_FAILURES));
            store.putAccount(new HallStore.Account(a.name(), a.hash(), failures, lock == 0 ? 0 : nowMillis + lock));
            log.warn("hall login: wrong password for arbiter {} ({} in a row{})", a.name(), failures,
                    lock == 0 ? "" : "; locked out for " + lock / 1000 + " s");
            return lock == 0 ? new Outcome.Wrong() : new Outcome.Locked(lock / 1000);
        }
        if (a.failures() > 0) {
            store.putAccount(new HallStore.Account(a.name(), a.hash(), 0, 0));
        }
        String token = token();
        String csrf = token();
        store.putSession(new HallStore.Session(digest(token), a.name(), csrf, nowMillis + SESSION_MILLIS));
        log.info("hall login: arbiter {} logged in", a.name());
        return new Outcome.In(a.name(), token, csrf);
    }

    /** The session of a cookie's token, if it is one and not over. */
    public Optional<HallStore.Session> session(String token, long nowMillis) {
        if (token == null || !token.matches("[A-Za-z0-9_-]{20,100}")) {
            return Optional.empty();
        }
        return store.session(digest(token)).filter(s -> s.expires() > nowMillis);
    }

    /** Ends a session. */
    public void logout(String token) {
        if (token != null) {
            store.deleteSession(digest(token));
        }
    }

    private String token() {
        byte[] b = new byte[24];
        random.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static String digest(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static long seconds(long millis) {
        return (millis + 999) / 1000;
    }

    private static String printable(String s) {
        return s.replaceAll("[^A-Za-z0-9_.-]", "?");
    }
}
