package org.shogiban.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.ExpectedFrame;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Verdict;

/**
 * The session's one owner of its state: each named transition moves the phase (and what goes with it) as the
 * diagram in docs/session.md shows, and the game changes only through it.
 */
class MatchTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2026-03-01T10:00:00Z"), ZoneOffset.UTC);
    private static final GameSettings SETTINGS = GameSettings.of(Position.startpos(),
                    InferenceConfig.defaults(SensorKind.OCCUPANCY))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);

    private final Match match = new Match(SETTINGS, WALL);

    @Test
    void aNewMatchSetsUpAndItsFirstInputAnnouncesTheSetup() {
        assertThat(match.phase()).isEqualTo(BoardPhase.SETTING_UP);
        assertThat(match.history()).isNull();
        assertThat(match.takeInput(5)).isEqualTo(5);
        assertThat(match.events()).singleElement().isInstanceOf(BoardEvent.SetupStarted.class);
        match.takeInput(3); // a command may carry an earlier time: the change keeps the latest
        assertThat(match.events()).isEmpty();
        assertThat(match.inputMillis()).isEqualTo(3);
    }

    @Test
    void startGamePlaysFromTheStartWithTheFirstTurnWaitingAndTheInferenceFollowing() {
        match.takeInput(100);
        match.startGame(100);
        assertThat(match.phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(match.history().current()).isEqualTo(Position.startpos());
        assertThat(match.clock().firstTurnWaits()).isTrue();
        assertThat(match.inference()).isNotNull();
        assertThat(match.events()).last().isInstanceOf(BoardEvent.GameStarted.class);
    }

    @Test
    void pauseStopsOnlyAGameBeingPlayedAndResumePlaysOn() {
        match.pause(10); // setting up: nothing to pause
        assertThat(match.phase()).isEqualTo(BoardPhase.SETTING_UP);
        match.startPlaying(0);
        match.pause(1_000);
        assertThat(match.phase()).isEqualTo(BoardPhase.PAUSED);
        assertThat(match.clock().state(5_000).paused()).isTrue();
        match.resume(5_000);
        assertThat(match.phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(match.clock().state(6_000).sente().mainMs()).isEqualTo(600_000 - 2_000);
    }

    @Test
    void endStopsTheClockAndWritesTheEndAndReopenPlaysOn() {
        match.startPlaying(0);
        match.takeInput(2_000);
        Move move = Move.parseUsi("7g7f");
        match.play(move, Verdict.LEGAL, 2_000L, null);
        match.resign(Side.GOTE);
        match.end(2_000);
        assertThat(match.phase()).isEqualTo(BoardPhase.OVER);
        assertThat(match.clock().running()).isNull();
        assertThat(match.history().result().status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(match.log().endedAt()).isEqualTo(WALL.instant());
        assertThat(match.events()).last().isInstanceOf(BoardEvent.GameOver.class);

        match.takeBack(1);
        match.reopen();
        assertThat(match.phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(match.log().endedAt()).isNull();
        assertThat(match.history().plies()).isZero();
    }

    @Test
    void checkingThePiecesStopsTheInferenceUntilTheyShowTheGamesPosition() {
        match.startPlaying(0);
        match.takeInput(1_000);
        match.checkPieces(1_000, "the arbiter took back 7g7f");
        assertThat(match.inference()).isNull();
        assertThat(match.prompts().checking()).isTrue();
        assertThat(match.events()).last().isInstanceOf(BoardEvent.CheckPieces.class);
        match.piecesChecked(1_500);
        assertThat(match.prompts().checking()).isFalse();
        assertThat(match.inference()).isNotNull();
        assertThat(match.events()).last().isInstanceOf(BoardEvent.BackInSync.class);
    }

    @Test
    void startSetupForgetsTheGameAndSetsUpTheAskedStart() {
        match.startPlaying(0);
        match.takeInput(1_000);
        match.abort();
        match.end(1_000);
        Position handicap = Position.fromSfen("lnsgkgsn1/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        match.ask(new GameRequest(Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(handicap),
                Optional.empty(), GameRequest.WhilePlaying.ABORT));
        match.startSetup(1_000);
        assertThat(match.phase()).isEqualTo(BoardPhase.SETTING_UP);
        assertThat(match.history()).isNull();
        assertThat(match.inference()).isNull();
        assertThat(match.setup().target()).isEqualTo(handicap);
        assertThat(match.events()).last().isInstanceOf(BoardEvent.SetupStarted.class);
    }

    @Test
    void theLastFrameAndWhenTheReadingsChangedAreKept() {
        var start = ExpectedFrame.of(Position.startpos()).toSensorFrame(100, SensorKind.OCCUPANCY);
        match.frameSeen(start);
        match.frameSeen(start.at(300)); // the same readings later: no change
        assertThat(match.lastChangeMillis()).isEqualTo(100);
        assertThat(match.stillFrame(500).timeMillis()).isEqualTo(500);
    }
}
