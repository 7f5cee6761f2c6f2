package org.shogiban.app;

import org.shogiban.hal.Board;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardListener;

/**
 * The sounds and the clock display for what the session reports: a short beep when a game starts, a move counts or
 * moves are taken back; a long tone for an illegal move, a discrepancy and when the arbiter is called; the clock's
 * beeps (short at the schedule's marks, long at time up). The clock display is blanked while the players set up.
 */
final class BoardSignals implements BoardListener {
    private final Board board;

    BoardSignals(Board board) {
        this.board = board;
    }

    @Override
    public void onEvent(BoardEvent event) {
        switch (event) {
            case BoardEvent.SetupStarted s -> board.clock().blank();
            case BoardEvent.GameStarted g -> board.buzzer().beep();
            case BoardEvent.MovePlayed m -> board.buzzer().beep();
            case BoardEvent.MovesTakenBack t -> board.buzzer().beep();
            case BoardEvent.IllegalMove i -> board.buzzer().longTone();
            case BoardEvent.DiscrepancySeen d -> board.buzzer().longTone();
            case BoardEvent.ArbiterCalled a -> board.buzzer().longTone();
            case BoardEvent.ClockBeep b -> {
                if (b.longTone()) {
                    board.buzzer().longTone();
                } else {
                    board.buzzer().beep();
                }
            }
            default -> {
                // the LEDs show the rest
            }
        }
    }
}
