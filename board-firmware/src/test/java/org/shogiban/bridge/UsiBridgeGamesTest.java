package org.shogiban.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.engine.EngineSettings;
import org.shogiban.engine.UsiEngine;
import org.shogiban.hal.Button;
import org.shogiban.link.PtyPair;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardSnapshot;

/**
 * Whole games through the USI bridge exactly as a GUI drives an engine (ShogiHome's order: {@code usi} within 10 s,
 * {@code setoption name USI_Hash}, {@code setoption name USI_Ponder}, {@code isready}, {@code usinewgame},
 * {@code position ... moves ...}, {@code go btime ... wtime ... byoyomi ...}, {@code gameover}, {@code quit}); the
 * program's other player is the real Fairy-Stockfish; the board is the simulated one behind a socat cable. The
 * player at the board makes their moves (Fairy-Stockfish's choice too, so games end) by handling the pieces, and the
 * program's moves by following the lights. The driver's game and the board's record must be the same game.
 */
class UsiBridgeGamesTest {
    private static final String BISHOP_HANDICAP = "sfen lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";

    @TempDir
    Path dir;

    /** What the driver saw of one game. */
    private record Played(List<String> moves, String ending) {
    }

    private static UsiEngine program() throws Exception {
        if (!"true".equals(System.getenv("CI"))) {
            assumeThat(EngineSettings.defaultCommand()).as("fairy-stockfish is installed").isPresent();
            assumeThat(PtyPair.available()).as("socat is installed").isTrue();
        }
        return UsiEngine.start(EngineSettings.of(EngineSettings.FAIRY_STOCKFISH.toString(), Map.of()),
                Map.of("Skill Level", "3"));
    }

    /** The GUI's opening: usi (usiok within 10 s), ShogiHome's two options, isready, usinewgame. */
    private static void handshake(BridgeRig rig) {
        rig.send("usi");
        rig.await("usiok"::equals, 10_000);
        rig.send("setoption name USI_Hash value 256");
        rig.send("setoption name USI_Ponder value false");
        rig.send("isready");
        rig.await("readyok"::equals, 20_000);
        // the pieces stand: the board has started its own game ("game started") before the GUI's game comes
        rig.until(s -> "PLAYING".equals(s.phase()), 20_000);
        rig.send("usinewgame");
    }

    /**
     * Plays one game: the program (Fairy-Stockfish) on {@code boardSide}'s opponent, the player at the board on
     * {@code boardSide} (their moves also Fairy-Stockfish's, made by hand). {@code atPly} runs once when the game
     * has that many moves and the board is to move (a resignation, a pulled cable); it returns true to end the game.
     */
    private Played play(BridgeRig rig, UsiEngine program, String start, Side boardSide, int maxPlies,
                        int atPly, Action action) throws Exception {
        handshake(rig);
        Position position = start.equals("startpos") ? Position.startpos()
                : Position.fromSfen(start.substring("sfen ".length()));
        List<String> moves = new ArrayList<>();
        while (true) {
            String command = "position " + start + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves));
            if (position.hasNoLegalMove()) {
                return new Played(moves, position.sideToMove() == boardSide ? "board mated" : "program mated");
            }
            if (position.sideToMove() != boardSide) {
                if (moves.size() >= maxPlies) {
                    rig.send("gameover win");   // the program resigns: the board's player wins
                    return new Played(moves, "program resigned");
                }
                String best = program.bestMove(command, "go movetime 40", 10_000).split(" ")[1];
                if (best.equals("resign") || best.equals("win")) {
                    rig.send("gameover win");
                    return new Played(moves, "program resigned");
                }
                moves.add(best);
                position = position.play(Move.parseUsi(best));
                if (position.hasNoLegalMove()) {
                    rig.send("gameover lose");  // as a GUI does: no position for the mated engine
                    return new Played(moves, "board mated");
                }
                continue;
            }
            rig.send(command);
            rig.send("go btime 60000 wtime 60000 byoyomi 1000");
            if (!moves.isEmpty() && position.moveNumber() > 0 && lastIsProgram(moves, start, boardSide)) {
                String shown = moves.get(moves.size() - 1);
                // the lights show the program's move: the player makes it for the program
                rig.until(s -> shown.equals(opponentMove(s)), 20_000);
                rig.hands(Move.parseUsi(shown));
            }
            // the player moves at once, as a person does: no waiting for the board to take the program's game
            if (moves.size() == atPly && action.at(rig)) {
                String answer = rig.await(l -> l.startsWith("bestmove"), 20_000);
                rig.send("gameover lose");
                return new Played(moves, answer);
            }
            String mine = program.bestMove(command, "go movetime 40", 10_000).split(" ")[1];
            rig.hands(Move.parseUsi(mine));
            String answer = rig.await(l -> l.startsWith("bestmove"), 20_000);
            assertThat(answer).isEqualTo("bestmove " + mine);
            moves.add(mine);
            position = position.play(Move.parseUsi(mine));
            if (position.hasNoLegalMove()) {
                rig.send("gameover win");
                return new Played(moves, "program mated");
            }
        }
    }

    /** Whether the last of the moves was the program's (not the board's player's). */
    private static boolean lastIsProgram(List<String> moves, String start, Side boardSide) {
        Position p = start.equals("startpos") ? Position.startpos()
                : Position.fromSfen(start.substring("sfen ".length()));
        for (int i = 0; i < moves.size() - 1; i++) {
            p = p.play(Move.parseUsi(moves.get(i)));
        }
        return p.sideToMove() != boardSide;
    }

    private static String opponentMove(BoardSnapshot s) {
        return s.waitingFor().stream().filter(w -> "opponent-move".equals(w.kind())).map(BoardSnapshot.Waiting::usi)
                .findFirst().orElse(null);
    }

    /** Something done at the board at one ply; true when it ends the game. */
    @FunctionalInterface
    private interface Action {
        boolean at(BridgeRig rig) throws Exception;
    }

    private static final Action NOTHING = rig -> false;

    /** The board's game once it has its result (the bridge's GAMEOVER comes over the cable). */
    private static GameHistory boardGame(BridgeRig rig) {
        rig.until(s -> s.result() != null, 20_000);
        return rig.app.game().orElseThrow();
    }

    private static List<String> usi(GameHistory game) {
        return game.moves().stream().map(Move::usi).toList();
    }

    private static void quit(BridgeRig rig) throws InterruptedException {
        rig.send("quit");
        assertThat(rig.awaitExit()).isZero();
    }

    @Test
    void theBoardAsGotePlaysAWholeGameAndTheRecordIsTheDriversGame() throws Exception {
        try (UsiEngine program = program(); BridgeRig rig = new BridgeRig(dir)) {
            Played p = play(rig, program, "startpos", Side.GOTE, 24, -1, NOTHING);
            assertThat(p.moves().size()).as("plies played").isGreaterThan(8);
            GameHistory game = boardGame(rig);
            assertThat(usi(game)).isEqualTo(p.moves());
            assertEnding(game.result(), p, Side.GOTE);
            assertThat(rig.app.snapshot().players().get("sente").get("kind")).isEqualTo("host");
            quit(rig);
        }
    }

    @Test
    void theBoardAsSenteFromAHandicapStart() throws Exception {
        try (UsiEngine program = program(); BridgeRig rig = new BridgeRig(dir)) {
            // a bishop handicap: 上手 (gote, the program) moves first; the board's player is 下手
            Played p = play(rig, program, BISHOP_HANDICAP, Side.SENTE, 16, -1, NOTHING);
            assertThat(p.moves().size()).as("plies played").isGreaterThan(6);
            GameHistory game = boardGame(rig);
            assertThat(game.start()).isEqualTo(Position.fromSfen(BISHOP_HANDICAP.substring(5)));
            assertThat(usi(game)).isEqualTo(p.moves());
            assertEnding(game.result(), p, Side.SENTE);
            quit(rig);
        }
    }

    @Test
    void aResignationOnTheBoardIsBestmoveResign() throws Exception {
        try (UsiEngine program = program(); BridgeRig rig = new BridgeRig(dir)) {
            Played p = play(rig, program, "startpos", Side.SENTE, 40, 4, rig2 -> {
                rig2.press(Button.RESIGN_SENTE);
                return true;
            });
            assertThat(p.ending()).isEqualTo("bestmove resign");
            GameHistory game = boardGame(rig);
            assertThat(usi(game)).isEqualTo(p.moves());
            assertThat(game.result().status()).isEqualTo(GameStatus.RESIGNATION);
            assertThat(game.result().winner()).isEqualTo(Side.GOTE);
            quit(rig);
        }
    }

    @Test
    void theCablePulledMidGameLosesNoMove() throws Exception {
        try (UsiEngine program = program(); BridgeRig rig = new BridgeRig(dir)) {
            Played p = play(rig, program, "startpos", Side.SENTE, 14, 6, rig2 -> {
                rig2.cable.stop();
                rig2.run(300);
                rig2.await(l -> l.startsWith("info string the board is gone"), 10_000);
                rig2.cable.start();
                rig2.await(l -> l.startsWith("info string the board board-1 is back"), 20_000);
                return false;
            });
            assertThat(p.moves().size()).as("plies played past the pulled cable").isGreaterThan(7);
            GameHistory game = boardGame(rig);
            assertThat(usi(game)).isEqualTo(p.moves());
            assertEnding(game.result(), p, Side.SENTE);
            quit(rig);
        }
    }

    private static void assertEnding(GameResult result, Played p, Side boardSide) {
        switch (p.ending()) {
            case "program resigned" -> {
                assertThat(result.status()).isEqualTo(GameStatus.RESIGNATION);
                assertThat(result.winner()).isEqualTo(boardSide);
            }
            case "program mated" -> {
                assertThat(result.status()).isEqualTo(GameStatus.CHECKMATE);
                assertThat(result.winner()).isEqualTo(boardSide);
            }
            case "board mated" -> {
                assertThat(result.status()).isEqualTo(GameStatus.CHECKMATE);
                assertThat(result.winner()).isEqualTo(boardSide.opponent());
            }
            default -> throw new AssertionError("no such ending: " + p.ending());
        }
    }
}
