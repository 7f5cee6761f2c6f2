package org.shogiban.rules;

/** Where a game stands: still going, or how it ended. */
public enum GameStatus {
    ONGOING,
    /** The side to move is in check and has no legal move (詰み). */
    CHECKMATE,
    /** The side to move has no legal move without being in check: a loss in shogi, there is no stalemate. */
    NO_LEGAL_MOVES,
    /** A player made an illegal move (反則負け); play stopped there. */
    ILLEGAL_MOVE,
    /** The same position arose for the fourth time (千日手, sennichite): a draw. */
    REPETITION_DRAW,
    /** Sennichite where one side gave check with every move of the cycle (連続王手の千日手): that side loses. */
    PERPETUAL_CHECK,
    /** A valid impasse declaration (入玉宣言): a win, or a draw under the 24-point rule. */
    IMPASSE_DECLARATION,
    /** A player resigned (投了). */
    RESIGNATION,
    /** A player ran out of time (切れ負け). */
    TIME_UP,
    /** The game was stopped without a result (中断). */
    ABORTED;

    /** Whether the game is over. */
    public boolean isFinal() {
        return this != ONGOING;
    }
}
