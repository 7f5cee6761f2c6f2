package org.shogiban.notation;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The record formats the board reads and writes, with the encoding each is written in. */
public enum RecordFormat {
    /** KIF (Kakinoki), {@code .kif}: Shift_JIS (Windows-31J) with CRLF, as Kifu for Windows writes it. */
    KIF(RecordText.SHIFT_JIS, "\r\n"),
    /** KIF in UTF-8, {@code .kifu}. */
    KIFU(StandardCharsets.UTF_8, "\r\n"),
    /** KI2: moves in readable notation (▲７六歩) without source squares; written in UTF-8. */
    KI2(StandardCharsets.UTF_8, "\r\n"),
    /** CSA standard file format V3.0 (V2.2 is read too), UTF-8. */
    CSA(StandardCharsets.UTF_8, "\n"),
    /** A USI {@code position startpos|sfen ... moves ...} line. */
    USI(StandardCharsets.UTF_8, "\n"),
    /** A bare SFEN of the final position (a position, not a game: moves are not kept). */
    SFEN(StandardCharsets.UTF_8, "\n"),
    /** JKF, the JSON kifu format of json-kifu-format (Kifu for JS). */
    JKF(StandardCharsets.UTF_8, "\n");

    private final Charset charset;
    private final String lineEnd;

    RecordFormat(Charset charset, String lineEnd) {
        this.charset = charset;
        this.lineEnd = lineEnd;
    }

    /** The encoding the board writes this format in. */
    public Charset charset() {
        return charset;
    }

    /** The line ending the board writes. */
    String lineEnd() {
        return lineEnd;
    }

    /** The format named so on the command line ({@code kif}, {@code csa}, ...), case-insensitive. */
    public static RecordFormat fromName(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown record format '" + name
                    + "'; expected kif, kifu, ki2, csa, usi, sfen or jkf");
        }
    }
}
