package org.shogiban.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The snapshot ({@code state}, {@code STATE}, {@code /api/state}) and the journalled state are byte for byte what
 * they were before the session's state got its one owner (issue 25): a scripted session (two casual-rule and arbiter
 * games, a game against a remote engine, a tournament game on the clock) is run input by input, and each input's
 * snapshot and state lines are compared with their SHA-256 recorded from the code before the change (commit
 * fdc90b1, the same script). Uses only the session's public API, so the same script ran on both. A deliberate change
 * of those bytes (a new snapshot key) records them again with {@code -Dshogiban.bytes.write=true}.
 */
class SessionBytesTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);
    private static final SensorKind KIND = SensorKind.OCCUPANCY;
    private static final String DIGESTS = "session/session-bytes.sha256";

    @Test
    void everySnapshotAndJournalledStateIsAsBeforeTheReshaping() throws IOException {
        List<String> steps = new Script().run();
        if (Boolean.getBoolean("shogiban.bytes.write")) {
            // a deliberate change of the snapshot or the journal's format: record the new bytes (the module's
            // directory is the tests' working directory)
            Files.writeString(Path.of("src/test/resources", DIGESTS), String.join("\n",
                    steps.stream().map(SessionBytesTest::sha256).toList()) + "\n", StandardCharsets.UTF_8);
        }
        List<String> expected;
        try (InputStream in = getClass().getResourceAsStream("/" + DIGESTS)) {
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
        assertThat(steps).hasSize(expected.size());
        for (int i = 0; i < steps.size(); i++) {
            assertThat(sha256(steps.get(i))).as("input %d: %s", i, steps.get(i)).isEqualTo(expected.get(i));
        }
    }

    /** The digests of the script's steps, one a line: run against a build to record its bytes. */
    public static void main(String[] args) {
        new Script().run().forEach(step -> System.out.println(sha256(step)));
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One scripted session; each step is one input's snapshot and journalled state, as text. */
    private static final class Script {
        private final List<String> steps = new ArrayList<>();
        private GameSession s;
        private long now = 1_000;
        private Position board = Position.startpos();

        List<String> run() {
            casualAndArbiterGames();
            clockGame();
            return steps;
        }

        private void in(SessionInput input) {
            SessionChange c = s.accept(input);
            // the snapshot as the edge writes it from the change's typed facts
            steps.add(BoardSnapshot.of(c.facts()).toJson() + "\n" + c.state().toJson());
        }

        private void show(Position p) {
            board = p;
            in(new SessionInput.Frame(ExpectedFrame.of(p).toSensorFrame(now, KIND)));
        }

        private void ticks(int n) {
            for (int i = 0; i < n; i++) {
                now += 50;
                in(new SessionInput.Tick(now));
            }
        }

        private void press(Button b) {
            in(new SessionInput.Press(new ButtonEvent(b, true, now)));
            now += 30;
            in(new SessionInput.Press(new ButtonEvent(b, false, now)));
        }

        /** The piece lifted from the move's square and put on its target (no capture), then the board left still. */
        private void move(String usi) {
            Move m = Move.parseUsi(usi);
            SensorFrame lifted = ExpectedFrame.of(board).toSensorFrame(now, KIND)
                    .withSquare(m.from().index(), SquareReading.EMPTY);
            in(new SessionInput.Frame(lifted));
            now += 300;
            in(new SessionInput.Frame(lifted.at(now).withSquare(m.to().index(), SquareReading.OCCUPIED)));
            if (board.isLegal(m)) {
                board = board.play(m);
            }
            ticks(12);
        }

        private void casualAndArbiterGames() {
            GameSettings loss = new GameSettings(Position.startpos(),
                    InferenceConfig.defaults(KIND).withCommitPolicy(CommitPolicy.STABLE), IllegalMovePolicy.LOSS)
                    .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.DEFAULT);
            s = new GameSession(loss, WALL);
            show(Position.startpos());
            ticks(20);
            move("7g7f");
            move("3c3d");
            move("2g2f");
            in(new SessionInput.Pause(now));
            ticks(5);
            in(new SessionInput.Resume(now));
            ticks(3);
            in(new SessionInput.Adjust(now, Side.SENTE, 30_000));
            in(new SessionInput.Undo(now));
            show(s.position());
            ticks(15);
            move("4c4d"); // the board's idea of the position is behind: an illegal move, lost, then overruled
            move("2g2e");
            in(new SessionInput.Overrule(now));
            show(s.position());
            ticks(15);
            move("2h2f");
            press(Button.ARBITER);
            ticks(3);
            in(new SessionInput.Resume(now));
            ticks(3);
            in(new SessionInput.Resign(now, Side.GOTE));
            ticks(3);
            GameRequest asked = new GameRequest(Optional.of("Hanako"), Optional.empty(),
                    Optional.of(TimeControl.parse("main=300,byoyomi=10")), Optional.empty(), Optional.empty(),
                    GameRequest.WhilePlaying.ABORT).withRemote(Optional.of(RemotePlayer.engine(Side.GOTE, 3)));
            in(new SessionInput.NewGame(now, asked));
            show(Position.startpos());
            ticks(20);
            in(new SessionInput.OpponentReady(now, Side.GOTE, "Fairy-Stockfish 11.1"));
            move("7g7f");
            in(new SessionInput.OpponentMove(now, Side.GOTE, 1, "3c3d"));
            ticks(3);
            move("3c3d");
            in(new SessionInput.Hint(now, 2, "2g2f"));
            ticks(2);
            move("2g2f");
            in(new SessionInput.OpponentMove(now, Side.GOTE, 3, "8c8d"));
            ticks(2);
            in(new SessionInput.OpponentResult(now, GameStatus.RESIGNATION, Side.SENTE));
            ticks(2);
            press(Button.MENU);
            ticks(5);
            show(Position.startpos());
            ticks(20);
            in(new SessionInput.SetResult(now, GameStatus.REPETITION_DRAW, null, "agreed"));
            for (int t = 0; t < 3; t++) {
                now += 7_000;
                in(new SessionInput.Tick(now));
            }
        }

        /** A tournament game: moves counted by the clock presses, presses without a move, time running out. */
        private void clockGame() {
            GameSettings clock = new GameSettings(Position.startpos(),
                    InferenceConfig.defaults(KIND).withCommitPolicy(CommitPolicy.CLOCK), IllegalMovePolicy.LOSS)
                    .withTime(TimeControl.parse("main=60,byoyomi=10")).withBeeps(BeepSchedule.DEFAULT);
            s = new GameSession(clock, WALL);
            board = Position.startpos();
            show(board);
            ticks(20);
            press(Button.CLOCK_GOTE); // gote starts sente's clock
            ticks(3);
            move("7g7f");
            press(Button.CLOCK_SENTE);
            ticks(3);
            move("3c3d");
            press(Button.CLOCK_GOTE);
            ticks(3);
            move("8h2b"); // a capture made as a plain move: the board differs
            press(Button.PROMOTE);
            ticks(2);
            press(Button.CLOCK_SENTE);
            ticks(5);
            move("3a2b");
            ticks(2);
            move("2g2f");
            press(Button.CLOCK_GOTE);
            ticks(3);
            press(Button.CLOCK_SENTE);
            ticks(3);
            for (int t = 0; t < 30; t++) {
                now += 5_000;
                in(new SessionInput.Tick(now));
            }
        }
    }
}
