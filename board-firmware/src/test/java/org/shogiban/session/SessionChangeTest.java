package org.shogiban.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * One input, one change: what {@link GameSession#accept} returns holds the events and the board as they left it
 * (record, snapshot, journalled state), and the game's result has one owner, the game, whoever ends it.
 */
class SessionChangeTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);
    private static final SensorKind KIND = SensorKind.POLARITY;

    private final GameSettings settings = GameSettings.of(Position.startpos(),
                    InferenceConfig.defaults(KIND).withCommitPolicy(CommitPolicy.STABLE))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);
    private final GameSession session = GameSession.playing(settings, WALL, 0);
    private long now;

    private SessionChange frame(Position position) {
        return session.accept(new SessionInput.Frame(ExpectedFrame.of(position).toSensorFrame(now, KIND)));
    }

    /** Plays a move on the sensors: the piece lifted, put down, then the board still past the settle time. */
    private SessionChange play(String usi) {
        Position before = session.position();
        Move move = Move.parseUsi(usi);
        SensorFrame lifted = ExpectedFrame.of(before).toSensorFrame(now, KIND)
                .withSquare(move.from().index(), SquareReading.EMPTY);
        session.accept(new SessionInput.Frame(lifted));
        now += 300;
        SessionChange last = frame(before.play(move));
        for (int i = 0; i < 60 && !last.changed(); i++) {
            now += 10;
            last = session.accept(new SessionInput.Tick(now));
        }
        return last;
    }

    @Test
    void aMovesChangeHoldsTheRecordFactsAndStateAsTheMoveLeftThem() {
        now = 1_000;
        frame(Position.startpos());
        now = 4_000;
        SessionChange change = play("7g7f");
        assertThat(change.events()).hasAtLeastOneElementOfType(BoardEvent.MovePlayed.class);
        List<RecordedMove> moves = change.record().recordedMoves();
        assertThat(moves).extracting(RecordedMove::move).containsExactly(Move.parseUsi("7g7f"));
        // the mover is charged up to the sensor change that completed the move (4,300 ms after the start at 0)
        assertThat(moves.get(0).timeUsed()).isEqualTo(Duration.ofMillis(4_300));
        assertThat(change.facts().moves()).containsExactly(Move.parseUsi("7g7f"));
        assertThat(change.facts().toMove()).isEqualTo(Side.GOTE);
        assertThat(change.facts().clockRunning()).isEqualTo(Side.GOTE);
        assertThat(change.state().moves()).containsExactly("7g7f");
        assertThat(change.state().moveMillis()).containsExactly(4_300L);
        assertThat(change.state().turnClocks()).hasSize(2);
        assertThat(change.clock()).isEqualTo(session.clockState(change.timeMillis()));

        SessionChange quiet = session.accept(new SessionInput.Tick(now + 10));
        assertThat(quiet.changed()).isFalse();
        assertThat(quiet.record()).isSameAs(change.record());
        assertThat(quiet.facts()).isSameAs(change.facts());
    }

    @Test
    void theArbitersResultAndItsWordsLiveInTheGameAndGoWithAnUndo() {
        now = 1_000;
        frame(Position.startpos());
        now = 2_000;
        play("7g7f");
        now += 1_000;
        SessionChange ruled = session.accept(new SessionInput.SetResult(now, GameStatus.TIME_UP, Side.SENTE,
                "flag fell"));
        assertThat(session.result()).isSameAs(session.game().orElseThrow().result());
        assertThat(session.result().status()).isEqualTo(GameStatus.TIME_UP);
        assertThat(ruled.facts().result().reason()).isEqualTo("arbiter: flag fell");
        assertThat(ruled.state().result().note()).isEqualTo("arbiter: flag fell");
        assertThat(ruled.record().recordedMoves().get(0).comments()).singleElement().asString()
                .endsWith("result TIME_UP sente (flag fell)");

        now += 1_000;
        SessionChange undone = session.accept(new SessionInput.Undo(now));
        assertThat(session.result().isOver()).isFalse();
        assertThat(undone.facts().result()).isNull();
        assertThat(undone.state().result()).isNull();
        assertThat(undone.facts().moves()).isEmpty();
        // the arbiter's notes on the undone move stay in the record, before the first move now
        assertThat(undone.record().startComments()).hasSize(2);
    }

    @Test
    void aResignationEndsTheGameInTheGameItself() {
        now = 1_000;
        frame(Position.startpos());
        SessionChange resigned = session.accept(new SessionInput.Resign(2_000, Side.GOTE));
        assertThat(session.game().orElseThrow().result().status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(session.game().orElseThrow().result().winner()).isEqualTo(Side.SENTE);
        assertThat(resigned.facts().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(resigned.facts().result().winner()).isEqualTo(Side.SENTE);
        assertThat(resigned.record().end()).isNotNull();
    }

    @Test
    void aJournalledGameIsRuledAgainAsItIsReplayedNotTakenOnTrust() {
        String start = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
        SessionState mated = new SessionState(1, "PLAYING", 1_000, start, "none", List.of("G*5b"), List.of(2_000L),
                List.of(List.of()), List.of(), null, null, false, "casual", null, List.of());
        assertThatThrownBy(() -> GameSession.resume(settings, WALL, mated, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CHECKMATE");
        SessionState illegal = new SessionState(1, "PLAYING", 1_000, start, "none", List.of("5c5a"), List.of(),
                List.of(), List.of(), null, null, false, "casual", null, List.of());
        assertThatThrownBy(() -> GameSession.resume(settings, WALL, illegal, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("illegal at ply 1");
        SessionState going = new SessionState(1, "PLAYING", 1_000, Position.startpos().toSfen(), "none",
                List.of("7g7f"), List.of(2_000L), List.of(List.of("a note")), List.of(), null, null, false, "casual",
                null, List.of());
        GameSession resumed = GameSession.resume(settings, WALL, going, 0);
        assertThat(resumed.record().recordedMoves()).singleElement().satisfies(m -> {
            assertThat(m.timeUsed()).isEqualTo(Duration.ofMillis(2_000));
            assertThat(m.comments()).containsExactly("a note");
        });
        assertThat(resumed.state(0).moveMillis()).containsExactly(2_000L);
    }
}
