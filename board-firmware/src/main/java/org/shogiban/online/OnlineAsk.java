package org.shogiban.online;

import java.util.Map;
import java.util.Optional;
import org.shogiban.session.GameRequest;
import org.shogiban.session.OnlineSeat;

/**
 * A game asked on a site, from the words of the console's {@code new online=lishogi time=<spec>
 * [color=sente|gote|random] [rated=yes|no] [user=NAME]}, the link's {@code NEW online=lishogi ...} and the web
 * page's form (keys {@code online}, {@code time}, {@code color}, {@code rated}, {@code user}): a request that makes
 * the board seek (or, with {@code user}, challenge) and wait for the site's game.
 */
public final class OnlineAsk {
    private OnlineAsk() {
    }

    /**
     * The request for {@code options}.
     *
     * @throws IllegalArgumentException naming the word at fault
     */
    public static GameRequest request(Map<String, String> options) {
        return GameRequest.BOARD_SETTINGS.withRemote(Optional.of(OnlineSeat.ask(options.getOrDefault("online", ""),
                options.getOrDefault("time", "none"), options.get("color"), options.get("rated"),
                options.get("user"))));
    }
}
