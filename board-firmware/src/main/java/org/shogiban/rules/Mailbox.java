package org.shogiban.rules;

import static org.shogiban.rules.Geometry.DIR;
import static org.shogiban.rules.Geometry.HAND_INDEX;
import static org.shogiban.rules.Geometry.KNIGHT_FROM;
import static org.shogiban.rules.Geometry.PROMOTE;
import static org.shogiban.rules.Geometry.RAY;
import static org.shogiban.rules.Geometry.SLIDES;
import static org.shogiban.rules.Geometry.SLIDE_MASK;
import static org.shogiban.rules.Geometry.STEPS;
import static org.shogiban.rules.Geometry.STEP_MASK;
import static org.shogiban.rules.Geometry.inZone;
import static org.shogiban.rules.Geometry.isDeadSquare;
import static org.shogiban.rules.Geometry.reverse;
import static org.shogiban.rules.Geometry.side;
import static org.shogiban.rules.Geometry.typeOrdinal;

import java.util.Arrays;

/**
 * The engine's mutable mailbox board (one array slot per square, the classic engine layout; named so that it is
 * not confused with the hardware's {@code hal.Board}): piece codes on 81 squares, both hands and the side to move, with make/unmake and
 * legal move generation on int-encoded moves. Owned by one thread at a time; {@link Position} wraps it immutably.
 *
 * <p>Move encoding: bits 0-6 target square, bits 7-13 source square (81 + hand index for drops), bit 14 promote.
 */
final class Mailbox {
    static final int MAX_MOVES = 600;
    private static final int DROP_BASE = 81;
    private static final int PROMOTE_BIT = 1 << 14;
    private static final int KING = 7;
    private static final int PAWN = 0;

    final int[] squares = new int[81];
    final int[][] hands = new int[2][7];
    final int[] kings = {-1, -1};
    int side;
    // the work arrays are made on first use: a position's own board (one per ply of every game) never searches, and
    // the rules' questions run on one scratch board per thread (Position#scratch) that keeps them
    private int[] undoCaptured;
    private int undoTop;
    private int[] pinDir;
    private int[] checkBuffer;
    /** The legal moves of {@link #hasLegalMove} (only their count is read, so nested calls may share it). */
    private int[] probe;

    Mailbox copy() {
        Mailbox b = new Mailbox();
        b.load(this);
        return b;
    }

    /** Makes this board a copy of another (pieces, hands, kings, side to move); its work arrays are kept. */
    Mailbox load(Mailbox from) {
        System.arraycopy(from.squares, 0, squares, 0, 81);
        for (int s = 0; s < 2; s++) {
            System.arraycopy(from.hands[s], 0, hands[s], 0, 7);
        }
        kings[0] = from.kings[0];
        kings[1] = from.kings[1];
        side = from.side;
        undoTop = 0;
        return this;
    }

    void put(int sq, int code) {
        squares[sq] = code;
        if (code != 0 && typeOrdinal(code) == KING) {
            kings[side(code)] = sq;
        }
    }

    // ---- move encoding ----

    static int boardMove(int from, int to, boolean promote) {
        return to | from << 7 | (promote ? PROMOTE_BIT : 0);
    }

    static int dropMove(int handIndex, int to) {
        return to | (DROP_BASE + handIndex) << 7;
    }

    static int to(int move) {
        return move & 127;
    }

    static int from(int move) {
        return (move >> 7) & 127;
    }

    static boolean isDrop(int move) {
        return from(move) >= DROP_BASE;
    }

    static boolean isPromotion(int move) {
        return (move & PROMOTE_BIT) != 0;
    }

    static int dropIndex(int move) {
        return from(move) - DROP_BASE;
    }

    // ---- make / unmake ----

    void make(int move) {
        if (undoCaptured == null || undoTop == undoCaptured.length) {
            undoCaptured = undoCaptured == null ? new int[16] : Arrays.copyOf(undoCaptured, undoTop * 2);
        }
        undoCaptured[undoTop++] = from(move) >= DROP_BASE ? 0 : squares[to(move)];
        advance(move);
    }

    /** Plays a move for good, with nothing to undo (a position's own board is made so, once). */
    void advance(int move) {
        int to = to(move);
        int from = from(move);
        if (from >= DROP_BASE) {
            hands[side][from - DROP_BASE]--;
            squares[to] = Geometry.code(side, from - DROP_BASE);
        } else {
            int piece = squares[from];
            int captured = squares[to];
            if (captured != 0) {
                hands[side][HAND_INDEX[captured]]++;
            }
            squares[from] = 0;
            squares[to] = (move & PROMOTE_BIT) != 0 ? PROMOTE[piece] : piece;
            if (typeOrdinal(piece) == KING) {
                kings[side] = to;
            }
        }
        side ^= 1;
    }

    void unmake(int move) {
        side ^= 1;
        int to = to(move);
        int from = from(move);
        int captured = undoCaptured[--undoTop];
        if (from >= DROP_BASE) {
            hands[side][from - DROP_BASE]++;
            squares[to] = 0;
        } else {
            int moved = squares[to];
            int piece = (move & PROMOTE_BIT) != 0 ? Geometry.DEMOTE[moved] : moved;
            squares[from] = piece;
            squares[to] = captured;
            if (captured != 0) {
                hands[side][HAND_INDEX[captured]]--;
            }
            if (typeOrdinal(piece) == KING) {
                kings[side] = from;
            }
        }
    }

    // ---- attacks ----

    /** Whether a piece of {@code attacker} attacks sq on the current board. */
    boolean isAttacked(int sq, int attacker) {
        for (int d = 0; d < 8; d++) {
            int[] ray = RAY[sq][d];
            int back = 1 << reverse(d);
            for (int k = 0; k < ray.length; k++) {
                int code = squares[ray[k]];
                if (code == 0) {
                    continue;
                }
                if (side(code) == attacker
                        && ((SLIDE_MASK[code] & back) != 0 || (k == 0 && (STEP_MASK[code] & back) != 0))) {
                    return true;
                }
                break;
            }
        }
        int knight = Geometry.code(attacker, 2);
        for (int from : KNIGHT_FROM[attacker][sq]) {
            if (squares[from] == knight) {
                return true;
            }
        }
        return false;
    }

    boolean inCheck() {
        int k = kings[side];
        return k >= 0 && isAttacked(k, side ^ 1);
    }

    /** Squares of the pieces giving check to the side to move: count in [0], squares in [1], [2]. */
    private int checkers(int[] out) {
        int k = kings[side];
        int them = side ^ 1;
        int n = 0;
        for (int d = 0; d < 8; d++) {
            int[] ray = RAY[k][d];
            int back = 1 << reverse(d);
            for (int i = 0; i < ray.length; i++) {
                int code = squares[ray[i]];
                if (code == 0) {
                    continue;
                }
                if (side(code) == them
                        && ((SLIDE_MASK[code] & back) != 0 || (i == 0 && (STEP_MASK[code] & back) != 0))) {
                    out[1 + n++] = ray[i];
                }
                break;
            }
        }
        int knight = Geometry.code(them, 2);
        for (int from : KNIGHT_FROM[them][k]) {
            if (squares[from] == knight) {
                out[1 + n++] = from;
            }
        }
        out[0] = n;
        return n;
    }

    // ---- legal move generation ----

    /** Fills {@code out} with every legal move of the side to move and returns how many there are. */
    int generateLegal(int[] out) {
        if (pinDir == null) {
            pinDir = new int[81];
            Arrays.fill(pinDir, -1);
            checkBuffer = new int[11];
        }
        int k = kings[side];
        if (k >= 0) {
            if (checkers(checkBuffer) > 0) {
                return generateEvasions(out, checkBuffer);
            }
        }
        int us = side;
        int pinnedCount = k >= 0 ? markPins(k) : 0;
        int n = 0;
        for (int sq = 0; sq < 81; sq++) {
            int code = squares[sq];
            if (code == 0 || side(code) != us) {
                continue;
            }
            if (sq == k) {
                for (int to : STEPS[code][sq]) {
                    int target = squares[to];
                    if ((target == 0 || side(target) != us) && !isAttacked(to, us ^ 1)) {
                        out[n++] = boardMove(sq, to, false);
                    }
                }
                continue;
            }
            int pin = pinDir[sq];
            for (int to : STEPS[code][sq]) {
                int target = squares[to];
                if ((target == 0 || side(target) != us) && (pin < 0 || DIR[k][to] == pin)) {
                    n = addBoardMove(out, n, code, sq, to);
                }
            }
            for (int d : SLIDES[code]) {
                if (pin >= 0 && d != pin && d != reverse(pin)) {
                    continue;
                }
                for (int to : RAY[sq][d]) {
                    int target = squares[to];
                    if (target == 0) {
                        n = addBoardMove(out, n, code, sq, to);
                    } else {
                        if (side(target) != us) {
                            n = addBoardMove(out, n, code, sq, to);
                        }
                        break;
                    }
                }
            }
        }
        if (pinnedCount > 0) {
            Arrays.fill(pinDir, -1);
        }
        return generateDrops(out, n, null, 0);
    }

    /** Marks own pieces pinned to the king at k with the direction from the king; returns how many. */
    private int markPins(int k) {
        int us = side;
        int count = 0;
        for (int d = 0; d < 8; d++) {
            int[] ray = RAY[k][d];
            int back = 1 << reverse(d);
            int shield = -1;
            for (int sq : ray) {
                int code = squares[sq];
                if (code == 0) {
                    continue;
                }
                if (side(code) == us) {
                    if (shield >= 0) {
                        break;
                    }
                    shield = sq;
                } else {
                    if (shield >= 0 && (SLIDE_MASK[code] & back) != 0) {
                        pinDir[shield] = d;
                        count++;
                    }
                    break;
                }
            }
        }
        return count;
    }

    private int addBoardMove(int[] out, int n, int code, int from, int to) {
        int type = typeOrdinal(code);
        if (PROMOTE[code] != 0 && (inZone(side, from) || inZone(side, to))) {
            out[n++] = boardMove(from, to, true);
            if (!isDeadSquare(type, side, to)) {
                out[n++] = boardMove(from, to, false);
            }
        } else {
            out[n++] = boardMove(from, to, false);
        }
        return n;
    }

    /**
     * Adds the legal drops of the side to move (which is not in check, or is and may only drop on the given
     * interposing squares).
     */
    private int generateDrops(int[] out, int n, int[] onlyOn, int onlyCount) {
        int us = side;
        int[] hand = hands[us];
        int kinds = 0;
        for (int i = 0; i < 7; i++) {
            if (hand[i] > 0) {
                kinds |= 1 << i;
            }
        }
        if (kinds == 0) {
            return n;
        }
        int pawnFiles = (kinds & 1) != 0 ? pawnFiles(us) : 0;
        int count = onlyOn == null ? 81 : onlyCount;
        for (int i = 0; i < count; i++) {
            int to = onlyOn == null ? i : onlyOn[i];
            if (squares[to] != 0) {
                continue;
            }
            int ahead = Geometry.rowsAhead(us, to);
            for (int kind = 0; kind < 7; kind++) {
                if ((kinds & (1 << kind)) == 0) {
                    continue;
                }
                if (kind == PAWN) {
                    if (ahead < 1 || (pawnFiles & (1 << Geometry.col(to))) != 0 || isPawnDropMate(to)) {
                        continue;
                    }
                } else if ((kind == 1 && ahead < 1) || (kind == 2 && ahead < 2)) {
                    continue;
                }
                out[n++] = dropMove(kind, to);
            }
        }
        return n;
    }

    /** Bit c set when the side has an unpromoted pawn on column c. */
    int pawnFiles(int s) {
        int pawn = Geometry.code(s, PAWN);
        int mask = 0;
        for (int sq = 0; sq < 81; sq++) {
            if (squares[sq] == pawn) {
                mask |= 1 << Geometry.col(sq);
            }
        }
        return mask;
    }

    /** Whether a pawn dropped on {@code to} by the side to move would give checkmate (uchifuzume). */
    boolean isPawnDropMate(int to) {
        int them = side ^ 1;
        int enemyKing = kings[them];
        if (enemyKing < 0 || enemyKing != to + (side == 0 ? -9 : 9)) {
            return false;
        }
        int move = dropMove(PAWN, to);
        make(move);
        boolean mate = !hasLegalMove();
        unmake(move);
        return mate;
    }

    /** Whether the side to move has any legal move at all. */
    boolean hasLegalMove() {
        if (probe == null) {
            probe = new int[MAX_MOVES];
        }
        return generateLegal(probe) > 0;
    }

    /** Legal moves when in check: king steps, and with a single checker its capture or an interposition. */
    private int generateEvasions(int[] out, int[] checks) {
        int us = side;
        int them = us ^ 1;
        int k = kings[us];
        int king = squares[k];
        int n = 0;
        squares[k] = 0; // the king must not shelter behind itself from a sliding checker
        for (int to : STEPS[king][k]) {
            int target = squares[to];
            if ((target == 0 || side(target) != us) && !isAttacked(to, them)) {
                out[n++] = boardMove(k, to, false);
            }
        }
        squares[k] = king;
        if (checks[0] > 1) {
            return n;
        }
        int checker = checks[1];
        int[] targets = new int[9];
        int targetCount = 0;
        targets[targetCount++] = checker;
        int d = DIR[k][checker];
        if (d >= 0) {
            for (int sq : RAY[k][d]) {
                if (sq == checker) {
                    break;
                }
                targets[targetCount++] = sq;
            }
        }
        int[] pseudo = new int[MAX_MOVES];
        int p = 0;
        for (int sq = 0; sq < 81; sq++) {
            int code = squares[sq];
            if (code == 0 || side(code) != us || sq == k) {
                continue;
            }
            for (int to : STEPS[code][sq]) {
                if (contains(targets, targetCount, to) && (squares[to] == 0 || side(squares[to]) != us)) {
                    p = addBoardMove(pseudo, p, code, sq, to);
                }
            }
            for (int dir : SLIDES[code]) {
                for (int to : RAY[sq][dir]) {
                    int target = squares[to];
                    if (contains(targets, targetCount, to) && (target == 0 || side(target) != us)) {
                        p = addBoardMove(pseudo, p, code, sq, to);
                    }
                    if (target != 0) {
                        break;
                    }
                }
            }
        }
        for (int i = 0; i < p; i++) {
            make(pseudo[i]);
            boolean safe = !isAttacked(kings[us], them);
            unmake(pseudo[i]);
            if (safe) {
                out[n++] = pseudo[i];
            }
        }
        // drops can only interpose, never capture: the checker's own square is occupied
        return generateDrops(out, n, targets, targetCount);
    }

    private static boolean contains(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    // ---- perft ----

    /** Counts leaf nodes of the legal move tree to a depth, counting the last ply in bulk. */
    long perft(int depth) {
        return perft(depth, new int[Math.max(depth, 1)][MAX_MOVES]);
    }

    private long perft(int depth, int[][] buffers) {
        if (depth == 0) {
            return 1;
        }
        int[] moves = buffers[depth - 1];
        int count = generateLegal(moves);
        if (depth == 1) {
            return count;
        }
        long nodes = 0;
        for (int i = 0; i < count; i++) {
            make(moves[i]);
            nodes += perft(depth - 1, buffers);
            unmake(moves[i]);
        }
        return nodes;
    }
}
