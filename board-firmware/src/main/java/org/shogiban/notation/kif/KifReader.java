package org.shogiban.notation.kif;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.EndingWords;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordMoves;
import org.shogiban.notation.RecordText;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * Reads KIF (moves with source squares: {@code 1 ７六歩(77)}) and KI2 (moves as players write them:
 * {@code ▲７六歩}, told apart by 右/左/直/上/引/寄 where needed). The start (headers, board diagram) is read by
 * {@link KifStart}; comments and end lines
 * are shared by both. Variations (変化) are not read: the main line ends where the first one starts.
 */
public final class KifReader {
    private static final String MARKS = "▲△☗☖▼▽";
    private static final String MODIFIERS = "右左直上引寄行入";

    private final List<String> lines;
    private final boolean ki2;
    private final RecordMoves moves = new RecordMoves();
    private final KifStart head;
    private Position start;
    private RecordBoard board;
    private Square lastTo;
    private RecordEnd end = RecordEnd.NONE;
    private boolean ended;
    private RecordEnd summaryEnd;
    /** Whether the text showed something only a game record has: a move table, 手合割, a board, moves, まで. */
    private boolean recognised;
    private final PieceType[] kindOut = new PieceType[1];

    private KifReader(List<String> lines, boolean ki2) {
        this.lines = lines;
        this.ki2 = ki2;
        this.head = new KifStart(ki2);
    }

    public static GameRecord readKif(List<String> lines) {
        return new KifReader(lines, false).read();
    }

    public static GameRecord readKi2(List<String> lines) {
        return new KifReader(lines, true).read();
    }

    private GameRecord read() {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int number = i + 1;
            String t = line.strip();
            if (t.isEmpty() || t.charAt(0) == '#' || t.charAt(0) == '&') {
                continue;
            }
            if (t.startsWith("変化：") || t.startsWith("変化:")) {
                break;
            }
            if (t.charAt(0) == '*') {
                comment(t.substring(1));
                continue;
            }
            if (t.startsWith("まで")) {
                recognised = true;
                summary(t);
                continue;
            }
            if (!ki2 && startsWithMoveNumber(t)) {
                recognised = true;
                kifMoveLine(t, number);
            } else if (ki2 && MARKS.indexOf(t.charAt(0)) >= 0) {
                recognised = true;
                ki2MoveLine(t, number);
            } else if (start != null) {
                throw new RecordFormatException(number, "expected " + (ki2 ? "KI2 moves such as ▲７六歩" 
                        : "a move line such as '1 ７六歩(77)'") + ", a comment (*) or an end, found " + RecordText.quote(t));
            } else {
                head.line(t, number);
            }
        }
        moves.flush();
        if (!recognised && !head.recognised()) {
            throw new RecordFormatException(firstContentLine(), RecordText.NOT_A_RECORD);
        }
        if (start == null) {
            startPosition();
        }
        if (!ended && summaryEnd != null) {
            end = summaryEnd;
        }
        if (board != null) {
            board.checkEnd(end);
        }
        return new GameRecord(start, head.header(), moves.startComments(), moves.moves(), end);
    }

    private int firstContentLine() {
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                return i + 1;
            }
        }
        return 1;
    }

    private static boolean startsWithMoveNumber(String t) {
        int i = 0;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        return i > 0 && i < t.length() && (t.charAt(i) == ' ' || t.charAt(i) == '\u3000' || t.charAt(i) == '\t');
    }

    private void comment(String text) {
        if (start == null || moves.isEmpty()) {
            moves.startComment(text);
        } else {
            moves.pendingComment(text);
        }
    }

    // ---------------------------------------------------------------- moves

    private void startPosition() {
        start = head.position();
        board = new RecordBoard(start);
    }

    private void beginMoves(int number) {
        if (start == null) {
            startPosition();
        }
    }

    private void kifMoveLine(String t, int number) {
        beginMoves(number);
        int i = 0;
        while (t.charAt(i) >= '0' && t.charAt(i) <= '9') {
            i++;
        }
        if (i > 9) {
            throw new RecordFormatException(number, "move number " + RecordText.quote(t.substring(0, i))
                    + " is too long; expected at most 9 digits");
        }
        int moveNumber = Integer.parseInt(t.substring(0, i));
        String text = t.substring(i).strip();
        if (ended) {
            if (specialWord(text) != null) {
                return; // a second end line (投了 then 中断): the first one stands
            }
            throw new RecordFormatException(number, "expected nothing after the end of the game, found move "
                    + moveNumber);
        }
        int plies = moves.plies();
        if (plies == 0 && head.startMoveNumber() == 0 && moveNumber != start.moveNumber()) {
            start = start.withMoveNumber(moveNumber);
        }
        int expected = start.moveNumber() + plies;
        if (moveNumber != expected) {
            throw new RecordFormatException(number, "expected move number " + expected + ", found " + moveNumber);
        }
        if (endsWith(text)) {
            return;
        }
        parseKifMove(text, number);
    }

    /** Ends the moves when the text is a special word (投了, 千日手...): the record's end; whether it was one. */
    private boolean endsWith(String text) {
        RecordEnd special = specialWord(text);
        if (special == null) {
            return false;
        }
        moves.flush();
        end = special;
        ended = true;
        return true;
    }

    private RecordEnd specialWord(String text) {
        String word = text;
        int cut = 0;
        while (cut < word.length() && word.charAt(cut) != ' ' && word.charAt(cut) != '\u3000'
                && word.charAt(cut) != '(') {
            cut++;
        }
        word = word.substring(0, cut);
        return EndingWords.fromKif(word, board.sideToMove());
    }

    /** Where a move goes (同: the last move's square) and the piece it names, read from the start of a KIF/KI2 move. */
    private record Target(Square to, PieceType named, int end) {
    }

    /** Reads the target and piece name of a move's text; {@code quoted} is the text errors show. */
    private Target readTarget(String text, String quoted, int number) {
        int pos;
        Square to;
        if (text.charAt(0) == '同') {
            if (lastTo == null) {
                throw new RecordFormatException(number, RecordText.quote(quoted) + ": 同 (same square) needs a previous move");
            }
            to = lastTo;
            pos = 1;
            while (pos < text.length() && (text.charAt(pos) == '\u3000' || text.charAt(pos) == ' ')) {
                pos++;
            }
        } else {
            to = readSquare(text, 0, number);
            pos = 2;
        }
        int len = KifNames.readPieceName(text, pos, kindOut);
        if (len == 0) {
            throw new RecordFormatException(number, "expected a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)"
                    + " in " + RecordText.quote(quoted));
        }
        return new Target(to, kindOut[0], pos + len);
    }

    private void parseKifMove(String text, int number) {
        Target target = readTarget(text, text, number);
        Square to = target.to();
        PieceType named = target.named();
        int pos = target.end();
        boolean promote = false;
        boolean drop = false;
        if (text.startsWith("不成", pos)) {
            pos += 2;
        } else if (pos < text.length() && text.charAt(pos) == '成') {
            promote = true;
            pos++;
        } else if (pos < text.length() && text.charAt(pos) == '打') {
            drop = true;
            pos++;
        }
        Square from = null;
        if (pos < text.length() && text.charAt(pos) == '(') {
            int close = text.indexOf(')', pos);
            String src = close < 0 ? "" : text.substring(pos + 1, close);
            if (src.length() != 2 || KifNames.fileDigit(src.charAt(0)) < 0 || KifNames.rankDigit(src.charAt(1)) < 0) {
                throw new RecordFormatException(number, "expected the source square as (77) in " + RecordText.quote(text));
            }
            from = Square.of(KifNames.fileDigit(src.charAt(0)), KifNames.rankDigit(src.charAt(1)));
            pos = close + 1;
        }
        Move move;
        if (from == null) {
            if (!named.isHandKind() || promote) {
                throw new RecordFormatException(number, RecordText.quote(text) + " has no source square such as (77) and is "
                        + "not a drop of a piece from the hand");
            }
            move = Move.drop(named, to);
        } else {
            if (drop) {
                throw new RecordFormatException(number, RecordText.quote(text) + " is a drop (打) with a source square");
            }
            if (from.equals(to)) {
                throw new RecordFormatException(number, RecordText.quote(text) + " moves a piece onto its own square");
            }
            move = Move.of(from, to, promote);
            checkNamedPiece(move, named, text, number);
        }
        Duration time = parseTime(text, pos, number);
        play(move, time, text, number);
    }

    private void checkNamedPiece(Move move, PieceType named, String text, int number) {
        Piece on = board.at(move.from());
        if (on != null && on.side() == board.sideToMove() && on.type() != named) {
            throw new RecordFormatException(number, RecordText.quote(text) + ": " + move.from() + " holds "
                    + RecordBoard.describe(on) + ", not the " + RecordBoard.name(named) + " the move names");
        }
    }

    private static Square readSquare(String text, int at, int number) {
        int file = at < text.length() ? KifNames.fileDigit(text.charAt(at)) : -1;
        int rank = at + 1 < text.length() ? KifNames.rankDigit(text.charAt(at + 1)) : -1;
        if (file < 0 || rank < 0) {
            throw new RecordFormatException(number, "expected a square such as ７六 or 同 at the start of " + RecordText.quote(text));
        }
        return Square.of(file, rank);
    }

    /**
     * Reads {@code ( 0:16/00:00:16)}: the move's own time; null when the line has none. Minutes and seconds must be
     * whole numbers of at most 9 digits.
     */
    private static Duration parseTime(String text, int from, int number) {
        int open = text.indexOf('(', from);
        if (open < 0) {
            return null;
        }
        int slash = text.indexOf('/', open);
        int close = text.indexOf(')', open);
        int stop = slash > 0 ? slash : close;
        if (stop < 0) {
            return null;
        }
        String now = text.substring(open + 1, stop).strip();
        int colon = now.indexOf(':');
        if (colon < 0) {
            return null;
        }
        String minutes = now.substring(0, colon).strip();
        String seconds = now.substring(colon + 1).strip();
        if (!minutes.matches("\\d{1,9}") || !seconds.matches("\\d{1,9}")) {
            throw new RecordFormatException(number, "expected the move's time as minutes:seconds such as"
                    + " ( 0:16/00:00:16), found " + RecordText.quote(text.substring(open)));
        }
        return Duration.ofSeconds(Long.parseLong(minutes) * 60 + Long.parseLong(seconds));
    }

    private void play(Move move, Duration time, String text, int number) {
        board.playRead(move, RecordText.quote(text), number);
        moves.play(move, time);
        lastTo = move.to();
    }

    // ---------------------------------------------------------------- KI2

    private void ki2MoveLine(String t, int number) {
        beginMoves(number);
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == ' ' || c == '\u3000' || c == '\t') {
                i++;
                continue;
            }
            if (MARKS.indexOf(c) < 0) {
                throw new RecordFormatException(number, "expected a KI2 move starting with ▲ or △, found "
                        + RecordText.quote(t.substring(i)));
            }
            int j = i + 1;
            while (j < t.length() && MARKS.indexOf(t.charAt(j)) < 0) {
                j++;
            }
            // 同 may be followed by a space: ▲同　歩
            ki2Move(t.substring(i, j).strip().replaceFirst("^(.)同[ \u3000]+", "$1同"), number);
            i = j;
        }
    }

    private void ki2Move(String token, int number) {
        if (ended) {
            throw new RecordFormatException(number, "expected nothing after the end of the game, found " + RecordText.quote(token));
        }
        Side side = token.charAt(0) == '▲' || token.charAt(0) == '☗' || token.charAt(0) == '▼' ? Side.SENTE : Side.GOTE;
        if (side != board.sideToMove()) {
            throw new RecordFormatException(number, RecordText.quote(token) + ": expected a move by "
                    + (board.sideToMove() == Side.SENTE ? "▲ (sente)" : "△ (gote)"));
        }
        String text = token.substring(1);
        if (text.isEmpty()) {
            throw new RecordFormatException(number, "expected a move after " + RecordText.quote(token));
        }
        if (endsWith(text)) {
            return;
        }
        Target target = readTarget(text, token, number);
        Square to = target.to();
        PieceType named = target.named();
        int pos = target.end();
        StringBuilder modifiers = new StringBuilder();
        while (pos < text.length() && MODIFIERS.indexOf(text.charAt(pos)) >= 0) {
            modifiers.append(text.charAt(pos++));
        }
        boolean promote = false;
        boolean drop = false;
        String rest = text.substring(pos);
        switch (rest) {
            case "" , "不成", "生" -> {
            }
            case "成" -> promote = true;
            case "打" -> drop = true;
            default -> throw new RecordFormatException(number, RecordText.quote(token) + ": expected 成, 不成 or 打 after the"
                    + " piece, found " + RecordText.quote(rest));
        }
        Move move = resolveKi2(to, named, modifiers.toString(), promote, drop, token, number);
        play(move, null, token, number);
    }

    private Move resolveKi2(Square to, PieceType named, String modifiers, boolean promote, boolean drop,
                            String token, int number) {
        Side side = board.sideToMove();
        List<Square> candidates = new ArrayList<>(2);
        if (!drop) {
            for (int i = 0; i < 81; i++) {
                Square sq = Square.ofIndex(i);
                Piece p = board.at(sq);
                if (p != null && p.side() == side && p.type() == named && board.reaches(sq, to)) {
                    candidates.add(sq);
                }
            }
        }
        if (candidates.isEmpty()) {
            // a drop written 打 is read even without the piece in hand: a foul the record may end with
            if (named.isHandKind() && !promote && modifiers.isEmpty() && (drop || board.inHand(side, named) > 0)) {
                return Move.drop(named, to);
            }
            throw new RecordFormatException(number, RecordText.quote(token) + ": no " + side.label() + " "
                    + RecordBoard.name(named) + " can move to " + to + (named.isHandKind() ? " and " + side.label()
                    + " has none in hand to drop" : ""));
        }
        List<Square> chosen = Ki2Relative.filter(candidates, to, side, modifiers);
        if (chosen.size() != 1) {
            throw new RecordFormatException(number, RecordText.quote(token) + " is ambiguous: " + candidates.size() + " "
                    + RecordBoard.name(named) + "s can move to " + to + (modifiers.isEmpty() ? "" : " and "
                    + RecordText.quote(modifiers) + " leaves " + chosen.size()) + "; expected 右, 左, 直, 上, 引 or 寄 to tell them"
                    + " apart");
        }
        return Move.of(chosen.get(0), to, promote);
    }

    // ---------------------------------------------------------------- summary line

    /** Reads {@code まで94手で後手の勝ち}: how KI2 (and KIF without an end line) says the game ended. */
    private void summary(String t) {
        int de = t.indexOf("手で");
        if (de < 0) {
            return;
        }
        if (start == null) {
            startPosition();
        }
        String what = t.substring(de + 2).strip();
        Side mover = board.sideToMove();
        RecordEnd parsed = switch (what) {
            case "中断" -> RecordEnd.of(EndKind.ABORTED);
            case "千日手" -> RecordEnd.of(EndKind.REPETITION);
            case "持将棋" -> RecordEnd.of(EndKind.IMPASSE_DRAW);
            case "詰み" -> RecordEnd.of(EndKind.CHECKMATE, mover);
            case "引き分け" -> RecordEnd.of(EndKind.DRAW);
            default -> sideOutcome(what);
        };
        if (parsed != null) {
            summaryEnd = parsed;
        }
    }

    private static RecordEnd sideOutcome(String what) {
        Side side;
        if (what.startsWith("先手") || what.startsWith("下手")) {
            side = Side.SENTE;
        } else if (what.startsWith("後手") || what.startsWith("上手")) {
            side = Side.GOTE;
        } else if (what.startsWith("時間切れにより")) {
            RecordEnd winner = sideOutcome(what.substring("時間切れにより".length()));
            return winner == null ? null : RecordEnd.of(EndKind.TIME_UP, winner.side());
        } else {
            return null;
        }
        String outcome = what.substring(2).replaceFirst("^の", "");
        return switch (outcome) {
            case "勝ち" -> RecordEnd.of(EndKind.RESIGNATION, side.opponent());
            case "反則負け" -> RecordEnd.of(EndKind.ILLEGAL_MOVE, side);
            case "反則勝ち" -> RecordEnd.of(EndKind.ILLEGAL_MOVE, side.opponent());
            case "切れ負け" -> RecordEnd.of(EndKind.TIME_UP, side);
            case "入玉勝ち", "宣言勝ち" -> RecordEnd.of(EndKind.IMPASSE_DECLARATION, side);
            default -> null;
        };
    }
}
