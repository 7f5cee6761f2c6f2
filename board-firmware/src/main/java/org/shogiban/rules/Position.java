package org.shogiban.rules;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable shogi position: the pieces on the board, both hands, the side to move and the move number. Answers
 * every rules question about it: legal moves, the verdict for any candidate move, check and checkmate.
 */
public final class Position {
    private static final Position START = fromSfen(Sfen.STARTPOS);

    /**
     * A board per thread to ask the rules' questions on (a verdict makes and unmakes the move, legal move generation
     * marks pins): loaded from the position's own board instead of copying it per question, which made a verdict
     * allocate about 5 KB (the most of a scan pass's allocation when a move settles).
     */
    private static final ThreadLocal<Mailbox> SCRATCH = ThreadLocal.withInitial(Mailbox::new);
    /** The moves buffer of {@link #legalMoves}, per thread as the scratch board. */
    private static final ThreadLocal<int[]> MOVES = ThreadLocal.withInitial(() -> new int[Mailbox.MAX_MOVES]);

    private final Mailbox board;
    private final int moveNumber;
    private List<Move> legalMoves;
    /** The repetition key, made on first use: games, handicap look-ups and equality ask for it many times. */
    private String repetitionKey;
    /** The SFEN, made on first use: the snapshot and the journal write the position at every change. */
    private String sfen;

    private Position(Mailbox board, int moveNumber) {
        this.board = board;
        this.moveNumber = moveNumber;
    }

    /** The even-game (平手, hirate) start position. */
    public static Position startpos() {
        return START;
    }

    /** Reads SFEN; throws {@link NotationException} naming what is wrong and where. */
    public static Position fromSfen(String sfen) {
        Mailbox b = new Mailbox();
        int moveNumber = Sfen.parse(sfen, b);
        return new Position(b, moveNumber);
    }

    /** The full SFEN: board, side to move, hands, move number. */
    public String toSfen() {
        String text = sfen;
        if (text == null) {
            text = Sfen.write(board, moveNumber);
            sfen = text;
        }
        return text;
    }

    /** Board, hands and side to move: equal for positions that count as the same for sennichite. */
    public String repetitionKey() {
        String key = repetitionKey;
        if (key == null) {
            // racy but safe, as legalMoves: a String is immutable, and two threads would make equal keys
            key = Sfen.writeWithoutMoveNumber(board);
            repetitionKey = key;
        }
        return key;
    }

    public Side sideToMove() {
        return Side.values()[board.side];
    }

    public int moveNumber() {
        return moveNumber;
    }

    /** The piece on a square, or null when it is empty. */
    public Piece pieceAt(Square square) {
        return Piece.fromCode(board.squares[square.index()]);
    }

    /** The pieces a side holds in hand. */
    public Hand hand(Side side) {
        return Hand.of(board.hands[side.ordinal()]);
    }

    /** The square of a side's king, or null when the position has none (tsume problems). */
    public Square kingSquare(Side side) {
        int k = board.kings[side.ordinal()];
        return k < 0 ? null : Square.ofIndex(k);
    }

    /** Whether the side to move is in check (王手). */
    public boolean isInCheck() {
        return board.inCheck();
    }

    /** Whether a square is attacked by a side's pieces. */
    public boolean isAttackedBy(Square square, Side side) {
        return board.isAttacked(square.index(), side.ordinal());
    }

    /** Every legal move of the side to move, promoting and non-promoting both where promotion is optional. */
    public List<Move> legalMoves() {
        List<Move> moves = legalMoves;
        if (moves == null) {
            int[] buf = MOVES.get();
            int n = scratch().generateLegal(buf);
            List<Move> list = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                list.add(decode(buf[i]));
            }
            moves = Collections.unmodifiableList(list);
            legalMoves = moves;
        }
        return moves;
    }

    /** Whether the side to move has no legal move: checkmate when in check, and a loss in shogi either way. */
    public boolean hasNoLegalMove() {
        List<Move> moves = legalMoves;
        return moves != null ? moves.isEmpty() : !scratch().hasLegalMove();
    }

    /** Whether the side to move is checkmated (詰み). */
    public boolean isCheckmate() {
        return isInCheck() && hasNoLegalMove();
    }

    /** The rules' verdict for a candidate move of the side to move. */
    public Verdict verdict(Move move) {
        return MoveJudge.judge(scratch(), move);
    }

    /** This thread's scratch board, loaded with this position (the rules' questions change and restore it). */
    private Mailbox scratch() {
        return SCRATCH.get().load(board);
    }

    /**
     * The verdict for a drop as hands make it on the board: a piece of a kind taken from a side's hand (komadai) and
     * put down face up, or face down (promoted side up). A piece from the opponent's hand is not the mover's piece
     * ({@link IllegalReason#INVALID_MOVEMENT}); a drop never promotes ({@link IllegalReason#INVALID_PROMOTION}).
     */
    public Verdict verdictOfDrop(Side handOwner, PieceType kind, Square to, boolean promotedFace) {
        if (handOwner != sideToMove()) {
            return Verdict.illegal(IllegalReason.INVALID_MOVEMENT);
        }
        if (promotedFace) {
            return Verdict.illegal(IllegalReason.INVALID_PROMOTION);
        }
        return verdict(Move.drop(kind, to));
    }

    public boolean isLegal(Move move) {
        return verdict(move).isLegal();
    }

    /** The position after a legal move; throws {@link IllegalMoveException} with the verdict otherwise. */
    public Position play(Move move) {
        Verdict v = verdict(move);
        if (!v.isLegal()) {
            throw new IllegalMoveException(move, v.reason());
        }
        return playUnchecked(move);
    }

    /** The position after a move already known to be legal. */
    Position playUnchecked(Move move) {
        Mailbox next = board.copy();
        next.advance(encode(move));
        return new Position(next, moveNumber + 1);
    }

    /** The same position with another move number. */
    public Position withMoveNumber(int number) {
        if (number < 1) {
            throw new IllegalArgumentException("move number must be positive, was " + number);
        }
        return new Position(board.copy(), number);
    }

    /** perft: the number of leaf nodes of the legal move tree to a depth (bulk-counted at the last ply). */
    public long perft(int depth) {
        if (depth < 0) {
            throw new IllegalArgumentException("perft depth must be 0 or more, was " + depth);
        }
        return board.copy().perft(depth);
    }

    /** perft split by first move, in generation order. */
    public Map<Move, Long> perftDivide(int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("perft divide needs depth 1 or more, was " + depth);
        }
        Map<Move, Long> result = new LinkedHashMap<>();
        Mailbox work = board.copy();
        int[] buf = new int[Mailbox.MAX_MOVES];
        int n = work.generateLegal(buf);
        for (int i = 0; i < n; i++) {
            work.make(buf[i]);
            result.put(decode(buf[i]), work.perft(depth - 1));
            work.unmake(buf[i]);
        }
        return result;
    }

    static int encode(Move move) {
        if (move.isDrop()) {
            return Mailbox.dropMove(move.drop().handIndex(), move.to().index());
        }
        return Mailbox.boardMove(move.from().index(), move.to().index(), move.promote());
    }

    static Move decode(int move) {
        Square to = Square.ofIndex(Mailbox.to(move));
        if (Mailbox.isDrop(move)) {
            return Move.drop(PieceType.HAND_KINDS[Mailbox.dropIndex(move)], to);
        }
        return Move.of(Square.ofIndex(Mailbox.from(move)), to, Mailbox.isPromotion(move));
    }

    Mailbox board() {
        return board;
    }

    @Override
    public boolean equals(Object o) {
        // the same instance first: the board compares its view every scan pass, and the key is a whole SFEN
        return o == this || o instanceof Position p && p.moveNumber == moveNumber
                && p.repetitionKey().equals(repetitionKey());
    }

    @Override
    public int hashCode() {
        return repetitionKey().hashCode() * 31 + moveNumber;
    }

    @Override
    public String toString() {
        return toSfen();
    }
}
