package org.shogiban.notation.kif;

import org.shogiban.rules.PieceType;
import org.shogiban.rules.Square;

/** The Japanese and CSA names of pieces, squares and numbers that KIF, KI2 and CSA are written in. */
public final class KifNames {
    /** KIF and KI2 move names, by {@link PieceType} ordinal. */
    private static final String[] MOVE_NAMES = {"歩", "香", "桂", "銀", "金", "角", "飛", "玉", "と", "成香", "成桂",
        "成銀", "馬", "龍"};
    /** One-character names used in board diagrams, by ordinal (杏 圭 全 for the promoted lance, knight, silver). */
    private static final char[] BOARD_CHARS = {'歩', '香', '桂', '銀', '金', '角', '飛', '玉', 'と', '杏', '圭', '全', '馬',
        '龍'};
    /** CSA two-letter names, by ordinal. */
    private static final String[] CSA_NAMES = {"FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG",
        "UM", "RY"};
    private static final PieceType[] TYPES = PieceType.values();
    public static final String FULL_WIDTH_DIGITS = "０１２３４５６７８９";
    public static final String KANJI_DIGITS = "〇一二三四五六七八九";

    private KifNames() {
    }

    /** The KIF/KI2 name of a kind: 歩, 成銀, 龍 ... */
    public static String moveName(PieceType type) {
        return MOVE_NAMES[type.ordinal()];
    }

    /** The one-character name in a board diagram: 歩, 全, 龍 ... */
    public static char boardChar(PieceType type) {
        return BOARD_CHARS[type.ordinal()];
    }

    /** The CSA name: FU, NG, RY ... */
    public static String csaName(PieceType type) {
        return CSA_NAMES[type.ordinal()];
    }

    /** The kind of a CSA name, or null. */
    public static PieceType fromCsa(String name) {
        for (int i = 0; i < CSA_NAMES.length; i++) {
            if (CSA_NAMES[i].equals(name)) {
                return TYPES[i];
            }
        }
        return null;
    }

    /** The kind of a one-character board name (王 and 竜 accepted as 玉 and 龍), or null. */
    public static PieceType fromBoardChar(char c) {
        return switch (c) {
            case '王' -> PieceType.KING;
            case '竜' -> PieceType.DRAGON;
            default -> {
                for (int i = 0; i < BOARD_CHARS.length; i++) {
                    if (BOARD_CHARS[i] == c) {
                        yield TYPES[i];
                    }
                }
                yield null;
            }
        };
    }

    /**
     * Reads a piece name at an offset of a KIF or KI2 move: 成香/成桂/成銀 or one board character. Returns the kind
     * in {@code out[0]} and the number of characters read, 0 when there is no piece name there.
     */
    public static int readPieceName(String s, int at, PieceType[] out) {
        if (at >= s.length()) {
            return 0;
        }
        char c = s.charAt(at);
        if (c == '成' && at + 1 < s.length()) {
            PieceType base = fromBoardChar(s.charAt(at + 1));
            if (base == PieceType.LANCE || base == PieceType.KNIGHT || base == PieceType.SILVER) {
                out[0] = base.promoted();
                return 2;
            }
            return 0;
        }
        PieceType t = fromBoardChar(c);
        if (t == null) {
            return 0;
        }
        out[0] = t;
        return 1;
    }

    /** A file digit, full-width or ASCII: 1..9, or -1. */
    public static int fileDigit(char c) {
        if (c >= '１' && c <= '９') {
            return c - '０';
        }
        if (c >= '1' && c <= '9') {
            return c - '0';
        }
        return -1;
    }

    /** A rank in kanji (一..九) or ASCII: 1..9, or -1. */
    public static int rankDigit(char c) {
        int k = KANJI_DIGITS.indexOf(c);
        if (k >= 1) {
            return k;
        }
        if (c >= '1' && c <= '9') {
            return c - '0';
        }
        return -1;
    }

    /** A square in KIF/KI2 notation: ７六. */
    public static String square(Square sq) {
        return "" + FULL_WIDTH_DIGITS.charAt(sq.file()) + KANJI_DIGITS.charAt(sq.rank());
    }

    /** A count in kanji, 1..18: 一 .. 十八 (hands in board diagrams). */
    public static String kanjiNumber(int n) {
        if (n <= 0 || n > 18) {
            throw new IllegalArgumentException("no kanji count for " + n);
        }
        if (n < 10) {
            return String.valueOf(KANJI_DIGITS.charAt(n));
        }
        return n == 10 ? "十" : "十" + KANJI_DIGITS.charAt(n - 10);
    }

    /** Reads a kanji count (一 .. 十八, also one or two ASCII or full-width digits); -1 when it is none. */
    public static int parseKanjiNumber(String s) {
        if (s.isEmpty() || s.length() > 2) {
            return -1;
        }
        int value = 0;
        boolean digits = true;
        for (int i = 0; i < s.length(); i++) {
            int d = fileDigit(s.charAt(i));
            if (d < 0 && s.charAt(i) != '0' && s.charAt(i) != '０') {
                digits = false;
                break;
            }
            value = value * 10 + Math.max(d, 0);
        }
        if (digits) {
            return value;
        }
        if (s.charAt(0) == '十') {
            if (s.length() == 1) {
                return 10;
            }
            int k = KANJI_DIGITS.indexOf(s.charAt(1));
            return s.length() == 2 && k >= 1 ? 10 + k : -1;
        }
        int k = KANJI_DIGITS.indexOf(s.charAt(0));
        return s.length() == 1 && k >= 1 ? k : -1;
    }
}
