package org.shogiban.online;

import java.net.URI;
import java.util.Objects;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardPart;
import org.shogiban.app.BoardStage;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.SessionInput;

/**
 * lishogi as a part of the assembled board: the board's changes go to the {@link LishogiPlayer} as they happen
 * (only those that matter to it: the phase, the moves, what the board waits for, the result, the site's game), and
 * what the player tells the board goes to the runtime's inbox. The one adapter between the player and the board.
 */
public final class LishogiPart implements BoardPart {
    private final URI site;
    private final Token token;
    private final LishogiPlayer.Timing timing;

    public LishogiPart(URI site, Token token, LishogiPlayer.Timing timing) {
        this.site = Objects.requireNonNull(site, "site");
        this.token = Objects.requireNonNull(token, "token");
        this.timing = Objects.requireNonNull(timing, "timing");
    }

    @Override
    public AutoCloseable attach(AssembledBoard assembled) {
        return attach(assembled.application());
    }

    /** Puts the player on a board application; returns what takes it off. */
    public AutoCloseable attach(BoardApplication app) {
        LishogiClient client = new LishogiClient(site, token, timing.silence(), timing.answer());
        LishogiPlayer player = LishogiPlayer.start(new LishogiPlayer.Board() {
            @Override
            public void submit(SessionInput.Command command) {
                app.submit(command);
            }

            @Override
            public long now() {
                return app.now();
            }

            @Override
            public void showClocks(long senteMs, long goteMs, org.shogiban.rules.Side running) {
                app.showSiteClocks(senteMs, goteMs, running);
            }
        }, client, timing);
        String[] shown = {null};
        BoardStage stage = change -> {
            BoardSnapshot s = change.change().snapshot();
            String key = key(s);
            if (!key.equals(shown[0])) {
                shown[0] = key;
                player.boardChanged(s);
            }
        };
        app.addChangeListener(stage);
        player.boardChanged(app.snapshot());
        return () -> {
            app.removeChangeListener(stage);
            player.close();
        };
    }

    /** What of a snapshot the player acts on; a change in anything else is not handed on. */
    private static String key(BoardSnapshot s) {
        StringBuilder k = new StringBuilder(s.phase()).append('|').append(s.startSfen()).append('|')
                .append(String.join(" ", s.moves())).append('|').append(s.result()).append('|').append(s.online());
        s.waitingFor().forEach(w -> k.append('|').append(w.kind()).append(':').append(w.usi()));
        return k.toString();
    }
}
