package org.shogiban.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The program's lines on the bridge's stdin, each at most {@link #MAX_LINE} bytes: a longer line is read to its end
 * and dropped without being kept (a runaway program cannot fill the bridge's memory), and said as too long.
 */
final class UsiInput {
    /** The longest line taken: a {@code position} of a 2,000-ply game is about 10 KB. */
    static final int MAX_LINE = 64 * 1024;

    /** One line read: its text, or the byte length of a line too long to take. */
    record Line(String text, long tooLongBytes) {
        boolean tooLong() {
            return text == null;
        }
    }

    private final InputStream in;
    private final byte[] buffer = new byte[8192];
    private int start;
    private int end;

    UsiInput(InputStream in) {
        this.in = in;
    }

    /** The next line without its CR LF or LF, or null at the end of the input. */
    Line next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long length = 0;
        while (true) {
            if (start == end) {
                end = in.read(buffer);
                start = 0;
                if (end < 0) {
                    end = 0;
                    return length == 0 ? null : finish(line, length);
                }
                continue;
            }
            byte b = buffer[start++];
            if (b == '\n') {
                return finish(line, length);
            }
            length++;
            if (length <= MAX_LINE + 1) {
                line.write(b);
            }
        }
    }

    private static Line finish(ByteArrayOutputStream line, long length) {
        byte[] bytes = line.toByteArray();
        int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        if (length - (bytes.length - n) > MAX_LINE) {
            return new Line(null, length);
        }
        return new Line(new String(bytes, 0, n, StandardCharsets.UTF_8), 0);
    }
}
