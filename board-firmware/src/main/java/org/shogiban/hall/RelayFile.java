package org.shogiban.hall;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;

/**
 * A game as the live relay serves it: {@code .kif} (Shift_JIS), {@code .kifu}, {@code .csa} or {@code .jkf}, its
 * content type and its entity tag (a hash of the bytes, so a viewer that polls gets {@code 304} until a move).
 *
 * @param bytes the file
 * @param contentType its type with the charset
 * @param etag the quoted entity tag
 */
public record RelayFile(byte[] bytes, String contentType, String etag) {

    /** The format of a relay file's extension ({@code kif}, {@code kifu}, {@code csa}, {@code jkf}), if one. */
    public static Optional<RecordFormat> format(String extension) {
        return switch (extension.toLowerCase(Locale.ROOT)) {
            case "kif" -> Optional.of(RecordFormat.KIF);
            case "kifu" -> Optional.of(RecordFormat.KIFU);
            case "csa" -> Optional.of(RecordFormat.CSA);
            case "jkf" -> Optional.of(RecordFormat.JKF);
            default -> Optional.empty();
        };
    }

    /** A JKF record written in a format. */
    public static RelayFile of(String jkf, RecordFormat format) {
        GameRecord record = GameRecords.read(jkf);
        byte[] bytes = GameRecords.encode(record, format);
        String type = switch (format) {
            case KIF -> "text/plain; charset=Shift_JIS";
            case JKF -> "application/json; charset=UTF-8";
            default -> "text/plain; charset=UTF-8";
        };
        return new RelayFile(bytes, type, tag(bytes));
    }

    private static String tag(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            return "\"" + HexFormat.of().formatHex(d, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether a request's {@code If-None-Match} names this file's tag. */
    public boolean matches(String ifNoneMatch) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String t : ifNoneMatch.split(",")) {
            String s = t.strip();
            if (s.equals("*") || s.equals(etag) || s.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
