package org.shogiban.online;

import java.util.Locale;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Side;

/**
 * An ending the site reports ({@code status} and {@code winner} of a {@code gameState}) as the board's result: its
 * status among the board's and the site's word kept as the note. Every status of lishogi's table has one.
 *
 * @param status the board's status
 * @param winner the winner, or null for none
 * @param siteStatus the site's word, e.g. {@code outoftime}
 */
public record SiteEnding(GameStatus status, Side winner, String siteStatus) {

    /** Whether a site status is still being played ({@code created}, {@code started}, {@code paused}). */
    public static boolean ongoing(String siteStatus) {
        return siteStatus == null || switch (siteStatus) {
            case "created", "started", "paused" -> true;
            default -> false;
        };
    }

    /**
     * The board's result for the site's {@code status} and {@code winner} ({@code sente}, {@code gote} or none);
     * null while the game goes on.
     */
    public static SiteEnding of(String siteStatus, String winner) {
        if (ongoing(siteStatus)) {
            return null;
        }
        Side w = winner == null ? null : switch (winner.toLowerCase(Locale.ROOT)) {
            case "sente", "black" -> Side.SENTE;
            case "gote", "white" -> Side.GOTE;
            default -> null;
        };
        GameStatus status = switch (siteStatus) {
            case "mate", "check", "royalsLost", "bareKing" -> GameStatus.CHECKMATE;
            case "resign" -> GameStatus.RESIGNATION;
            case "stalemate" -> GameStatus.NO_LEGAL_MOVES;
            case "timeout", "outoftime" -> GameStatus.TIME_UP;
            case "repetition" -> w == null ? GameStatus.REPETITION_DRAW : GameStatus.PERPETUAL_CHECK;
            case "perpetualCheck" -> GameStatus.PERPETUAL_CHECK;
            case "impasse27", "tryRule" -> GameStatus.IMPASSE_DECLARATION;
            // the 700-ply cap and the site's draws: a drawn game, as 持将棋 is written
            case "draw" -> GameStatus.IMPASSE_DECLARATION;
            case "illegalMove", "cheat" -> GameStatus.ILLEGAL_MOVE;
            case "aborted", "noStart" -> GameStatus.ABORTED;
            // unknownFinish and anything newer: the winner the site names, else stopped
            default -> w == null ? GameStatus.ABORTED : GameStatus.RESIGNATION;
        };
        if (status == GameStatus.ABORTED || status == GameStatus.REPETITION_DRAW) {
            w = null;
        }
        if (w == null && (status == GameStatus.CHECKMATE || status == GameStatus.RESIGNATION
                || status == GameStatus.TIME_UP || status == GameStatus.PERPETUAL_CHECK
                || status == GameStatus.ILLEGAL_MOVE || status == GameStatus.NO_LEGAL_MOVES)) {
            status = GameStatus.ABORTED;
        }
        return new SiteEnding(status, w, siteStatus);
    }
}
