package org.shogiban.notation;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a record's bytes into text (UTF-8 with BOM, strict UTF-8, else Shift_JIS, else EUC-JP) and text into
 * lines.
 */
public final class RecordText {
    /** Shift_JIS as Windows writes it (Windows-31J, a superset: NEC and IBM extensions), the KIF encoding. */
    public static final Charset SHIFT_JIS = Charset.forName("windows-31j");
    /** The most bytes a record may have: 4 MiB, some forty times the longest real game record with comments. */
    public static final int MAX_RECORD_BYTES = 4 * 1024 * 1024;
    /** What a text that shows no game is told. */
    public static final String NOT_A_RECORD = "not a game record: expected a KIF move table (手数----指手--) or 手合割,"
            + " a board diagram, KI2 moves (▲７六歩), CSA (PI or P1..P9), JKF ({\"header\":...,\"moves\":[...]})"
            + " or a USI position";

    private RecordText() {
    }

    /** Decodes a record; throws {@link RecordFormatException} for binary data or bytes no encoding explains. */
    public static String decode(byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new RecordFormatException(lineAt(bytes, i), "binary data (a NUL byte at offset " + i
                        + "); expected a game record as text");
            }
        }
        int offset = 0;
        if (bytes.length >= 3 && (bytes[0] & 0xff) == 0xEF && (bytes[1] & 0xff) == 0xBB && (bytes[2] & 0xff) == 0xBF) {
            offset = 3;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        try {
            return strict(StandardCharsets.UTF_8.newDecoder()).decode(buffer).toString();
        } catch (CharacterCodingException notUtf8) {
            if (offset == 3) {
                throw new RecordFormatException(0, "the file starts with a UTF-8 byte order mark but is not UTF-8");
            }
        }
        try {
            return strict(SHIFT_JIS.newDecoder()).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            // old CSA archives from Unix machines (e.g. 2005 computer shogi games) are EUC-JP
        }
        try {
            return strict(Charset.forName("EUC-JP").newDecoder()).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int bad = firstUndecodable(bytes);
            throw new RecordFormatException(lineAt(bytes, bad), "bytes at offset " + bad
                    + " are not UTF-8, Shift_JIS or EUC-JP text; expected a game record as text");
        }
    }

    private static CharsetDecoder strict(CharsetDecoder decoder) {
        return decoder.onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    private static int firstUndecodable(byte[] bytes) {
        CharsetDecoder decoder = strict(SHIFT_JIS.newDecoder());
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        return in.position();
    }

    private static int lineAt(byte[] bytes, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The longest piece of a record an error message quotes (a bad line may be megabytes long). */
    public static final int QUOTE_LIMIT = 80;

    /**
     * A piece of a record as an error message quotes it: in single quotes, cut to {@value #QUOTE_LIMIT} characters
     * (marked {@code ...}), control characters shown as {@code ?} so that the message stays one line.
     */
    public static String quote(String s) {
        String cut = s;
        if (s.length() > QUOTE_LIMIT) {
            int end = QUOTE_LIMIT - 3;
            if (Character.isHighSurrogate(s.charAt(end - 1))) {
                end--;
            }
            cut = s.substring(0, end) + "...";
        }
        StringBuilder sb = new StringBuilder(cut.length() + 2).append('\'');
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            sb.append(Character.isISOControl(c) ? '?' : c);
        }
        return sb.append('\'').toString();
    }

    /**
     * A header value or name as writers write it: on one line (line breaks become spaces) and without control
     * characters, which are dropped (a NUL byte would make the file unreadable: readers refuse binary data).
     */
    public static String oneLine(String s) {
        return printable(s.replace("\r\n", " ").replace('\r', ' ').replace('\n', ' '));
    }

    /** A comment's lines as writers write them, each without control characters (tabs are kept). */
    public static List<String> commentLines(String comment) {
        List<String> out = new ArrayList<>();
        for (String line : comment.split("\r\n|\n|\r", -1)) {
            out.add(printable(line));
        }
        return out;
    }

    private static String printable(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean drop = Character.isISOControl(c) && c != '\t';
            if (drop && sb == null) {
                sb = new StringBuilder(s.length()).append(s, 0, i);
            } else if (!drop && sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    /** Splits text into lines at CRLF, LF or CR; a byte order mark at the start is dropped. */
    public static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        int start = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        int n = text.length();
        for (int i = start; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                lines.add(text.substring(start, i));
                if (c == '\r' && i + 1 < n && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < n) {
            lines.add(text.substring(start));
        }
        return lines;
    }

    /**
     * A text's UTF-8 bytes, allocated once at their exact size: {@code String.getBytes} of a Japanese text allocates
     * three bytes a character and copies them to the right size, and the board writes its whole record after every
     * move. The bytes are {@code getBytes(UTF_8)}'s: a lone surrogate is written {@code ?}.
     */
    public static byte[] utf8(CharSequence text) {
        byte[] out = new byte[utf8(text, null)];
        utf8(text, out);
        return out;
    }

    /** Writes the UTF-8 bytes of a text into {@code out} (when not null); returns how many there are. */
    private static int utf8(CharSequence text, byte[] out) {
        int p = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int cp = c;
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                cp = Character.toCodePoint(c, text.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                cp = '?';
            }
            int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (out != null) {
                if (n == 1) {
                    out[p] = (byte) cp;
                } else {
                    // the lead byte: n high bits set, then the code point's top bits; each next byte 10xxxxxx
                    out[p] = (byte) ((0xF00 >> n) | (cp >> (6 * (n - 1))));
                    for (int k = 1; k < n; k++) {
                        out[p + k] = (byte) (0x80 | ((cp >> (6 * (n - 1 - k))) & 0x3F));
                    }
                }
            }
            p += n;
        }
        return p;
    }
}
