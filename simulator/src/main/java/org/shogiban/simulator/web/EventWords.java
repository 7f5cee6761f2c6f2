package org.shogiban.simulator.web;

import org.shogiban.rules.GameResult;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;

/**
 * The board's events as words for the page's tables ({@link PageWords}): sides, plies, squares, kifu words and result
 * codes as arguments, never sentences; the sentences are in messages_ja.json and messages_en.json.
 */
final class EventWords {
    private EventWords() {
    }

    /**
     * The words for an event; {@code kifu} is the move in kifu words (☗７六歩) for a move played, an illegal move
     * or a hint, else null (its USI then).
     */
    static PageWords of(BoardEvent event, String kifu, int plies) {
        return switch (event) {
            case BoardEvent.SetupStarted s -> PageWords.of("setup");
            case BoardEvent.GameStarted g -> PageWords.of("started", "side", side(g.start().sideToMove()));
            case BoardEvent.MovePlayed m -> PageWords.of("move", "ply", Integer.toString(m.ply()), "side",
                    side(m.mover()), "kifu", kifu == null ? m.move().usi() : kifu, "usi", m.move().usi());
            case BoardEvent.IllegalMove i -> PageWords.of("illegal", "ply", Integer.toString(i.ply()), "side",
                    side(i.mover()), "kifu", kifu == null ? i.move().usi() : kifu, "usi", i.move().usi(), "reason",
                    i.reason().name());
            case BoardEvent.PromotionAsked p -> PageWords.of("promote", "square", p.square().usi());
            case BoardEvent.MovesTakenBack t -> PageWords.of("takeback", "count", Integer.toString(t.undone().size()));
            case BoardEvent.DiscrepancySeen d -> PageWords.of("differs");
            case BoardEvent.BackInSync b -> PageWords.of("inSync");
            case BoardEvent.GameOver o -> over(o.result(), plies);
            case BoardEvent.FaultChanged f -> PageWords.of("fault", "text", f.describe());
            case BoardEvent.ArbiterCalled a -> PageWords.of("arbiterCalled", "why", a.why());
            case BoardEvent.ArbiterActed a -> PageWords.of("arbiterActed", "what", a.action().describe());
            case BoardEvent.CheckPieces c -> PageWords.of("checkPieces");
            case BoardEvent.Refused r -> PageWords.of("refused", "what", r.what(), "why", r.why());
            case BoardEvent.OnlineSeeking o -> PageWords.of(o.seeking() ? (o.user() == null ? "onlineSeeking"
                    : "onlineChallenging") : "onlineStopped", "site", o.site(), "user", o.user() == null ? ""
                    : o.user());
            case BoardEvent.TimeUp t -> PageWords.of("timeUp", "side", side(t.side()));
            case BoardEvent.ClockBeep b -> PageWords.of(b.longTone() ? "clockLong" : "clockBeep", "side",
                    side(b.side()), "seconds", Long.toString((b.remainingMs() + 999) / 1000));
            case BoardEvent.ClockPressed p -> PageWords.of("clockRuns", "side", side(p.running()));
            case BoardEvent.GameResumed r -> PageWords.of("resumed", "plies", Integer.toString(r.plies()));
            case BoardEvent.OpponentMoved o -> PageWords.of("opponentMoved", "ply", Integer.toString(o.ply()), "side",
                    side(o.mover()), "kifu", o.words(), "usi", o.move().usi());
            case BoardEvent.HintShown h -> PageWords.of("hint", "ply", Integer.toString(h.ply()), "kifu",
                    kifu == null ? h.move().usi() : kifu, "usi", h.move().usi());
        };
    }

    /** A result: its status, winner and the foul's reason as codes the tables name (RESIGNATION, sente, ...). */
    static PageWords over(GameResult result, int plies) {
        return PageWords.of("over", "status", result.status().name(), "winner",
                result.winner() == null ? "" : side(result.winner()), "reason",
                result.reason() == null ? "" : result.reason().name(), "plies", Integer.toString(plies));
    }

    private static String side(Side side) {
        return side.label();
    }
}
