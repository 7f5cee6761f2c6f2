package org.shogiban.notation.kif;

import java.util.ArrayList;
import java.util.List;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * The words KI2 adds when several pieces of one kind can move to the same square: 上 (moves up, towards the
 * enemy), 引 (moves back), 寄 (moves sideways), 直 (moves straight forward), 右 / 左 (the piece on the mover's right
 * or left). Directions are seen from the mover's side of the board.
 */
public final class Ki2Relative {
    private static final String[] CHOICES = {"上", "引", "寄", "直", "右", "左", "右上", "右引", "右寄", "左上", "左引",
        "左寄", "右直", "左直"};

    private Ki2Relative() {
    }

    /** The candidates that fit the words (direction words first, then 右/左). */
    public static List<Square> filter(List<Square> candidates, Square to, Side side, String words) {
        List<Square> kept = new ArrayList<>(candidates);
        for (int i = 0; i < words.length(); i++) {
            char c = words.charAt(i);
            if (c != '右' && c != '左') {
                kept.removeIf(from -> !direction(c, from, to, side));
            }
        }
        for (int i = 0; i < words.length(); i++) {
            char c = words.charAt(i);
            if ((c == '右' || c == '左') && kept.size() > 1) {
                int best = c == '右' ? Integer.MAX_VALUE : Integer.MIN_VALUE;
                for (Square sq : kept) {
                    int f = file(sq, side);
                    best = c == '右' ? Math.min(best, f) : Math.max(best, f);
                }
                int keep = best;
                kept.removeIf(sq -> file(sq, side) != keep);
            }
        }
        return kept;
    }

    /** The shortest words that single out {@code from} among the candidates ("" when it is the only one). */
    public static String wordsFor(Square from, Square to, List<Square> candidates, Side side) {
        if (candidates.size() <= 1) {
            return "";
        }
        for (String words : CHOICES) {
            List<Square> kept = filter(candidates, to, side, words);
            if (kept.size() == 1 && kept.get(0).equals(from)) {
                return words;
            }
        }
        throw new IllegalStateException("no KI2 words single out " + from + " among " + candidates);
    }

    /** JKF's letters for KI2 words: L 左, C 直, R 右, U 上, M 寄, D 引, H 打. */
    public static String jkfLetters(String words) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words.length(); i++) {
            sb.append(switch (words.charAt(i)) {
                case '左' -> 'L';
                case '直' -> 'C';
                case '右' -> 'R';
                case '上' -> 'U';
                case '寄' -> 'M';
                case '引' -> 'D';
                case '打' -> 'H';
                default -> throw new IllegalArgumentException("no JKF letter for " + words.charAt(i));
            });
        }
        return sb.toString();
    }

    private static boolean direction(char word, Square from, Square to, Side side) {
        int dy = rank(to, side) - rank(from, side);
        return switch (word) {
            case '上', '行', '入' -> dy < 0;
            case '引' -> dy > 0;
            case '寄' -> dy == 0;
            case '直' -> dy == -1 && from.file() == to.file();
            default -> true;
        };
    }

    /** The file as the mover sees it: smaller is further right. */
    private static int file(Square sq, Side side) {
        return side == Side.SENTE ? sq.file() : 10 - sq.file();
    }

    /** The rank as the mover sees it: smaller is further towards the enemy. */
    private static int rank(Square sq, Side side) {
        return side == Side.SENTE ? sq.rank() : 10 - sq.rank();
    }
}
