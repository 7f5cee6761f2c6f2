package org.shogiban.online;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.SessionInput;

/**
 * What the online tests share: the {@link StandInLishogi} started before each test and closed after it, a board
 * with lishogi attached ({@link OnlineRig}) on the test's directory, a site game taken up and started on the board,
 * moves played both ways, and the checks after a game (the site's moves are the record's, none sent twice, the token
 * nowhere the board writes).
 */
abstract class OnlineSiteTest {
    /** The opening of a lishogi game (the shared data's first game of lishogi-350), both sides. */
    static final List<String> OPENING = List.of("7g7f", "3c3d", "2g2f", "4c4d", "3i4h", "8b4b", "5i6h", "5a6b",
            "6h7h", "6b7b");

    @TempDir
    Path dir;
    StandInLishogi site;

    @BeforeEach
    void site() throws IOException {
        site = new StandInLishogi(200);
    }

    @AfterEach
    void closeSite() {
        site.close();
    }

    OnlineRig rig(String token) {
        return new OnlineRig(site, dir.resolve("records"), dir.resolve("state"), token);
    }

    OnlineRig rig() {
        return new OnlineRig(site, dir.resolve("records"), dir.resolve("state"), StandInLishogi.TOKEN);
    }

    /**
     * A game the site starts once the board listens ({@code color} the board's, {@code start} {@code startpos} or an
     * SFEN, 10 minutes and 30 s byoyomi), set up and started on the board.
     */
    StandInLishogi.SiteGameState siteGame(OnlineRig rig, String color, String start) {
        rig.untilTrue(site::eventStreamOpen, 5_000, "the event stream opened");
        StandInLishogi.SiteGameState g = site.startGame(color, start, 600_000, 30_000);
        started(rig, g, start.equals("startpos") ? Position.startpos() : Position.fromSfen(start));
        return g;
    }

    static void ask(OnlineRig rig, StandInLishogi site, Map<String, String> options) {
        rig.app.submit(new SessionInput.NewGame(rig.app.now(), OnlineAsk.request(options)));
    }

    /** The game set up on the board from the site's start; the pieces laid out; the game started. */
    static BoardSnapshot started(OnlineRig rig, StandInLishogi.SiteGameState g, Position start) {
        rig.until(s -> g.id.equals(gameOf(s)) && "SETUP".equals(s.phase()), 10_000);
        rig.layOut(start);
        return rig.until(s -> "PLAYING".equals(s.phase()), 5_000);
    }

    static String gameOf(BoardSnapshot s) {
        return s.online() == null ? null : (String) s.online().get("game");
    }

    /**
     * Plays {@code moves} from the board's current ply: the board's own by hand (then checked on the site), the
     * opponent's from the site, lit, then made by following the lights.
     */
    static void play(OnlineRig rig, StandInLishogi site, StandInLishogi.SiteGameState g, List<String> moves) {
        for (String usi : moves) {
            BoardSnapshot s = rig.app.snapshot();
            int ply = s.ply();
            if (s.toMove().equals(g.ownColor)) {
                rig.hands(Move.parseUsi(usi));
                rig.untilTrue(() -> g.moves.size() > ply, 5_000, "the site got " + usi);
                assertThat(g.moves.get(g.moves.size() - 1)).isEqualTo(usi);
            } else {
                site.opponentMoves(g, usi);
                BoardSnapshot lit = rig.until(x -> OnlineRig.opponentMove(x) != null, 5_000);
                BoardSnapshot.Waiting w = OnlineRig.opponentMove(lit);
                assertThat(w.usi()).isEqualTo(usi);
                rig.run(20);
                assertThat(rig.hardware.leds.current().square(Square.parse(w.to()).index()))
                        .as("the opponent's target square is lit").isIn(LedPlanner.OPPONENT_MOVE,
                                LedPlanner.PROMOTION);
                rig.hands(Move.parseUsi(w.usi()));
                rig.until(x -> x.ply() == ply + 1, 5_000);
            }
        }
    }

    /** The site's moves equal the record's; none sent twice; the token nowhere in what the board wrote. */
    void checkAfter(OnlineRig rig, StandInLishogi.SiteGameState g) throws IOException {
        GameRecord record = rig.app.session().record();
        assertThat(record.moves().stream().map(Move::usi).toList()).isEqualTo(g.moves);
        List<String> sent = site.movesSent(g.id);
        assertThat(sent).doesNotHaveDuplicates();
        assertThat(String.join("\n", rig.log())).doesNotContain(StandInLishogi.TOKEN);
        assertThat(rig.app.snapshot().toJson()).doesNotContain(StandInLishogi.TOKEN);
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                byte[] bytes;
                try {
                    bytes = Files.readAllBytes(f);
                } catch (java.nio.file.NoSuchFileException gone) {
                    // a record's temporary file, renamed by the writer meanwhile: its content is in the record
                    continue;
                }
                assertThat(new String(bytes, StandardCharsets.ISO_8859_1)).as("%s", f)
                        .doesNotContain(StandInLishogi.TOKEN);
            }
        }
    }
}
