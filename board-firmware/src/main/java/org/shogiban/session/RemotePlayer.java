package org.shogiban.session;

import java.util.Objects;
import org.shogiban.rules.Side;

/**
 * A side of the game played from elsewhere, its moves made on the board by the player for it: a USI engine on the
 * board, or the host on the USB link (a shogi program behind the USI bridge).
 *
 * @param side the side it plays
 * @param kind {@code engine}, {@code host} or {@code online}
 * @param level an engine's 1 (weakest) to 10 (strongest); 0 for the host and a site's player
 * @param online the site's game, for {@code online} only (else null)
 */
public record RemotePlayer(Side side, String kind, int level, OnlineSeat online) {
    /** The kind of a USI engine. */
    public static final String ENGINE = "engine";
    /** The kind of the host program on the USB link ({@code NEW ... host=gote}, then {@code PLAY <usi>}). */
    public static final String HOST = "host";
    /** The kind of a player on a site (lishogi), its moves from the site's game stream. */
    public static final String ONLINE = "online";
    /** The weakest and strongest levels. */
    public static final int MIN_LEVEL = 1;
    public static final int MAX_LEVEL = 10;

    public RemotePlayer {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(kind, "kind");
        if (kind.equals(HOST) || kind.equals(ONLINE) ? level != 0 : level < MIN_LEVEL || level > MAX_LEVEL) {
            throw new IllegalArgumentException("level " + level + " is not 1..10");
        }
        if (kind.equals(ONLINE) != (online != null)) {
            throw new IllegalArgumentException("a site's game is given for an online player only");
        }
    }

    /** An engine or the host (no site). */
    public RemotePlayer(Side side, String kind, int level) {
        this(side, kind, level, null);
    }

    /** The opponent on a site, playing {@code side} of {@code game}. */
    public static RemotePlayer online(Side side, OnlineSeat game) {
        return new RemotePlayer(side, ONLINE, 0, java.util.Objects.requireNonNull(game, "game"));
    }

    /** Whether this is a player on a site. */
    public boolean isOnline() {
        return kind.equals(ONLINE);
    }

    /** Whether the board waits for the site to find an opponent (a seek or challenge not matched yet). */
    public boolean isSeeking() {
        return online != null && online.isSeeking();
    }

    /** Whether the side's moves are shown as they come, the board taking no name or level from it (host, site). */
    boolean namedByRequest() {
        return kind.equals(HOST) || kind.equals(ONLINE);
    }

    /** The host program on the USB link playing {@code side}. */
    public static RemotePlayer host(Side side) {
        return new RemotePlayer(side, HOST, 0);
    }

    /** Whether this is the host on the USB link. */
    public boolean isHost() {
        return kind.equals(HOST);
    }

    /** Reads {@code sente} or {@code gote} for {@code host=}. */
    public static RemotePlayer parseHost(String side) {
        return host(Side.read(side).orElseThrow(() -> new IllegalArgumentException("host=" + side
                + ": the host's side is sente or gote")));
    }

    /** An engine playing {@code side} at {@code level}. */
    public static RemotePlayer engine(Side side, int level) {
        return new RemotePlayer(side, ENGINE, level);
    }

    /**
     * Reads the words of a game request: {@code sente} or {@code gote}, and a level text (null: {@code defaultLevel}).
     *
     * @throws IllegalArgumentException naming the bad word
     */
    public static RemotePlayer parse(String side, String level, int defaultLevel) {
        Side s = Side.read(side).orElseThrow(() -> new IllegalArgumentException("engine=" + side
                + ": the engine's side is sente or gote"));
        int l;
        try {
            l = level == null ? defaultLevel : Integer.parseInt(level.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("level=" + level + ": a level is a number 1..10", e);
        }
        if (l < MIN_LEVEL || l > MAX_LEVEL) {
            throw new IllegalArgumentException("level=" + level + ": a level is a number 1..10");
        }
        return engine(s, l);
    }
}
