package org.shogiban.hall.login;

import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * An arbiter's password as the hall keeps it: Argon2id (Bouncy Castle) with a random 16-byte salt, written in the PHC
 * string format {@code $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>} (OWASP's minimum parameters, which a Pi checks in
 * well under a second). The password itself is never kept.
 */
public final class PasswordHash {
    private static final int MEMORY_KIB = 19_456;
    private static final int ITERATIONS = 2;
    private static final int LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();

    private PasswordHash() {
    }

    /** The PHC string of a password with a new salt. */
    public static String hash(char[] password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        byte[] h = argon2(password, salt, MEMORY_KIB, ITERATIONS, 1, LENGTH);
        return "$argon2id$v=19$m=" + MEMORY_KIB + ",t=" + ITERATIONS + ",p=1$" + B64.encodeToString(salt) + "$"
                + B64.encodeToString(h);
    }

    /** Whether a password matches a PHC string made by {@link #hash} (false for a string it cannot read). */
    public static boolean verify(char[] password, String phc) {
        String[] parts = phc.split("\\$");
        if (parts.length != 6 || !parts[1].equals("argon2id") || !parts[2].equals("v=19")
                || !parts[3].matches("m=\\d{1,8},t=\\d{1,3},p=\\d{1,2}")) {
            return false;
        }
        String[] p = parts[3].split(",");
        int m = Integer.parseInt(p[0].substring(2));
        int t = Integer.parseInt(p[1].substring(2));
        int lanes = Integer.parseInt(p[2].substring(2));
        byte[] salt;
        byte[] expected;
        try {
            salt = Base64.getDecoder().decode(parts[4]);
            expected = Base64.getDecoder().decode(parts[5]);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, argon2(password, salt, m, t, lanes, expected.length));
    }

    private static byte[] argon2(char[] password, byte[] salt, int memoryKib, int iterations, int lanes, int length) {
        Argon2BytesGenerator g = new Argon2BytesGenerator();
        g.init(new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id).withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withSalt(salt).withMemoryAsKB(memoryKib).withIterations(iterations).withParallelism(lanes).build());
        var encoded = StandardCharsets.UTF_8.encode(CharBuffer.wrap(password));
        byte[] bytes = Arrays.copyOf(encoded.array(), encoded.limit());
        byte[] out = new byte[length];
        g.generateBytes(bytes, out);
        Arrays.fill(bytes, (byte) 0);
        return out;
    }
}
