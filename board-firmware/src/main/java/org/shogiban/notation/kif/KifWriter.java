package org.shogiban.notation.kif;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.EndingWords;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordText;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.Writers;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * Writes KIF ({@code 1 ７六歩(77) ( 0:16/00:00:16)}, a move that does not promote without 不成) and KI2
 * ({@code ▲７六歩}, 不成 written where the mover could promote) the way Kifu for Windows and ShogiHome do: headers, 手合割 or a board diagram for other starts, moves with times, comments ({@code *}), the
 * end line and the {@code まで…} summary.
 */
public final class KifWriter {
    /** Room for the header lines and a board diagram, in characters. */
    private static final int HEADER_CHARS = 512;
    /** Room for a KIF move line ({@code "  12 同　銀(67)     ( 0:05/00:01:23)"} and its line end), in characters. */
    private static final int CHARS_PER_MOVE = 40;
    /** Names KIF reads as the start (written from the start position, so never copied from a header field). */
    private static final java.util.Set<String> START_KEYS = java.util.Set.of("手合割", "先手の持駒", "後手の持駒",
            "下手の持駒", "上手の持駒", "下手", "上手");
    private final GameRecord record;
    private final boolean ki2;
    private final String nl;
    private final StringBuilder out;
    private final boolean handicapGame;
    /** The last KI2 move written on the current line, to pad the next one into a column. */
    private String previous = "";

    private KifWriter(GameRecord record, boolean ki2, String lineEnd) {
        this.record = record;
        this.ki2 = ki2;
        this.nl = lineEnd;
        this.out = wideBuilder(HEADER_CHARS + CHARS_PER_MOVE * record.recordedMoves().size());
        Optional<Handicap> h = record.handicap();
        this.handicapGame = h.isPresent() && h.get().isHandicap();
    }

    /**
     * A builder for Japanese text with room for {@code capacity} characters: a plain builder keeps Latin-1 bytes until
     * the first kanji (the first header line) and then allocates them again twice as large; the board writes its
     * record after every move, so each copy counts (docs/benchmarks.md, allocation per acknowledged move).
     */
    private static StringBuilder wideBuilder(int capacity) {
        StringBuilder b = new StringBuilder("\u3000");
        b.setLength(0);
        b.ensureCapacity(capacity);
        return b;
    }

    public static String writeKif(GameRecord record, boolean utf8) {
        return kif(record, utf8).toString();
    }

    /** The record as a UTF-8 KIF file's bytes ({@code .kifu}), encoded from the text as it is written. */
    public static byte[] encodeKifu(GameRecord record) {
        return RecordText.utf8(kif(record, true));
    }

    private static CharSequence kif(GameRecord record, boolean utf8) {
        KifWriter w = new KifWriter(record, false, "\r\n");
        w.out.append("#KIF version=2.0 encoding=").append(utf8 ? "UTF-8" : "Shift_JIS").append(w.nl);
        return w.write();
    }

    public static String writeKi2(GameRecord record) {
        return new KifWriter(record, true, "\r\n").write().toString();
    }

    private CharSequence write() {
        header();
        if (!ki2) {
            out.append("手数----指手---------消費時間--").append(nl);
        } else {
            out.append(nl);
        }
        comments(record.startComments());
        int plies = ki2 ? ki2Moves() : kifMoves();
        summary(plies);
        return out;
    }

    private String sideName(Side side) {
        if (handicapGame) {
            return side == Side.SENTE ? "下手" : "上手";
        }
        return side == Side.SENTE ? "先手" : "後手";
    }

    private void header() {
        Position start = record.start();
        Optional<Handicap> handicap = record.handicap();
        boolean diagram = handicap.isEmpty() || start.moveNumber() > 1;
        for (Map.Entry<String, String> e : record.header().fields().entrySet()) {
            String key = RecordText.oneLine(e.getKey()).strip();
            if (key.isEmpty() || key.startsWith("$") || key.equals(RecordHeader.SENTE) || key.equals(RecordHeader.GOTE)
                    || START_KEYS.contains(key)) {
                continue;
            }
            out.append(key).append('：').append(RecordText.oneLine(e.getValue())).append(nl);
        }
        if (diagram) {
            diagram(start);
        } else {
            out.append("手合割：").append(handicap.get().kifName()).append(nl);
        }
        for (Side side : Side.values()) {
            String name = (side == Side.SENTE ? record.header().sente() : record.header().gote()).orElse("");
            out.append(sideName(side)).append('：').append(RecordText.oneLine(name)).append(nl);
        }
    }

    private void diagram(Position start) {
        if (start.moveNumber() > 1) {
            out.append("手数＝").append(start.moveNumber() - 1).append(nl);
        }
        hand(start, Side.GOTE);
        out.append("  ９ ８ ７ ６ ５ ４ ３ ２ １").append(nl);
        out.append("+---------------------------+").append(nl);
        Writers.diagram(start, new Writers.DiagramRank() {
            @Override
            public void begin(int rank) {
                out.append('|');
            }

            @Override
            public void square(Piece p) {
                if (p == null) {
                    out.append(" ・");
                } else {
                    out.append(p.side() == Side.GOTE ? 'v' : ' ').append(KifNames.boardChar(p.type()));
                }
            }

            @Override
            public void end(int rank) {
                out.append('|').append(KifNames.KANJI_DIGITS.charAt(rank)).append(nl);
            }
        });
        out.append("+---------------------------+").append(nl);
        hand(start, Side.SENTE);
        if (start.sideToMove() == Side.GOTE) {
            out.append(sideName(Side.GOTE)).append("番").append(nl);
        }
    }

    private void hand(Position start, Side side) {
        out.append(sideName(side)).append("の持駒：");
        boolean any = false;
        for (int i = 6; i >= 0; i--) {
            PieceType kind = PieceType.HAND_KINDS[i];
            int n = start.hand(side).count(kind);
            if (n > 0) {
                out.append(KifNames.boardChar(kind));
                if (n > 1) {
                    out.append(KifNames.kanjiNumber(n));
                }
                out.append('\u3000');
                any = true;
            }
        }
        if (!any) {
            out.append("なし");
        }
        out.append(nl);
    }

    private void comments(List<String> comments) {
        for (String c : comments) {
            for (String line : RecordText.commentLines(c)) {
                out.append('*').append(line).append(nl);
            }
        }
    }

    // ---------------------------------------------------------------- KIF moves

    private int kifMoves() {
        RecordBoard board = new RecordBoard(record.start());
        List<RecordedMove> moves = record.recordedMoves();
        long[] totals = new long[2];
        Square lastTo = null;
        int number = record.start().moveNumber();
        for (int i = 0; i < moves.size(); i++) {
            RecordedMove rm = moves.get(i);
            Move m = rm.move();
            Side side = board.sideToMove();
            PieceType kind = Writers.check(record, board, m, i);
            // the move's text goes straight into the file's text: a line per move, the whole record per save
            int text = moveNumber(number + i);
            if (m.to().equals(lastTo)) {
                out.append("同\u3000");
            } else {
                out.append(KifNames.FULL_WIDTH_DIGITS.charAt(m.to().file())).append(KifNames.KANJI_DIGITS.charAt(
                        m.to().rank()));
            }
            out.append(KifNames.moveName(kind));
            if (m.isDrop()) {
                out.append('打');
            } else {
                // a move that could promote and does not is written without 不成, as the KIF specification,
                // Kifu for Windows, ShogiHome and lishogi write it (tsshogi and lishogi stop at a KIF 不成)
                if (m.promote()) {
                    out.append('成');
                }
                out.append('(').append(m.from().file()).append(m.from().rank()).append(')');
            }
            moveTime(text, rm.timeUsed(), totals, side);
            comments(rm.comments());
            board.play(m);
            lastTo = m.to();
        }
        String word = endWord(board.sideToMove());
        if (word != null) {
            int text = moveNumber(number + moves.size());
            out.append(word);
            moveTime(text, null, totals, board.sideToMove());
        }
        return moves.size();
    }

    /** Writes a move line's number, right-aligned in four columns, and a space; returns where the move's text starts. */
    private int moveNumber(int number) {
        pad(number, 4, ' ');
        out.append(number).append(' ');
        return out.length();
    }

    /** Ends a move line whose text started at {@code text}: its time and the side's total (when known), a line end. */
    private void moveTime(int text, Duration time, long[] totals, Side side) {
        if (time != null) {
            spaces(Math.max(1, 14 - displayWidth(out, text)));
            long s = time.toSeconds();
            totals[side.ordinal()] += s;
            long total = totals[side.ordinal()];
            out.append('(');
            pad(s / 60, 2, ' ');
            out.append(s / 60).append(':');
            pad(s % 60, 2, '0');
            out.append(s % 60).append('/');
            pad(total / 3600, 2, '0');
            out.append(total / 3600).append(':');
            pad(total / 60 % 60, 2, '0');
            out.append(total / 60 % 60).append(':');
            pad(total % 60, 2, '0');
            out.append(total % 60).append(')');
        }
        out.append(nl);
    }

    /** The fill before a number written after it, so that the two take {@code width} columns. */
    private void pad(long v, int width, char fill) {
        for (int n = width - digits(v); n > 0; n--) {
            out.append(fill);
        }
    }

    private static int digits(long v) {
        int n = v < 0 ? 2 : 1;
        for (long rest = Math.abs(v); rest >= 10; rest /= 10) {
            n++;
        }
        return n;
    }

    private void spaces(int n) {
        for (int i = 0; i < n; i++) {
            out.append(' ');
        }
    }

    /** The columns a text takes from {@code start} to its end: two for a full-width character, one for ASCII. */
    private static int displayWidth(CharSequence s, int start) {
        int w = 0;
        for (int i = start; i < s.length(); i++) {
            w += s.charAt(i) < 0x80 ? 1 : 2;
        }
        return w;
    }

    /** The KIF end line's word, or null when the record has no end. */
    private String endWord(Side mover) {
        return EndingWords.kif(record.end(), mover);
    }

    // ---------------------------------------------------------------- KI2 moves

    private int ki2Moves() {
        RecordBoard board = new RecordBoard(record.start());
        List<RecordedMove> moves = record.recordedMoves();
        Square lastTo = null;
        int onLine = 0;
        for (int i = 0; i < moves.size(); i++) {
            RecordedMove rm = moves.get(i);
            Move m = rm.move();
            Side side = board.sideToMove();
            PieceType kind = Writers.check(record, board, m, i);
            String token = (side == Side.SENTE ? "▲" : "△") + ki2Text(board, m, kind, side, lastTo);
            if (onLine > 0) {
                spaces(Math.max(1, 12 - displayWidth(previous, 0)));
            }
            out.append(token);
            previous = token;
            onLine++;
            board.play(m);
            lastTo = m.to();
            if (onLine == 6 || !rm.comments().isEmpty() || i == moves.size() - 1) {
                out.append(nl);
                onLine = 0;
                comments(rm.comments());
            }
        }
        return moves.size();
    }

    /** A move in KI2: square (or 同), piece, the words that tell it apart, 成/不成/打. */
    public static String ki2Text(RecordBoard board, Move m, PieceType kind, Side side, Square lastTo) {
        StringBuilder sb = new StringBuilder(8);
        sb.append(m.to().equals(lastTo) ? "同" + (KifNames.moveName(kind).length() == 1 ? "\u3000" : "")
                : KifNames.square(m.to()));
        sb.append(KifNames.moveName(kind));
        List<Square> candidates = candidates(board, m.to(), kind, side);
        if (m.isDrop()) {
            // 打 also marks a drop of a piece the mover does not hold (a foul the record ends with)
            if (!candidates.isEmpty() || board.inHand(side, kind) == 0) {
                sb.append('打');
            }
            return sb.toString();
        }
        sb.append(Ki2Relative.wordsFor(m.from(), m.to(), candidates, side));
        if (m.promote()) {
            sb.append('成');
        } else if (Writers.couldPromote(kind, m, side)) {
            sb.append("不成");
        }
        return sb.toString();
    }

    /** The squares of the side's pieces of a kind that could move to a square. */
    public static List<Square> candidates(RecordBoard board, Square to, PieceType kind, Side side) {
        List<Square> list = new ArrayList<>(2);
        for (int i = 0; i < 81; i++) {
            Square sq = Square.ofIndex(i);
            Piece p = board.at(sq);
            if (p != null && p.side() == side && p.type() == kind && board.reaches(sq, to)) {
                list.add(sq);
            }
        }
        return list;
    }

    // ---------------------------------------------------------------- summary

    private void summary(int plies) {
        RecordEnd end = record.end();
        if (end.kind() == EndKind.NONE) {
            return;
        }
        Side side = end.side();
        String what = switch (end.kind()) {
            case NONE -> throw new IllegalStateException();
            case RESIGNATION -> sideName(side.opponent()) + "の勝ち";
            case CHECKMATE -> "詰み";
            case REPETITION -> "千日手";
            case PERPETUAL_CHECK, ILLEGAL_MOVE -> sideName(side) + "の反則負け";
            case IMPASSE_DECLARATION -> sideName(side) + "の入玉勝ち";
            case IMPASSE_DRAW -> "持将棋";
            case DRAW, MAX_MOVES -> "引き分け";
            case TIME_UP -> "時間切れにより" + sideName(side.opponent()) + "の勝ち";
            case ABORTED -> "中断";
        };
        out.append("まで").append(plies).append("手で").append(what).append(nl);
    }
}
