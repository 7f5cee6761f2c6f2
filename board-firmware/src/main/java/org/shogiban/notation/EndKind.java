package org.shogiban.notation;

/** How a game record says the game ended; {@link RecordEnd} adds whom it concerns. */
public enum EndKind {
    /** The record stops without saying how the game ended (a game in progress, or a record that omits it). */
    NONE(false),
    /** 投了 (tōryō), CSA {@code %TORYO}: the side resigned. */
    RESIGNATION(true),
    /** 詰み (tsumi), CSA {@code %TSUMI}: the side to move is checkmated. */
    CHECKMATE(true),
    /** 千日手 (sennichite), CSA {@code %SENNICHITE}: fourfold repetition, a draw. */
    REPETITION(false),
    /** 連続王手の千日手, CSA {@code %OUTE_SENNICHITE}: repetition by perpetual check; the checking side loses. */
    PERPETUAL_CHECK(true),
    /** 入玉勝ち / 宣言勝ち, CSA {@code %KACHI}: the side declares an impasse win (入玉宣言). */
    IMPASSE_DECLARATION(true),
    /** 持将棋 (jishōgi), CSA {@code %JISHOGI}: both kings entered, the game is a draw by impasse. */
    IMPASSE_DRAW(false),
    /** 引き分け, CSA {@code %HIKIWAKE}: a draw agreed or ruled for another reason. */
    DRAW(false),
    /** CSA {@code %MAX_MOVES}: the game reached the tournament's move limit, a draw. */
    MAX_MOVES(false),
    /** 反則負け / 反則勝ち, CSA {@code %ILLEGAL_MOVE} / {@code %±ILLEGAL_ACTION}: the side committed a foul. */
    ILLEGAL_MOVE(true),
    /** 切れ負け, CSA {@code %TIME_UP}: the side ran out of time. */
    TIME_UP(true),
    /** 中断 (chūdan), CSA {@code %CHUDAN}: the game was stopped without a result. */
    ABORTED(false);

    private final boolean concernsSide;

    EndKind(boolean concernsSide) {
        this.concernsSide = concernsSide;
    }

    /** Whether this ending names a side (the one who resigned, was mated, declared, fouled or ran out of time). */
    public boolean concernsSide() {
        return concernsSide;
    }
}
