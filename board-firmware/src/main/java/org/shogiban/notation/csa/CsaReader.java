package org.shogiban.notation.csa;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shogiban.notation.EndingWords;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordMoves;
import org.shogiban.notation.RecordText;
import org.shogiban.notation.kif.KifNames;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Sfen;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * Reads the CSA standard file format, V3.0 and V2.x: {@code N+}/{@code N-} names, {@code $} fields, the position
 * ({@code PI}, {@code P1}..{@code P9}, {@code P+}/{@code P-}), moves such as {@code +7776FU} with {@code T} times,
 * and {@code %} endings. Comments are {@code '} lines; {@code '*} lines are kept as comments on the last move. Only
 * the first game of a file with several ({@code /} separated) is read.
 */
public final class CsaReader {
    private static final Map<String, String> FIELD_NAMES = Map.of(
            "EVENT", RecordHeader.EVENT, "SITE", RecordHeader.SITE, "START_TIME", RecordHeader.START_TIME,
            "END_TIME", RecordHeader.END_TIME, "OPENING", RecordHeader.OPENING);

    private final List<String> lines;
    private final Map<String, String> header = new LinkedHashMap<>();
    private final RecordMoves moves = new RecordMoves();
    private final Piece[] squares = new Piece[81];
    private final int[][] hands = new int[2][7];
    private boolean positionGiven;
    private Side sideToMove;
    private RecordBoard board;
    private Position start;
    private RecordEnd end = RecordEnd.NONE;
    private boolean ended;

    private CsaReader(List<String> lines) {
        this.lines = lines;
    }

    public static GameRecord read(List<String> lines) {
        return new CsaReader(lines).read();
    }

    private GameRecord read() {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int number = i + 1;
            if (line.isBlank()) {
                continue;
            }
            char c = line.charAt(0);
            if (c == '\'') {
                if (line.startsWith("'*")) {
                    comment(line.substring(2));
                }
                continue;
            }
            if (line.strip().equals("/")) {
                break;
            }
            if (c == '+' || c == '-' || c == '%' || c == 'T') {
                for (String statement : line.split(",")) {
                    String st = statement.strip();
                    if (st.startsWith("'*")) {
                        comment(st.substring(2));
                    } else if (!st.startsWith("'")) {
                        statement(st, number);
                    }
                }
            } else {
                statement(line.stripTrailing(), number);
            }
        }
        moves.flush();
        if (!positionGiven && moves.isEmpty() && !ended) {
            throw new RecordFormatException(1, RecordText.NOT_A_RECORD + "; this CSA text has no position (PI,"
                    + " P1..P9), move or ending");
        }
        if (start == null) {
            begin(lines.size());
        }
        if (board != null) {
            board.checkEnd(end);
        }
        return new GameRecord(start, new RecordHeader(header), moves.startComments(), moves.moves(), end);
    }

    private void comment(String text) {
        if (moves.hasPending()) {
            moves.pendingComment(text);
        } else if (moves.isEmpty()) {
            moves.startComment(text);
        } else {
            moves.commentLastMove(text);
        }
    }

    private void statement(String s, int number) {
        if (s.isEmpty()) {
            return;
        }
        if (ended) {
            if (s.charAt(0) == 'T' || s.charAt(0) == '%') {
                return; // the time of the ending, or the server repeating it: the first ending stands
            }
            throw new RecordFormatException(number, "expected nothing after the end of the game, found " + RecordText.quote(s));
        }
        char c = s.charAt(0);
        switch (c) {
            case 'V' -> version(s, number);
            case 'N' -> name(s, number);
            case '$' -> field(s, number);
            case 'P' -> positionLine(s, number);
            case '+', '-' -> {
                if (s.length() == 1) {
                    if (start != null) {
                        throw new RecordFormatException(number, "expected a move such as " + c + "7776FU, found "
                                + RecordText.quote(s));
                    }
                    sideToMove = c == '+' ? Side.SENTE : Side.GOTE;
                } else {
                    move(s, number);
                }
            }
            case 'T' -> time(s, number);
            case '%' -> special(s, number);
            default -> throw new RecordFormatException(number, "expected a CSA line (V, N, $, P, +, -, T, % or '),"
                    + " found " + RecordText.quote(s));
        }
    }

    private static void version(String s, int number) {
        if (!s.matches("V[1-3](\\.\\d+)?")) {
            throw new RecordFormatException(number, "expected a version such as V2.2 or V3.0, found " + RecordText.quote(s));
        }
    }

    private void name(String s, int number) {
        if (s.length() < 2 || (s.charAt(1) != '+' && s.charAt(1) != '-')) {
            throw new RecordFormatException(number, "expected a player name as N+name or N-name, found " + RecordText.quote(s));
        }
        header.put(s.charAt(1) == '+' ? RecordHeader.SENTE : RecordHeader.GOTE, s.substring(2).strip());
    }

    private void field(String s, int number) {
        int colon = s.indexOf(':');
        if (colon < 2) {
            throw new RecordFormatException(number, "expected a field as $NAME:value, found " + RecordText.quote(s));
        }
        String key = s.substring(1, colon);
        String kifName = FIELD_NAMES.get(key);
        header.put(kifName != null ? kifName : "$" + key, s.substring(colon + 1).strip());
    }

    // ---------------------------------------------------------------- position

    private void positionLine(String s, int number) {
        if (start != null) {
            throw new RecordFormatException(number, "expected a move, found the position line " + RecordText.quote(s));
        }
        if (s.length() < 2) {
            throw new RecordFormatException(number, "expected PI, P1..P9, P+ or P-, found " + RecordText.quote(s));
        }
        char kind = s.charAt(1);
        if (kind == 'I') {
            Position even = Handicap.EVEN.start();
            for (int i = 0; i < 81; i++) {
                squares[i] = even.pieceAt(Square.ofIndex(i));
            }
            for (int at = 2; at < s.length(); at += 4) {
                if (at + 4 > s.length()) {
                    throw new RecordFormatException(number, "expected squares and pieces to remove such as PI82HI22KA,"
                            + " found " + RecordText.quote(s));
                }
                Square sq = csaSquare(s, at, number);
                PieceType type = KifNames.fromCsa(s.substring(at + 2, at + 4));
                Piece on = squares[sq.index()];
                if (sq == null || on == null || on.type() != type) {
                    throw new RecordFormatException(number, RecordText.quote(s) + " removes " + s.substring(at, at + 4)
                            + ", which is not on the start position");
                }
                squares[sq.index()] = null;
            }
            positionGiven = true;
        } else if (kind >= '1' && kind <= '9') {
            int rank = kind - '0';
            String row = s.substring(2);
            if (row.length() == 26) {
                row = row + " "; // the last square's trailing space, stripped with the line's end
            }
            if (row.length() != 27) {
                throw new RecordFormatException(number, "expected 9 squares of 3 characters (' * ', '+FU', '-KA' ...)"
                        + " in " + RecordText.quote(s) + ", found " + row.length() + " characters");
            }
            for (int col = 0; col < 9; col++) {
                String cell = row.substring(col * 3, col * 3 + 3);
                Square sq = Square.of(9 - col, rank);
                // an empty square is " * "; some writers pad it with another character (" *."), which we accept
                if (cell.startsWith(" *") || cell.isBlank()) {
                    squares[sq.index()] = null;
                    continue;
                }
                squares[sq.index()] = csaPiece(cell, number, s);
            }
            positionGiven = true;
        } else if (kind == '+' || kind == '-') {
            Side side = kind == '+' ? Side.SENTE : Side.GOTE;
            for (int at = 2; at < s.length(); at += 4) {
                if (at + 4 > s.length()) {
                    throw new RecordFormatException(number, "expected square and piece pairs such as P+00FU, found "
                            + RecordText.quote(s));
                }
                String sqText = s.substring(at, at + 2);
                String piece = s.substring(at + 2, at + 4);
                if (sqText.equals("00") && piece.equals("AL")) {
                    allRemainingToHand(side);
                    continue;
                }
                PieceType type = KifNames.fromCsa(piece);
                if (type == null) {
                    throw new RecordFormatException(number, "unknown piece " + RecordText.quote(piece) + " in " + RecordText.quote(s)
                            + "; expected FU KY KE GI KI KA HI OU TO NY NK NG UM RY");
                }
                if (sqText.equals("00")) {
                    if (!type.isHandKind()) {
                        throw new RecordFormatException(number, RecordText.quote(s) + " puts " + piece + " in hand");
                    }
                    hands[side.ordinal()][type.handIndex()]++;
                } else {
                    squares[csaSquare(s, at, number).index()] = Piece.of(side, type);
                }
            }
            positionGiven = true;
        } else {
            throw new RecordFormatException(number, "expected PI, P1..P9, P+ or P-, found " + RecordText.quote(s));
        }
    }

    private void allRemainingToHand(Side side) {
        int[] left = org.shogiban.rules.Hand.FULL_SET.clone();
        for (Piece p : squares) {
            if (p != null && p.type() != PieceType.KING) {
                left[p.type().unpromoted().handIndex()]--;
            }
        }
        for (int[] hand : hands) {
            for (int i = 0; i < 7; i++) {
                left[i] -= hand[i];
            }
        }
        for (int i = 0; i < 7; i++) {
            hands[side.ordinal()][i] += Math.max(left[i], 0);
        }
    }

    private static Piece csaPiece(String cell, int number, String line) {
        char sign = cell.charAt(0);
        PieceType type = KifNames.fromCsa(cell.substring(1));
        if ((sign != '+' && sign != '-') || type == null) {
            throw new RecordFormatException(number, "expected ' * ' or a piece such as +FU or -KA in " + RecordText.quote(line)
                    + ", found " + RecordText.quote(cell));
        }
        return Piece.of(sign == '+' ? Side.SENTE : Side.GOTE, type);
    }

    private static Square csaSquare(String s, int at, int number) {
        int file = s.charAt(at) - '0';
        int rank = s.charAt(at + 1) - '0';
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            throw new RecordFormatException(number, "expected a square 11..99 in " + RecordText.quote(s) + ", found '"
                    + s.substring(at, at + 2) + "'");
        }
        return Square.of(file, rank);
    }

    private void begin(int number) {
        if (!positionGiven) {
            start = Position.startpos();
        } else {
            Side side = sideToMove == null ? Side.SENTE : sideToMove;
            String sfen = Sfen.format(squares, hands, side, 1);
            try {
                start = Position.fromSfen(sfen);
            } catch (NotationException e) {
                throw new RecordFormatException(number, "the position is not valid: " + e.getMessage());
            }
        }
        if (sideToMove != null && start.sideToMove() != sideToMove) {
            start = Position.fromSfen(start.toSfen().replaceFirst(" [bw] ", " " + sideToMove.sfenLetter() + " "));
        }
        board = new RecordBoard(start);
    }

    // ---------------------------------------------------------------- moves

    private void move(String s, int number) {
        if (start == null) {
            if (sideToMove == null && positionGiven) {
                throw new RecordFormatException(number, "expected the side to move ('+' or '-') after the position,"
                        + " found " + RecordText.quote(s));
            }
            begin(number);
        }
        Side side = s.charAt(0) == '+' ? Side.SENTE : Side.GOTE;
        if (s.length() != 7) {
            throw new RecordFormatException(number, "expected a move such as " + s.charAt(0) + "7776FU, found " + RecordText.quote(s));
        }
        if (side != board.sideToMove()) {
            throw new RecordFormatException(number, "expected a move by " + (side == Side.SENTE ? "- (gote)"
                    : "+ (sente)") + ", found " + RecordText.quote(s));
        }
        PieceType after = KifNames.fromCsa(s.substring(5, 7));
        if (after == null) {
            throw new RecordFormatException(number, "unknown piece " + RecordText.quote(s.substring(5, 7)) + " in " + RecordText.quote(s)
                    + "; expected FU KY KE GI KI KA HI OU TO NY NK NG UM RY");
        }
        Square to = csaSquare(s, 3, number);
        Move move;
        if (s.startsWith("00", 1)) {
            if (!after.isHandKind()) {
                throw new RecordFormatException(number, RecordText.quote(s) + " drops a " + RecordBoard.name(after)
                        + ", which is never in hand");
            }
            move = Move.drop(after, to);
        } else {
            Square from = csaSquare(s, 1, number);
            Piece on = board.at(from);
            if (on == null) {
                // moving from an empty square: kept (as not promoting) if a foul ending follows
                on = Piece.of(side, after);
            }
            boolean promote = on.type() != after && on.type().canPromote() && on.type().promoted() == after;
            if (on.type() != after && !promote) {
                throw new RecordFormatException(number, RecordText.quote(s) + ": " + from + " holds " + RecordBoard.describe(on)
                        + ", which cannot become " + s.substring(5, 7));
            }
            if (from.equals(to)) {
                throw new RecordFormatException(number, RecordText.quote(s) + " goes nowhere");
            }
            move = Move.of(from, to, promote);
        }
        board.playRead(move, RecordText.quote(s), number);
        moves.play(move, null);
    }

    private void time(String s, int number) {
        if (!s.matches("T\\d{1,9}(\\.\\d{1,3})?")) {
            throw new RecordFormatException(number, "expected a time in seconds such as T12 (at most 9 digits,"
                    + " 3 decimals), found " + RecordText.quote(s));
        }
        Duration d;
        try {
            d = Duration.ofMillis(new BigDecimal(s.substring(1)).movePointRight(3).longValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            throw new RecordFormatException(number, "expected a time in seconds such as T12, found " + RecordText.quote(s));
        }
        if (d.isNegative()) {
            throw new RecordFormatException(number, "expected a time in seconds such as T12, found " + RecordText.quote(s));
        }
        moves.timeOfPending(d);
    }

    private void special(String s, int number) {
        if (start == null) {
            begin(number);
        }
        moves.flush();
        Side mover = board.sideToMove();
        RecordEnd said = s.startsWith("%") ? EndingWords.fromCsa(s.substring(1), mover) : null;
        if (said == null) {
            throw new RecordFormatException(number, "unknown ending " + RecordText.quote(s) + "; expected "
                    + EndingWords.csaWords("%"));
        }
        end = said;
        ended = true;
    }
}
