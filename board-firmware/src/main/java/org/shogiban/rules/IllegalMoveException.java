package org.shogiban.rules;

/** Thrown when a move that the rules reject is played; carries the move and the reason. */
public class IllegalMoveException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Move move;
    private final IllegalReason reason;

    public IllegalMoveException(Move move, IllegalReason reason) {
        super("illegal move " + move.usi() + ": " + reason);
        this.move = move;
        this.reason = reason;
    }

    public Move move() {
        return move;
    }

    public IllegalReason reason() {
        return reason;
    }
}
