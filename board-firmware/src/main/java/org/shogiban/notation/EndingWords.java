package org.shogiban.notation;

import java.util.Map;
import org.shogiban.rules.Side;

/**
 * The words for a game's ending, said once for every format: the KIF/KI2 end line word, the CSA {@code %} word
 * (written without its {@code %}) and the JKF {@code special}, which is the CSA word where JKF has one. Fouls
 * depend on who is to move: the mover's own foul is 反則負け / {@code ILLEGAL_MOVE}, the last mover's is 反則勝ち /
 * {@code +ILLEGAL_ACTION} (sente's foul) or {@code -ILLEGAL_ACTION} (gote's).
 */
public final class EndingWords {
    /** One row of the table: an ending and its words; null where the format has no word of its own. */
    private enum Row {
        RESIGNATION(EndKind.RESIGNATION, "投了", "TORYO"),
        CHECKMATE(EndKind.CHECKMATE, "詰み", "TSUMI"),
        REPETITION(EndKind.REPETITION, "千日手", "SENNICHITE"),
        // KIF and JKF have no word for it: the JSA rules rule it a foul by the checking side
        PERPETUAL_CHECK(EndKind.PERPETUAL_CHECK, null, "OUTE_SENNICHITE"),
        IMPASSE_DECLARATION(EndKind.IMPASSE_DECLARATION, "入玉勝ち", "KACHI"),
        IMPASSE_DRAW(EndKind.IMPASSE_DRAW, "持将棋", "JISHOGI"),
        DRAW(EndKind.DRAW, "引き分け", "HIKIWAKE"),
        // KIF and JKF have no word for the move limit: a draw
        MAX_MOVES(EndKind.MAX_MOVES, null, "MAX_MOVES"),
        TIME_UP(EndKind.TIME_UP, "切れ負け", "TIME_UP"),
        ABORTED(EndKind.ABORTED, "中断", "CHUDAN");

        private final EndKind kind;
        private final String kif;
        private final String csa;

        Row(EndKind kind, String kif, String csa) {
            this.kind = kind;
            this.kif = kif;
            this.csa = csa;
        }
    }

    /** KIF words other programs write for the same endings; 封じ手 and 不詰 end a record without a result. */
    private static final Map<String, EndKind> KIF_SYNONYMS = Map.of("詰", EndKind.CHECKMATE, "時間切れ",
            EndKind.TIME_UP, "Time-up", EndKind.TIME_UP, "宣言勝ち", EndKind.IMPASSE_DECLARATION, "入玉宣言勝ち",
            EndKind.IMPASSE_DECLARATION, "封じ手", EndKind.NONE, "不詰", EndKind.NONE);

    private EndingWords() {
    }

    /** The KIF end line word for an ending, {@code mover} being the side to move; null for no ending. */
    public static String kif(RecordEnd end, Side mover) {
        return switch (end.kind()) {
            case NONE -> null;
            case ILLEGAL_MOVE, PERPETUAL_CHECK -> end.side() == mover ? "反則負け" : "反則勝ち";
            case MAX_MOVES -> Row.DRAW.kif;
            default -> row(end.kind()).kif;
        };
    }

    /** The ending a KIF/KI2 end line word says, {@code mover} being the side to move; null when it is none. */
    public static RecordEnd fromKif(String word, Side mover) {
        switch (word) {
            case "反則負け" -> {
                return RecordEnd.of(EndKind.ILLEGAL_MOVE, mover);
            }
            case "反則勝ち" -> {
                return RecordEnd.of(EndKind.ILLEGAL_MOVE, mover.opponent());
            }
            default -> {
            }
        }
        EndKind kind = KIF_SYNONYMS.get(word);
        for (Row r : Row.values()) {
            if (word.equals(r.kif)) {
                kind = r.kind;
            }
        }
        return kind == null ? null : of(kind, mover);
    }

    /** The CSA ending without its {@code %}; null for no ending. */
    public static String csa(RecordEnd end, Side mover) {
        if (end.kind() == EndKind.NONE) {
            return null;
        }
        return end.kind() == EndKind.ILLEGAL_MOVE ? foul(end, mover) : row(end.kind()).csa;
    }

    /** The JKF special; null for no ending. */
    public static String jkf(RecordEnd end, Side mover) {
        return switch (end.kind()) {
            case NONE -> null;
            case ILLEGAL_MOVE, PERPETUAL_CHECK -> foul(end, mover);
            case MAX_MOVES -> Row.DRAW.csa;
            default -> row(end.kind()).csa;
        };
    }

    /** The ending a CSA word (without {@code %}) or a JKF special says; null when it is none of them. */
    public static RecordEnd fromCsa(String word, Side mover) {
        switch (word) {
            case "ILLEGAL_MOVE" -> {
                return RecordEnd.of(EndKind.ILLEGAL_MOVE, mover);
            }
            case "+ILLEGAL_ACTION" -> {
                return RecordEnd.of(EndKind.ILLEGAL_MOVE, Side.SENTE);
            }
            case "-ILLEGAL_ACTION" -> {
                return RecordEnd.of(EndKind.ILLEGAL_MOVE, Side.GOTE);
            }
            default -> {
            }
        }
        for (Row r : Row.values()) {
            if (word.equals(r.csa)) {
                return of(r.kind, mover);
            }
        }
        return null;
    }

    /** The CSA words, for error messages. */
    public static String csaWords(String prefix) {
        StringBuilder sb = new StringBuilder();
        for (Row r : Row.values()) {
            sb.append(prefix).append(r.csa).append(", ");
        }
        return sb.append(prefix).append("ILLEGAL_MOVE, ").append(prefix).append("+ILLEGAL_ACTION or ")
                .append(prefix).append("-ILLEGAL_ACTION").toString();
    }

    private static String foul(RecordEnd end, Side mover) {
        return end.side() == mover ? "ILLEGAL_MOVE" : end.side() == Side.SENTE ? "+ILLEGAL_ACTION"
                : "-ILLEGAL_ACTION";
    }

    private static RecordEnd of(EndKind kind, Side mover) {
        if (kind == EndKind.PERPETUAL_CHECK) {
            return RecordEnd.of(kind, mover.opponent()); // the checking side made the last move
        }
        return kind.concernsSide() ? RecordEnd.of(kind, mover) : RecordEnd.of(kind);
    }

    private static Row row(EndKind kind) {
        for (Row r : Row.values()) {
            if (r.kind == kind) {
                return r;
            }
        }
        throw new IllegalArgumentException("no words for " + kind);
    }
}
