package org.shogiban.journal;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The journal's text format (docs/journal.md): UTF-8, one line per entry, each line ending in LF.
 *
 * <pre>
 * #shogiban-journal 1 BASE CRC          the header, always the first line
 * SEQ WALL TYPE CRC PAYLOAD             one entry
 * </pre>
 *
 * BASE is the highest seq given out before this file was written (0 for a new board), so numbering continues above
 * it after a compaction or a damaged journal. CRC is the CRC32 in 8 lower-case hex digits of the line's bytes without
 * the CRC field and its space: {@code SEQ WALL TYPE PAYLOAD} for an entry, {@code #shogiban-journal 1 BASE} for the
 * header.
 */
final class JournalFormat {
    static final String MAGIC = "#shogiban-journal";
    static final int VERSION = 1;

    private JournalFormat() {
    }

    /** The header line, LF included. */
    static byte[] header(long baseSeq) {
        String body = MAGIC + " " + VERSION + " " + baseSeq;
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return (body + " " + hex(crc(bytes, 0, bytes.length, null, 0, 0)) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** An entry's line, LF included. */
    static byte[] line(JournalEntry entry) {
        byte[] head = (entry.seq() + " " + entry.wallMillis() + " " + entry.type() + " ")
                .getBytes(StandardCharsets.UTF_8);
        byte[] payload = entry.payload().getBytes(StandardCharsets.UTF_8);
        byte[] crc = hex(crc(head, 0, head.length, payload, 0, payload.length)).getBytes(StandardCharsets.US_ASCII);
        // the line's bytes made once, without a buffer between (an entry is written at every change)
        byte[] out = new byte[head.length + crc.length + 1 + payload.length + 1];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(crc, 0, out, head.length, crc.length);
        out[head.length + crc.length] = ' ';
        System.arraycopy(payload, 0, out, head.length + crc.length + 1, payload.length);
        out[out.length - 1] = '\n';
        return out;
    }

    /**
     * What a journal file holds.
     *
     * @param entries whole entries read before any damage
     * @param baseSeq the header's base (0 when the header is unreadable)
     * @param wholeLength the length of the whole lines (the bytes after it are a torn tail)
     * @param damage what is wrong in the whole lines; null when nothing
     * @param maxReadableSeq the highest seq found anywhere in a readable (checksum-correct) line, the header's base
     *                       included
     */
    record Contents(List<JournalEntry> entries, long baseSeq, int wholeLength, String damage, long maxReadableSeq) {
        int tornBytes(int fileLength) {
            return fileLength - wholeLength;
        }
    }

    /** Reads a journal file's bytes (not empty). */
    static Contents read(byte[] bytes) {
        int whole = 0;
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                whole = i + 1;
                break;
            }
        }
        List<JournalEntry> entries = new ArrayList<>();
        long base = 0;
        long maxReadable = 0;
        String damage = null;
        if (whole == 0) {
            damage = "no whole line (not a journal)";
        }
        int lineNo = 0;
        int firstCrLf = 0;
        for (int start = 0; start < whole; ) {
            int lf = start;
            while (bytes[lf] != '\n') {
                lf++;
            }
            lineNo++;
            // a CR before the LF (a copy through another system) is read past: a payload never holds a CR
            int end = lf > start && bytes[lf - 1] == '\r' ? lf - 1 : lf;
            if (end < lf && firstCrLf == 0) {
                firstCrLf = lineNo;
            }
            String problem;
            if (lineNo == 1) {
                long[] header = new long[1];
                problem = readHeader(bytes, start, end, header);
                if (problem == null) {
                    base = header[0];
                    maxReadable = base;
                }
            } else {
                JournalEntry[] entry = new JournalEntry[1];
                problem = readEntry(bytes, start, end, entry);
                if (entry[0] != null) {
                    maxReadable = Math.max(maxReadable, entry[0].seq());
                    if (problem == null && damage == null) {
                        long previous = entries.isEmpty() ? 0 : entries.get(entries.size() - 1).seq();
                        if (entry[0].seq() <= previous) {
                            problem = "seq " + entry[0].seq() + " does not follow seq " + previous;
                        } else {
                            entries.add(entry[0]);
                        }
                    }
                }
            }
            if (problem != null && damage == null) {
                damage = "line " + lineNo + ": " + problem;
            }
            start = lf + 1;
        }
        if (damage == null && firstCrLf > 0) {
            damage = "line " + firstCrLf + ": CR LF line ends (a copy through another system?)";
        }
        return new Contents(entries, base, whole, damage, maxReadable);
    }

    /** Checks a header line; returns the problem or null, the base in {@code base[0]}. */
    private static String readHeader(byte[] bytes, int start, int end, long[] base) {
        String text = new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
        String[] parts = text.split(" ", -1);
        if (parts.length != 4 || !parts[0].equals(MAGIC)) {
            return "not a journal header";
        }
        if (!parts[1].equals(Integer.toString(VERSION))) {
            return "journal version " + parts[1] + " (this firmware reads version " + VERSION + ")";
        }
        int crcAt = text.lastIndexOf(' ');
        if (!parts[3].equals(hex(crc(bytes, start, start + crcAt, null, 0, 0)))) {
            return "bad checksum in the header";
        }
        try {
            base[0] = Long.parseLong(parts[2]);
        } catch (NumberFormatException e) {
            return "bad base seq in the header";
        }
        return base[0] < 0 ? "negative base seq in the header" : null;
    }

    /**
     * Checks an entry line; returns the problem or null. The entry goes to {@code out[0]} whenever its checksum is
     * right, so that its seq counts even on a damaged line order.
     */
    private static String readEntry(byte[] bytes, int start, int end, JournalEntry[] out) {
        int[] spaces = new int[4];
        int found = 0;
        for (int i = start; i < end && found < 4; i++) {
            if (bytes[i] == ' ') {
                spaces[found++] = i;
            }
        }
        if (found < 4) {
            return "not an entry (fewer than five fields)";
        }
        int crcStart = spaces[2] + 1;
        int crcEnd = spaces[3];
        String crcText = new String(bytes, crcStart, crcEnd - crcStart, StandardCharsets.ISO_8859_1);
        long crc = crc(bytes, start, crcStart, bytes, crcEnd + 1, end - crcEnd - 1);
        if (!crcText.equals(hex(crc))) {
            return "bad checksum";
        }
        try {
            long seq = Long.parseLong(ascii(bytes, start, spaces[0]));
            long wall = Long.parseLong(ascii(bytes, spaces[0] + 1, spaces[1]));
            String type = ascii(bytes, spaces[1] + 1, spaces[2]);
            String payload = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, crcEnd + 1, end - crcEnd - 1)).toString();
            out[0] = new JournalEntry(seq, wall, type, payload);
            return null;
        } catch (NumberFormatException | CharacterCodingException e) {
            return "unreadable field (" + e.getMessage() + ")";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static String ascii(byte[] bytes, int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
    }

    private static long crc(byte[] a, int aFrom, int aTo, byte[] b, int bFrom, int bLength) {
        CRC32 crc = new CRC32();
        crc.update(a, aFrom, aTo - aFrom);
        if (b != null) {
            crc.update(b, bFrom, bLength);
        }
        return crc.getValue();
    }

    /** A CRC-32 as eight lower-case hex digits (as {@code %08x} wrote it, without a formatter per line). */
    private static String hex(long crc) {
        return HexFormat.of().toHexDigits((int) crc);
    }
}
