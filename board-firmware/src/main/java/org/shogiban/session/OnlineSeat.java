package org.shogiban.session;

import java.util.LinkedHashMap;
import java.util.Map;
import org.shogiban.notation.RecordHeader;

/**
 * A game played on a site (lishogi) through the board: the site, the game (null while seeking an opponent), what was
 * asked of the seek or challenge, and both players' names and ratings as the site gives them. Immutable; journalled
 * with the game's request so that a board restarted mid-game knows which site game it plays.
 *
 * @param site {@code lishogi}
 * @param siteUrl the site's address, e.g. {@code https://lishogi.org}
 * @param gameId the site's game id, or null while seeking
 * @param timeControl the site's time control in the board's text ({@code main=600,byoyomi=30,...}), or null
 * @param rated whether the game is rated
 * @param color the colour asked for a seek: {@code sente}, {@code gote} or {@code random}
 * @param user the player challenged, or null for a seek in the lobby
 * @param ownName the account's name (the board's side)
 * @param ownRating its rating, or null
 * @param opponentName the opponent's name
 * @param opponentRating its rating, or null
 */
public record OnlineSeat(String site, String siteUrl, String gameId, String timeControl, boolean rated,
                         String color, String user, String ownName, Integer ownRating, String opponentName,
                         Integer opponentRating) {
    /** The one site the board plays on. */
    public static final String LISHOGI = "lishogi";

    /** A seek (or, with {@code user}, a challenge) not matched yet. */
    public static OnlineSeat seeking(String siteUrl, String timeControl, boolean rated, String color, String user) {
        return new OnlineSeat(LISHOGI, siteUrl, null, timeControl, rated, color, user, null, null, null, null);
    }

    /** The site's address when the board is given none ({@code lishogi.url}). */
    public static final String DEFAULT_URL = "https://lishogi.org";

    /**
     * The player a game asked on a site stands for until the site gives the game: the words of {@code new
     * online=lishogi time=<spec> [color=sente|gote|random] [rated=yes|no] [user=NAME]} (null where left out).
     *
     * @throws IllegalArgumentException naming the word at fault
     */
    public static RemotePlayer ask(String online, String time, String color, String rated, String user) {
        if (!LISHOGI.equalsIgnoreCase(online)) {
            throw new IllegalArgumentException("online=" + online + ": the board plays online on lishogi only "
                    + "(online=lishogi)");
        }
        org.shogiban.clock.TimeControl tc = org.shogiban.clock.TimeControl.parse(time);
        if (tc.isNone()) {
            throw new IllegalArgumentException("time=" + time + ": a game on lishogi's Board API has a clock, e.g. "
                    + "time=main=600,byoyomi=30");
        }
        String c = color == null ? "random" : color.strip().toLowerCase(java.util.Locale.ROOT);
        if (!c.equals("sente") && !c.equals("gote") && !c.equals("random")) {
            throw new IllegalArgumentException("color=" + color + ": sente, gote or random");
        }
        boolean r = switch (rated == null ? "no" : rated.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "yes", "true" -> true;
            case "no", "false" -> false;
            default -> throw new IllegalArgumentException("rated=" + rated + ": yes or no");
        };
        if (user != null && !user.matches("[A-Za-z0-9_-]{2,30}")) {
            throw new IllegalArgumentException("user=" + user + ": a lishogi user name (letters, digits, _ and -)");
        }
        // the side is the site's to give; until then the opponent stands on the side not asked for
        return RemotePlayer.online(c.equals("gote") ? org.shogiban.rules.Side.SENTE
                : org.shogiban.rules.Side.GOTE, seeking(DEFAULT_URL, tc.spec(), r, c, user));
    }

    /** Whether the site has not given a game yet. */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isSeeking() {
        return gameId == null;
    }

    /** The game's address on the site, e.g. {@code https://lishogi.org/AbCd1234}; null while seeking. */
    public String gameUrl() {
        return gameId == null ? null : siteUrl.replaceAll("/+$", "") + "/" + gameId;
    }

    /** A player's name as the record writes it: {@code Tanuki (1620)}. */
    public static String withRating(String name, Integer rating) {
        String n = name == null || name.isBlank() ? "?" : name;
        return rating == null ? n : n + " (" + rating + ")";
    }

    /** The snapshot's {@code online}: {@code {site, game, url}} (and the time control and whether rated). */
    public Map<String, Object> snapshot() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("site", site);
        m.put("game", gameId);
        m.put("url", gameUrl());
        m.put("timeControl", timeControl);
        m.put("rated", rated);
        if (gameId == null) {
            m.put("seeking", user == null ? "lobby" : user);
            m.put("color", color);
        }
        return m;
    }

    /** The record's header with the site's game: its address, the time control, rated or casual. */
    public RecordHeader header(RecordHeader header) {
        RecordHeader h = header.with(RecordHeader.SITE, gameUrl() == null ? siteUrl : gameUrl())
                .with(RecordHeader.EVENT, site + (rated ? " rated" : " casual"));
        return timeControl == null ? h : h.with(RecordHeader.TIME_CONTROL, timeControl);
    }
}
