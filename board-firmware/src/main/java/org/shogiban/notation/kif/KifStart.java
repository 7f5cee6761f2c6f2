package org.shogiban.notation.kif;

import java.util.LinkedHashMap;
import java.util.Map;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordText;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The start of a KIF or KI2 record, read line by line before the moves: header fields (名前：値), 手合割, a board
 * diagram with the hands, the side to move (先手番/後手番) and 手数＝; then the start position they describe.
 */
final class KifStart {
    private final boolean ki2;
    private final Map<String, String> header = new LinkedHashMap<>();
    private Handicap handicap;
    private int handicapLine;
    private String[] diagramRows;
    private int diagramRowCount;
    private int diagramLine;
    private String senteHand;
    private String goteHand;
    private Side diagramSide = Side.SENTE;
    private int startMoveNumber;
    /** Whether a 手合割, a board diagram or a move table was seen. */
    private boolean recognised;

    KifStart(boolean ki2) {
        this.ki2 = ki2;
    }

    /** The header fields read, in order. */
    RecordHeader header() {
        return new RecordHeader(header);
    }

    /** Whether the lines showed something only a game record has. */
    boolean recognised() {
        return recognised;
    }

    /** The move number 手数＝ gives the first move, or 0 when the record has none. */
    int startMoveNumber() {
        return startMoveNumber;
    }

    /** Reads one line before the moves: a header, a board diagram row, a hand, 先手番/後手番, 手数＝. */
    void line(String t, int number) {
        if (t.charAt(0) == '|') {
            diagramRow(t, number);
            return;
        }
        if (t.startsWith("+---") || t.startsWith("９ ８ ７") || t.startsWith("９　８　７") || t.startsWith("手数--")
                || t.startsWith("手数―")) {
            recognised = true;
            return;
        }
        switch (t) {
            case "先手番", "下手番" -> {
                diagramSide = Side.SENTE;
                return;
            }
            case "後手番", "上手番" -> {
                diagramSide = Side.GOTE;
                return;
            }
            default -> {
            }
        }
        if (t.startsWith("手数＝") || t.startsWith("手数=")) {
            String n = t.substring(3).split("[\\s\u3000]", 2)[0];
            if (!n.matches("\\d{1,9}")) {
                throw new RecordFormatException(number, "expected a number of at most 9 digits after 手数＝, found "
                        + RecordText.quote(n));
            }
            startMoveNumber = Integer.parseInt(n) + 1;
            return;
        }
        int colon = t.indexOf('：');
        if (colon < 0) {
            colon = t.indexOf(':');
        }
        if (colon <= 0) {
            throw new RecordFormatException(number, "expected a header (名前：値), a board diagram, a comment (*) or "
                    + (ki2 ? "KI2 moves such as ▲７六歩" : "a move line such as '1 ７六歩(77)'") + ", found "
                    + RecordText.quote(t));
        }
        String key = t.substring(0, colon).strip();
        String value = t.substring(colon + 1).strip();
        switch (key) {
            case "手合割" -> {
                recognised = true;
                handicapLine = number;
                handicap = Handicap.fromKifName(value).orElse(null);
                if (handicap == null && !value.equals("その他")) {
                    throw new RecordFormatException(number, "unknown handicap " + RecordText.quote(value) + "; expected 平手, 香落ち,"
                            + " 角落ち, 飛車落ち, 飛香落ち, 二枚落ち, 四枚落ち, 六枚落ち, 八枚落ち, 十枚落ち or その他 with"
                            + " a board diagram");
                }
            }
            case "先手の持駒", "下手の持駒" -> senteHand = value;
            case "後手の持駒", "上手の持駒" -> goteHand = value;
            case "下手" -> header.put(RecordHeader.SENTE, value);
            case "上手" -> header.put(RecordHeader.GOTE, value);
            default -> header.put(key, value);
        }
    }

    private void diagramRow(String t, int number) {
        recognised = true;
        if (diagramRows == null) {
            diagramRows = new String[9];
            diagramLine = number;
        }
        if (diagramRowCount >= 9) {
            throw new RecordFormatException(number, "a board diagram has 9 rows; found a 10th: " + RecordText.quote(t));
        }
        StringBuilder sfen = new StringBuilder();
        int empty = 0;
        int pos = 1;
        for (int file = 9; file >= 1; file--) {
            if (pos + 1 >= t.length()) {
                throw new RecordFormatException(number, "expected 9 squares in the board row, found " + RecordText.quote(t));
            }
            char owner = t.charAt(pos);
            char piece = t.charAt(pos + 1);
            pos += 2;
            if (piece == '・') {
                empty++;
                continue;
            }
            PieceType type = KifNames.fromBoardChar(piece);
            if (type == null || (owner != ' ' && owner != 'v' && owner != '^' && owner != '\u3000')) {
                throw new RecordFormatException(number, "expected a piece (' 歩', 'v歩' ...) or ' ・' for square "
                        + file + (diagramRowCount + 1) + ", found '" + owner + piece + "'");
            }
            if (empty > 0) {
                sfen.append(empty);
                empty = 0;
            }
            sfen.append(type.sfen(owner == 'v' ? Side.GOTE : Side.SENTE));
        }
        if (empty > 0) {
            sfen.append(empty);
        }
        diagramRows[diagramRowCount++] = sfen.toString();
    }

    /** The start position these lines describe. */
    Position position() {
        Position start;
        if (diagramRows != null) {
            if (diagramRowCount != 9) {
                throw new RecordFormatException(diagramLine + diagramRowCount, "the board diagram has "
                        + diagramRowCount + " rows; expected 9");
            }
            String sfen = String.join("/", diagramRows) + " " + diagramSide.sfenLetter() + " "
                    + hands(senteHand, Side.SENTE, diagramLine) + hands(goteHand, Side.GOTE, diagramLine) + " 1";
            sfen = sfen.replace(" b  1", " b - 1").replace(" w  1", " w - 1");
            try {
                start = Position.fromSfen(sfen);
            } catch (NotationException e) {
                throw new RecordFormatException(diagramLine, "the board diagram is not a position: " + e.getMessage());
            }
        } else if (handicap != null) {
            start = handicap.start();
        } else if (handicapLine > 0) {
            throw new RecordFormatException(handicapLine, "手合割 その他 needs a board diagram before the moves");
        } else {
            start = Position.startpos();
        }
        if (startMoveNumber > 1) {
            start = start.withMoveNumber(startMoveNumber);
        }
        return start;
    }

    private static String hands(String text, Side side, int line) {
        if (text == null || text.isEmpty() || text.equals("なし")) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String item : text.split("[\\s\u3000]+")) {
            if (item.isEmpty()) {
                continue;
            }
            PieceType type = KifNames.fromBoardChar(item.charAt(0));
            int count = item.length() == 1 ? 1 : KifNames.parseKanjiNumber(item.substring(1));
            if (type == null || !type.isHandKind() || count < 1 || count > 18) {
                throw new RecordFormatException(line, "expected pieces in hand such as 飛二　香四, found " + RecordText.quote(item));
            }
            if (count > 1) {
                sb.append(count);
            }
            sb.append(type.sfen(side));
        }
        return sb.toString();
    }
}
