package org.shogiban.online;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * A lishogi personal API token, read from a file only. Its text is never written anywhere but the
 * {@code Authorization} header: {@link #toString()} hides it, and no message names it.
 */
public final class Token {
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);
    private final String secret;

    private Token(String secret) {
        this.secret = secret;
    }

    /** A token from its text (tests and the file reader). */
    static Token of(String secret) {
        Objects.requireNonNull(secret, "secret");
        if (secret.isBlank() || secret.chars().anyMatch(c -> c <= ' ' || c > '~')) {
            throw new IllegalArgumentException("the lishogi token is empty or holds spaces or other characters a "
                    + "token has not");
        }
        return new Token(secret);
    }

    /**
     * Reads the token file: one line, the token. A file that other users can read or write is refused (as ssh
     * refuses its keys), with a sentence that says how to fix it.
     *
     * @throws IllegalArgumentException in words: missing, unreadable, readable by others, empty
     */
    public static Token read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("the lishogi token file " + file + " does not exist");
        }
        try {
            Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
            if (perms.stream().anyMatch(OTHERS::contains)) {
                throw new IllegalArgumentException("the lishogi token file " + file + " can be read by other "
                        + "users; a token must be private: chmod 600 " + file);
            }
        } catch (UnsupportedOperationException e) {
            // a file system without POSIX permissions: nothing to check
        } catch (IOException e) {
            throw new IllegalArgumentException("the lishogi token file " + file + " cannot be read: "
                    + e.getMessage(), e);
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new IllegalArgumentException("the lishogi token file " + file + " cannot be read: "
                    + e.getClass().getSimpleName(), e);
        }
        try {
            return of(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (" + file + ")", null);
        }
    }

    /** The {@code Authorization} header's value. */
    String bearer() {
        return "Bearer " + secret;
    }

    /** Whether {@code text} holds the token (tests: it must appear in no output). */
    public boolean appearsIn(String text) {
        return text != null && text.contains(secret);
    }

    @Override
    public String toString() {
        return "Token[hidden]";
    }
}
