package org.shogiban.link;

import java.util.Objects;

/**
 * One game the board keeps, as {@code GAMES} lists it.
 *
 * @param id the id {@code GET} takes, e.g. {@code 2025-03-01T14-05-09}
 * @param startTime when it started, as its record says ({@code 2025/03/01 14:05:09}), or empty
 * @param sente sente's player (先手), or empty
 * @param gote gote's player (後手), or empty
 * @param plies moves played
 * @param result how it ended, e.g. {@code CHECKMATE sente} (the side the ending concerns, as in the record), or
 *     {@code ONGOING}
 */
public record StoredGame(String id, String startTime, String sente, String gote, int plies, String result) {
    public StoredGame {
        Objects.requireNonNull(id, "id");
        startTime = clean(startTime);
        sente = clean(sente);
        gote = clean(gote);
        Objects.requireNonNull(result, "result");
    }

    private static String clean(String s) {
        return s == null ? "" : LinkEvent.oneLine(s).replace('\t', ' ');
    }

    /** The game's line in the {@code GAMES} body: its fields separated by tabs. */
    public String line() {
        return String.join("\t", id, startTime, sente, gote, Integer.toString(plies), result);
    }
}
