package org.shogiban.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.link.PtyPair;
import org.shogiban.rules.Move;
import org.shogiban.session.BoardSnapshot;

/**
 * Where a GUI's game meets the game the board already holds: the bridge answers only from the game the GUI asked
 * about, ends only that game, says a waiting move once, and names the players in the record. The board is the
 * simulated one behind a socat cable; the GUI is the test, in ShogiHome's order of commands.
 */
class UsiBridgeStartsTest {
    private static final String BISHOP_HANDICAP = "sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

    @TempDir
    Path dir;

    @BeforeEach
    void socat() {
        if (!"true".equals(System.getenv("CI"))) {
            assumeThat(PtyPair.available()).as("socat is installed").isTrue();
        }
    }

    private static void handshake(BridgeRig rig) {
        rig.send("usi");
        rig.await("usiok"::equals, 10_000);
        rig.send("isready");
        rig.await("readyok"::equals, 20_000);
        rig.until(s -> "PLAYING".equals(s.phase()), 20_000);
    }

    /** The board's own game, before the GUI's: 7g7f made on the board. */
    private static void anEarlierGame(BridgeRig rig) {
        rig.hands(Move.parseUsi("7g7f"));
        rig.until(s -> s.ply() == 1, 10_000);
    }

    private static String opponentMove(BoardSnapshot s) {
        return s.waitingFor().stream().filter(w -> "opponent-move".equals(w.kind())).map(BoardSnapshot.Waiting::usi)
                .findFirst().orElse(null);
    }

    @Test
    void aNewGameOnABoardHoldingAnEarlierOneIsAnsweredOnlyFromTheNewGame() throws Exception {
        try (BridgeRig rig = new BridgeRig(dir)) {
            handshake(rig);
            anEarlierGame(rig);
            rig.send("usinewgame");
            rig.send("position " + BISHOP_HANDICAP);     // the board's player is gote (上手), to move first
            rig.send("go btime 60000 wtime 60000 byoyomi 1000");
            // the board asks the players to confirm the new game; nothing is answered from the old one meanwhile
            rig.until(s -> s.waitingFor().stream().anyMatch(w -> "confirm-new-game".equals(w.kind())), 10_000);
            long end = System.nanoTime() + 1_000_000_000L;
            while (System.nanoTime() < end) {
                rig.step();
            }
            assertThat(rig.written).noneMatch(l -> l.startsWith("bestmove"));
            rig.press(Button.MENU);
            rig.until(s -> "PLAYING".equals(s.phase()) && s.startSfen().startsWith("lnsgkgsnl/1r7/"), 10_000);
            rig.hands(Move.parseUsi("5a4b"));
            assertThat(rig.await(l -> l.startsWith("bestmove"), 10_000)).isEqualTo("bestmove 5a4b");
        }
    }

    @Test
    void aGameoverForAGameTheBoardHasNotSetUpLeavesTheBoardsGame() throws Exception {
        try (BridgeRig rig = new BridgeRig(dir)) {
            handshake(rig);
            anEarlierGame(rig);
            rig.send("usinewgame");
            rig.send("position " + BISHOP_HANDICAP);
            rig.send("go btime 60000 wtime 60000 byoyomi 1000");
            rig.send("gameover win");
            rig.await(l -> l.startsWith("info string gameover win is for a game the board does not play"), 10_000);
            rig.run(500);
            assertThat(rig.app.snapshot().result()).as("the board's own game goes on").isNull();
            assertThat(rig.app.snapshot().moves()).containsExactly("7g7f");
        }
    }

    @Test
    void theProgramsMoveWaitingOnTheBoardIsSaidOnceAndThePlayersAreNamed() throws Exception {
        try (BridgeRig rig = new BridgeRig(dir, new PlayerNames(Optional.of("Sato at the board"), Optional.empty()))) {
            handshake(rig);
            rig.send("setoption name USI_OpponentName value Fairy-Stockfish 14");
            rig.send("usinewgame");
            rig.send("position startpos moves 7g7f");
            rig.send("go btime 60000 wtime 60000 byoyomi 1000");
            rig.until(s -> "7g7f".equals(opponentMove(s)), 10_000);
            long end = System.nanoTime() + 2_500_000_000L;      // longer than the old re-look of 0.5 s, five times
            while (System.nanoTime() < end) {
                rig.step();
            }
            assertThat(rig.written).filteredOn(l -> l.contains("7g7f")).containsExactly(
                    "info string waiting for 7g7f to be made on the board");
            assertThat(rig.written).noneMatch(l -> l.contains("refused"));
            BoardSnapshot s = rig.app.snapshot();
            assertThat(s.players().get("sente").get("name")).isEqualTo("Fairy-Stockfish 14");
            assertThat(s.players().get("gote").get("name")).isEqualTo("Sato at the board");
            rig.hands(Move.parseUsi("7g7f"));
            rig.hands(Move.parseUsi("3c3d"));
            assertThat(rig.await(l -> l.startsWith("bestmove"), 10_000)).isEqualTo("bestmove 3c3d");
        }
    }
}
