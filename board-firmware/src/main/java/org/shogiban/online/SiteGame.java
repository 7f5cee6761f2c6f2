package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Arrays;
import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.OnlineSeat;

/**
 * A game on the site as its stream tells it ({@code gameFull}, then each {@code gameState}): who plays which side,
 * the start, the moves the site has, the clocks and the status. Immutable; {@link #with} gives the next state.
 *
 * @param id the game's id
 * @param own the side the account (the board) plays
 * @param initial the game's start ({@code initialSfen}; the even start for {@code startpos})
 * @param seat the site's game as the board's session keeps it
 * @param moves the moves the site has, in USI
 * @param btime sente's time left in ms (lishogi's {@code btime} is sente's)
 * @param wtime gote's
 * @param status the site's status word
 * @param winner {@code sente}, {@code gote} or null
 */
record SiteGame(String id, Side own, Position initial, OnlineSeat seat, List<String> moves, long btime, long wtime,
                String status, String winner) {

    /** Reads a {@code gameFull}; {@code accountId} tells which side is the board's. */
    static SiteGame full(JsonNode full, String accountId, String siteUrl, Side hint) {
        JsonNode sente = full.path("sente").isMissingNode() ? full.path("white") : full.path("sente");
        JsonNode gote = full.path("gote").isMissingNode() ? full.path("black") : full.path("gote");
        Side own = hint;
        if (accountId != null && accountId.equalsIgnoreCase(sente.path("id").asText(null))) {
            own = Side.SENTE;
        } else if (accountId != null && accountId.equalsIgnoreCase(gote.path("id").asText(null))) {
            own = Side.GOTE;
        }
        if (own == null) {
            own = Side.SENTE;
        }
        String sfen = full.path("initialSfen").asText("startpos");
        Position initial = sfen.isBlank() || sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen);
        JsonNode me = own == Side.SENTE ? sente : gote;
        JsonNode them = own == Side.SENTE ? gote : sente;
        OnlineSeat seat = new OnlineSeat(OnlineSeat.LISHOGI, siteUrl, full.path("id").asText(),
                SiteTimeControl.fromGame(full.path("clock")), full.path("rated").asBoolean(false), own.label(), null,
                name(me), rating(me), name(them), rating(them));
        SiteGame g = new SiteGame(seat.gameId(), own, initial, seat, List.of(), Long.MAX_VALUE, Long.MAX_VALUE,
                "started", null);
        return g.with(full.path("state"));
    }

    /** The game after a {@code gameState}. */
    SiteGame with(JsonNode state) {
        String text = state.path("moves").asText("").strip();
        List<String> m = text.isEmpty() ? List.of() : List.copyOf(Arrays.asList(text.split("\\s+")));
        return new SiteGame(id, own, initial, seat, m, state.path("btime").asLong(btime),
                state.path("wtime").asLong(wtime), state.path("status").asText(status),
                state.hasNonNull("winner") ? state.get("winner").asText() : null);
    }

    /** The position after the first {@code plies} of the site's moves. */
    Position positionAfter(int plies) {
        Position p = initial;
        for (int i = 0; i < plies; i++) {
            p = p.play(Move.parseUsi(moves.get(i)));
        }
        return p;
    }

    /** How many of the site's moves lead from the start to {@code start} (a game taken up mid-way); -1 if none. */
    int pliesTo(String startSfen) {
        Position p = initial;
        for (int i = 0; ; i++) {
            if (p.toSfen().equals(startSfen)) {
                return i;
            }
            if (i >= moves.size()) {
                return -1;
            }
            p = p.play(Move.parseUsi(moves.get(i)));
        }
    }

    /** Whose turn it is on the site. */
    Side toMove() {
        return moves.size() % 2 == 0 ? initial.sideToMove() : initial.sideToMove().opponent();
    }

    /** Whether the site's game is over. */
    boolean over() {
        return !SiteEnding.ongoing(status);
    }

    private static String name(JsonNode player) {
        String n = player.path("name").asText(player.path("username").asText(player.path("id").asText("?")));
        return n.length() > 40 ? n.substring(0, 40) : n;
    }

    private static Integer rating(JsonNode player) {
        return player.hasNonNull("rating") ? player.get("rating").asInt() : null;
    }
}
