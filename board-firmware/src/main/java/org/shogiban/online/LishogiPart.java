package org.shogiban.online;

import java.net.URI;
import java.util.Objects;
import org.shogiban.port.BoardPort;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
import org.shogiban.port.Subscription;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.SessionInput;

/**
 * lishogi as a part of the assembled board, through the board's port: the board's changes go to the
 * {@link LishogiPlayer} as they happen (only those that matter to it: the phase, the start and moves, what the board
 * waits for, the result, the site's game), and what the player tells the board goes to the runtime's inbox. The one
 * adapter between the player and the board.
 */
public final class LishogiPart implements Part {
    /** The part's name on the board. */
    public static final String NAME = "lishogi";
    private final BoardPort port;
    private final LishogiPlayer.Timing timing;
    private final LishogiClient client;
    private final Subscription subscription;
    private volatile LishogiPlayer player;
    private String shown;

    private LishogiPart(BoardPort port, URI site, Token token, LishogiPlayer.Timing timing) {
        this.port = port;
        this.timing = timing;
        this.client = new LishogiClient(site, token, timing.silence(), timing.answer());
        // subscribed while the runtime does not run yet: no change is missed
        this.subscription = port.subscribe(change -> handOn(change.facts()));
    }

    /** The factory the assembly makes the part with. */
    public static PartFactory factory(URI site, Token token, LishogiPlayer.Timing timing) {
        Objects.requireNonNull(site, "site");
        Objects.requireNonNull(token, "token");
        Objects.requireNonNull(timing, "timing");
        return PartFactory.of(NAME, port -> new LishogiPart(port, site, token, timing));
    }

    @Override
    public void start() {
        player = LishogiPlayer.start(new LishogiPlayer.Board() {
            @Override
            public void submit(SessionInput.Command command) {
                port.submit(command);
            }

            @Override
            public void health(PartHealth health) {
                port.health(health);
            }

            @Override
            public long now() {
                return port.now();
            }

            @Override
            public void showClocks(long senteMs, long goteMs, Side running) {
                port.showSiteClocks(senteMs, goteMs, running);
            }
        }, client, timing);
        handOn(port.facts());
    }

    /** Hands the facts on when something the player acts on changed (on the runtime's thread: returns at once). */
    private synchronized void handOn(BoardFacts f) {
        LishogiPlayer p = player;
        if (p == null) {
            return;
        }
        StringBuilder k = new StringBuilder(f.phase().name()).append('|').append(f.start().toSfen()).append('|')
                .append(f.moves()).append('|').append(f.result()).append('|').append(f.online());
        f.prompts().forEach(w -> k.append('|').append(w.kind()).append(':').append(w.opponentMove()));
        String key = k.toString();
        if (!key.equals(shown)) {
            shown = key;
            p.boardChanged(f);
        }
    }

    @Override
    public void close() {
        subscription.close();
        LishogiPlayer p = player;
        if (p != null) {
            p.close();
        } else {
            client.close();
        }
    }
}
