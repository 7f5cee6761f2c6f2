package org.shogiban.link;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the bytes a host sends into command lines: a line ends at LF, a CR before the LF is dropped, the bytes must be
 * UTF-8, and a line may hold at most {@link #MAX_LINE_BYTES} bytes; a longer one is discarded up to its LF and
 * reported once, at that LF. Pure: bytes in, lines (or what was wrong with one) out.
 */
public final class LineDecoder {
    /** The longest command line, in bytes without its CR LF: 4 KiB. */
    public static final int MAX_LINE_BYTES = 4096;

    /** One line from the host, or why it cannot be read. */
    public sealed interface Input {
    }

    /** A line of text, without its line end. */
    public record Line(String text) implements Input {
    }

    /** A line that cannot be a command. */
    public record Bad(LinkError error, String message) implements Input {
    }

    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean overLong;
    private long overLongBytes;

    /** Takes {@code length} bytes and returns the lines they complete, in order. */
    public List<Input> feed(byte[] bytes, int length) {
        List<Input> out = new ArrayList<>(1);
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                out.add(endOfLine());
            } else if (overLong) {
                overLongBytes++;
            } else if (line.size() >= MAX_LINE_BYTES + 1) {
                // one byte over the limit may still be the CR of a CR LF; two are not
                overLong = true;
                overLongBytes = line.size() + 1L;
                line.reset();
            } else {
                line.write(b);
            }
        }
        return out;
    }

    private Input endOfLine() {
        if (overLong) {
            long size = overLongBytes;
            overLong = false;
            overLongBytes = 0;
            return new Bad(LinkError.TOOLONG, "line of " + size + " bytes is longer than " + MAX_LINE_BYTES
                    + "; discarded");
        }
        byte[] bytes = line.toByteArray();
        line.reset();
        int length = bytes.length;
        if (length > 0 && bytes[length - 1] == '\r') {
            length--;
        }
        if (length > MAX_LINE_BYTES) {
            return new Bad(LinkError.TOOLONG, "line of " + length + " bytes is longer than " + MAX_LINE_BYTES
                    + "; discarded");
        }
        try {
            return new Line(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, 0, length)).toString());
        } catch (CharacterCodingException e) {
            return new Bad(LinkError.ENCODING, "line is not UTF-8 (bad byte near byte " + firstBadByte(bytes, length)
                    + ")");
        }
    }

    /** Where decoding fails: the 1-based position of the first byte of the first bad sequence. */
    private static int firstBadByte(byte[] bytes, int length) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        var out = java.nio.CharBuffer.allocate(length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() + 1 : length;
    }
}
