package org.shogiban.online;

import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Side;
import org.shogiban.session.GameRequest;
import org.shogiban.session.OnlineSeat;
import org.shogiban.session.RemotePlayer;

/**
 * A game asked on a site, from the words of the console's {@code new online=lishogi time=<spec>
 * [color=sente|gote|random] [rated=yes|no] [user=NAME]}, the link's {@code NEW online=lishogi ...} and the web
 * page's form: a request that makes the board seek (or, with {@code user}, challenge) and wait for the site's game.
 */
public final class OnlineAsk {
    private OnlineAsk() {
    }

    /**
     * The request for {@code options} (keys {@code online}, {@code time}, {@code color}, {@code rated}, {@code user}).
     *
     * @throws IllegalArgumentException naming the word at fault
     */
    public static GameRequest request(URI site, Map<String, String> options) {
        String online = options.getOrDefault("online", "");
        if (!online.equalsIgnoreCase(OnlineSeat.LISHOGI)) {
            throw new IllegalArgumentException("online=" + online + ": the board plays online on lishogi only "
                    + "(online=lishogi)");
        }
        String time = options.get("time");
        if (time == null || time.isBlank()) {
            throw new IllegalArgumentException("online=lishogi needs time=<spec>, e.g. time=main=600,byoyomi=30");
        }
        TimeControl tc = TimeControl.parse(time);
        String refusal = SiteTimeControl.refusal(tc);
        if (refusal != null) {
            throw new IllegalArgumentException("time=" + time + ": " + refusal);
        }
        String color = options.getOrDefault("color", "random").toLowerCase(Locale.ROOT);
        if (!color.equals("sente") && !color.equals("gote") && !color.equals("random")) {
            throw new IllegalArgumentException("color=" + color + ": sente, gote or random");
        }
        String ratedWord = options.getOrDefault("rated", "no").toLowerCase(Locale.ROOT);
        boolean rated = switch (ratedWord) {
            case "yes", "true", "1" -> true;
            case "no", "false", "0" -> false;
            default -> throw new IllegalArgumentException("rated=" + ratedWord + ": yes or no");
        };
        String user = options.get("user");
        if (user != null && !user.matches("[A-Za-z0-9_-]{2,30}")) {
            throw new IllegalArgumentException("user=" + user + ": a lishogi user name (letters, digits, _ and -)");
        }
        return seek(site, tc, color, rated, user);
    }

    /** The request for a seek (user null) or a challenge. */
    public static GameRequest seek(URI site, TimeControl tc, String color, boolean rated, String user) {
        OnlineSeat seat = OnlineSeat.seeking(site.toString(), tc.spec(), rated, color, user);
        Side remote = color.equals("gote") ? Side.SENTE : Side.GOTE;
        return GameRequest.BOARD_SETTINGS.withRemote(Optional.of(RemotePlayer.online(remote, seat)));
    }
}
