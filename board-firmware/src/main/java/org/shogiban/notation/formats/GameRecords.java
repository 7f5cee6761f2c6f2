package org.shogiban.notation.formats;

import java.nio.charset.Charset;
import java.util.List;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordText;
import org.shogiban.notation.csa.CsaReader;
import org.shogiban.notation.csa.CsaWriter;
import org.shogiban.notation.jkf.JkfCodec;
import org.shogiban.notation.kif.KifReader;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.notation.usi.UsiRecords;

/**
 * Reads game records in any format the board knows, telling the format by content and the encoding by bytes, and
 * writes them in a chosen format. The entry point of the notation package, in a package of its own: it knows every
 * format, and the formats know only the record model (package {@code notation}), so the packages have no cycle.
 */
public final class GameRecords {
    /** Shift_JIS as Windows writes it (Windows-31J, a superset: NEC and IBM extensions), the KIF encoding. */
    public static final Charset SHIFT_JIS = RecordText.SHIFT_JIS;
    /** The most bytes a record may have: 4 MiB, some forty times the longest real game record with comments. */
    public static final int MAX_RECORD_BYTES = RecordText.MAX_RECORD_BYTES;

    /** What a text that shows no game is told. */
    public static final String NOT_A_RECORD = RecordText.NOT_A_RECORD;

    private GameRecords() {
    }

    /**
     * Reads a record from its bytes: UTF-8 (with or without byte order mark) when the bytes are valid UTF-8, else
     * Shift_JIS; CRLF, LF or CR line ends. Throws {@link RecordFormatException} naming the line and what was
     * expected when the record is malformed.
     */
    public static GameRecord read(byte[] bytes) {
        if (bytes.length > MAX_RECORD_BYTES) {
            throw new RecordFormatException(0, "the record is " + bytes.length + " bytes; the most a record may be"
                    + " is " + MAX_RECORD_BYTES + " (4 MiB)");
        }
        return read(RecordText.decode(bytes));
    }

    /** Reads a record from text, telling KIF, KI2, CSA, JKF and USI/SFEN apart by content. */
    public static GameRecord read(String text) {
        if (text.length() > MAX_RECORD_BYTES) {
            throw new RecordFormatException(0, "the record is " + text.length() + " characters; the most a record"
                    + " may be is " + MAX_RECORD_BYTES + " (4 MiB)");
        }
        if (text.isBlank()) {
            throw new RecordFormatException(1, "the input is empty; expected a game record (KIF, KI2, CSA, JKF, USI"
                    + " or SFEN)");
        }
        List<String> lines = RecordText.lines(text);
        return switch (detect(lines)) {
            case KIF, KIFU -> KifReader.readKif(lines);
            case KI2 -> KifReader.readKi2(lines);
            case CSA -> CsaReader.read(lines);
            case JKF -> JkfCodec.read(text);
            case USI, SFEN -> UsiRecords.read(lines);
        };
    }

    /** The format a text is written in: KIF (for .kif and .kifu alike), KI2, CSA, JKF or USI (for SFEN too). */
    public static RecordFormat detect(String text) {
        return detect(RecordText.lines(text));
    }

    private static RecordFormat detect(List<String> lines) {
        boolean ki2Moves = false;
        for (String line : lines) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            char c = t.charAt(0);
            if (c == '{' || c == '[') {
                return RecordFormat.JKF;
            }
            if (t.startsWith("'") || t.matches("V[1-3](\\.\\d+)?") || t.startsWith("N+") || t.startsWith("N-")
                    || t.startsWith("PI") || t.matches("P[1-9+-].*") || t.matches("[+-](\\d{4}[A-Z]{2}.*)?")
                    || t.startsWith("%") || (t.startsWith("$") && t.indexOf(':') > 0)) {
                return RecordFormat.CSA;
            }
            if (t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("position ") || t.equals("position") || t.startsWith("startpos") || t.startsWith("sfen ")
                    || t.matches("[1-9lnsgkrbpLNSGKRBP+]+(/[1-9lnsgkrbpLNSGKRBP+]+){8}\\s+[bw](\\s.*)?")) {
                return RecordFormat.USI;
            }
            break;
        }
        for (String line : lines) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            char c = t.charAt(0);
            if (t.startsWith("手数----") || (c >= '0' && c <= '9' && t.matches("\\d+[ \u3000\t].*"))) {
                return RecordFormat.KIF;
            }
            if (c == '▲' || c == '△' || c == '☗' || c == '☖') {
                ki2Moves = true;
            }
            if (t.startsWith("変化")) {
                break;
            }
        }
        return ki2Moves ? RecordFormat.KI2 : RecordFormat.KIF;
    }

    /**
     * The record as text in a format ({@link RecordFormat#SFEN} gives the final position only). An ending by the side
     * that is not to move is written on that side's turn in KIF, KI2, CSA and JKF ({@link EndOnTurn}).
     */
    public static String write(GameRecord record, RecordFormat format) {
        return switch (format) {
            case KIF -> KifWriter.writeKif(EndOnTurn.writable(record), false);
            case KIFU -> KifWriter.writeKif(EndOnTurn.writable(record), true);
            case KI2 -> KifWriter.writeKi2(EndOnTurn.writable(record));
            case CSA -> CsaWriter.write(EndOnTurn.writable(record));
            case USI -> UsiRecords.writeUsi(record);
            case SFEN -> UsiRecords.writeSfen(record);
            case JKF -> JkfCodec.write(EndOnTurn.writable(record));
        };
    }

    /** The record as bytes in a format's encoding: Shift_JIS for KIF, UTF-8 for the others. */
    public static byte[] encode(GameRecord record, RecordFormat format) {
        if (format == RecordFormat.KIFU) {
            // the board's own record, written after every move: no string between the text and its bytes
            return KifWriter.encodeKifu(EndOnTurn.writable(record));
        }
        return write(record, format).getBytes(format.charset());
    }
}
