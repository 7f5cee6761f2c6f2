package org.shogiban.notation;

import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Side;

/**
 * Rules on a game record as an arbiter would. The moves are replayed with the rules engine; what the position
 * decides (checkmate, no legal move, sennichite, perpetual check, an illegal move) wins over what the record claims
 * and play stops there. Otherwise the record's ending is ruled: resignation and time-up as written, an impasse
 * declaration (入玉宣言) by the given point rule (invalid: an illegal move by the declarer), a recorded foul for the
 * side the record names (its ply is the move that side was to make, or its last move when the other side is to
 * move, as after CSA {@code %-ILLEGAL_ACTION}), an abort as aborted. Claims the position does not bear out
 * (checkmate, sennichite) leave the game {@link GameStatus#ONGOING}. 持将棋 is ruled an impasse draw; draws by
 * agreement or move limit, for which the rules engine has no status, are ruled {@link GameStatus#ABORTED} with no
 * winner.
 */
public final class RecordJudge {
    private RecordJudge() {
    }

    /** The ruling on a record, impasse declarations judged by a point rule. */
    public static RecordRuling rule(GameRecord record, ImpasseRule impasseRule) {
        Game game = new Game(record.start());
        for (Move move : record.moves()) {
            if (game.isOver()) {
                break;
            }
            game.play(move);
        }
        if (game.isOver()) {
            return of(game, game.result());
        }
        RecordEnd end = record.end();
        Side toMove = game.current().sideToMove();
        return switch (end.kind()) {
            case RESIGNATION -> of(game, game.resign(end.side()));
            case TIME_UP -> of(game, game.timeUp(end.side()));
            case ABORTED -> of(game, game.abort());
            case IMPASSE_DECLARATION -> end.side() == toMove ? of(game, game.declareImpasse(impasseRule))
                    : new RecordRuling(game.plies(), game.current(), GameStatus.ILLEGAL_MOVE, end.side().opponent(),
                            IllegalReason.INVALID_DECLARATION, game.plies() + 1);
            // the foul is the move the side was to make, or else its last move (CSA %±ILLEGAL_ACTION after it)
            case ILLEGAL_MOVE -> new RecordRuling(game.plies(), game.current(), GameStatus.ILLEGAL_MOVE,
                    end.side().opponent(), end.reason(),
                    end.side() == toMove || game.plies() == 0 ? game.plies() + 1 : game.plies());
            case IMPASSE_DRAW -> new RecordRuling(game.plies(), game.current(), GameStatus.IMPASSE_DECLARATION, null,
                    null, 0);
            case DRAW, MAX_MOVES -> new RecordRuling(game.plies(), game.current(), GameStatus.ABORTED, null, null, 0);
            case NONE, CHECKMATE, REPETITION, PERPETUAL_CHECK -> of(game, game.result());
        };
    }

    private static RecordRuling of(Game game, GameResult result) {
        return new RecordRuling(game.plies(), game.current(), result.status(), result.winner(), result.reason(),
                result.ply());
    }
}
