package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.memory.RecordingBuzzer.Sound;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;

/** The clock in whole games on the memory board: who runs, time up on a tick, the record's times. */
class SessionClockTest {
    @TempDir
    Path dir;

    private Rig rig(CommitPolicy commit, String time, BeepSchedule beeps) {
        GameSettings settings = GameSettings.of(Position.startpos(),
                InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(commit))
                .withTime(TimeControl.parse(time)).withBeeps(beeps);
        return new Rig(settings, new RecordDirectory(dir)).layOut(Position.startpos()).run(600);
    }

    private static long startedAt(Rig rig) {
        return rig.events(BoardEvent.GameStarted.class).get(0).timeMillis();
    }

    private static ClockState clocks(Rig rig) {
        return rig.app.session().clockState(rig.clock.millis());
    }

    private static List<Move> usi(String... moves) {
        return Stream.of(moves).map(Move::parseUsi).toList();
    }

    @Test
    void timeUpInByoyomiEndsTheGameOnATickAndTheRecordHasTheTimes() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, "main=0,byoyomi=3", BeepSchedule.SILENT);
        rig.move("7g", "7f");
        long switched = rig.events(BoardEvent.MovePlayed.class).get(0).timeMillis();
        rig.run(4000);

        assertThat(rig.events(BoardEvent.TimeUp.class)).singleElement().satisfies(t -> {
            assertThat(t.side()).isEqualTo(Side.GOTE);
            // gote's 3 s ran from the sensor change that completed sente's move, before the move counted
            assertThat(t.timeMillis()).isBetween(switched + 3000 - 500, switched + 3000 - 300);
        });
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.TIME_UP);
        assertThat(rig.app.session().result().winner()).isEqualTo(Side.SENTE);
        assertThat(rig.hardware.buzzer.sounds()).doesNotContain(Sound.LONG_TONE);

        GameRecord saved = GameRecords.read(Files.readAllBytes(dir.resolve(rig.app.recordName())));
        assertThat(saved.moves()).isEqualTo(usi("7g7f"));
        assertThat(saved.end().kind()).isEqualTo(EndKind.TIME_UP);
        assertThat(saved.end().side()).isEqualTo(Side.GOTE);
        assertThat(saved.header().timeControl()).contains(
                "各0分 秒読み3秒 (main=0,byoyomi=3,periods=1,increment=0,consider=0)");
        String kif = Files.readString(dir.resolve(rig.app.recordName()), StandardCharsets.UTF_8);
        assertThat(kif).containsPattern("７六歩\\(77\\)\\s+\\( 0:00/00:00:00\\)");

        String csa = new String(GameRecords.encode(saved.withHeader(rig.app.session().record().header()),
                RecordFormat.CSA), StandardCharsets.UTF_8);
        assertThat(csa).contains("$TIME:0+3+0", "\nT0\n", "%TIME_UP");
        assertThat(GameRecords.read(csa.getBytes(StandardCharsets.UTF_8)).header().get("$TIME")).contains("0+3+0");
    }

    @Test
    void underStableCommitTheMoverIsChargedUpToTheSensorChangeNotTheSettleTime() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60", BeepSchedule.SILENT).press(Button.CLOCK_GOTE);
        long start = rig.events(BoardEvent.ClockPressed.class).get(0).timeMillis();
        rig.run(1000).lift("7g").place("7f");
        long placed = rig.clock.millis();
        rig.run(600);
        long counted = rig.events(BoardEvent.MovePlayed.class).get(0).timeMillis();

        ClockState c = clocks(rig);
        long charged = 60_000 - c.sente().mainMs();
        assertThat(c.running()).isEqualTo(Side.GOTE);
        assertThat(charged).isBetween(placed - 100 - start, placed + 60 - start).isLessThan(counted - start - 300);
        assertThat(rig.app.session().record().recordedMoves().get(0).timeUsed())
                .isEqualTo(Duration.ofMillis(charged));
    }

    @Test
    void theFirstTurnsClockWaitsForThePlayersAndTheFirstMoveStartsItInCasualPlay() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60,byoyomi=10", BeepSchedule.parse("10,5"));
        rig.run(120_000);
        assertThat(clocks(rig).sente().mainMs()).as("two minutes after the game was laid out").isEqualTo(60_000);
        assertThat(clocks(rig).paused()).isTrue();
        assertThat(rig.events(BoardEvent.ClockBeep.class)).isEmpty();
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);

        rig.move("7g", "7f");
        assertThat(rig.app.session().record().recordedMoves().get(0).timeUsed()).isEqualTo(Duration.ZERO);
        ClockState c = clocks(rig);
        assertThat(c.sente().mainMs()).isEqualTo(60_000);
        assertThat(c.running()).isEqualTo(Side.GOTE);
        assertThat(c.paused()).isFalse();
        rig.run(3000);
        assertThat(clocks(rig).gote().mainMs()).isLessThan(58_000);
    }

    @Test
    void gotesPressStartsTheFirstTurnsTimeAndTheFirstMoveIsChargedOnlyFromThere() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60", BeepSchedule.SILENT);
        rig.run(30_000).press(Button.CLOCK_GOTE);
        long started = rig.events(BoardEvent.ClockPressed.class).get(0).timeMillis();
        assertThat(rig.events(BoardEvent.ClockPressed.class)).singleElement()
                .satisfies(p -> assertThat(p.running()).isEqualTo(Side.SENTE));
        rig.run(2000).lift("7g").place("7f");
        long placed = rig.clock.millis();
        rig.run(600);
        Duration charged = rig.app.session().record().recordedMoves().get(0).timeUsed();
        assertThat(charged.toMillis()).isBetween(placed - started - 100, placed - started);
    }

    @Test
    void underClockCommitThePressSwitchesTheClockAndGotesEarlyPressRestartsSente() {
        Rig rig = rig(CommitPolicy.CLOCK, "main=60,byoyomi=10", BeepSchedule.SILENT);
        rig.run(5000).press(Button.CLOCK_GOTE);
        assertThat(rig.events(BoardEvent.ClockPressed.class)).singleElement()
                .satisfies(p -> assertThat(p.running()).isEqualTo(Side.SENTE));
        assertThat(clocks(rig).sente().mainMs()).isBetween(59_850L, 60_000L);

        rig.lift("7g").place("7f").run(2000);
        assertThat(clocks(rig).running()).isEqualTo(Side.SENTE);
        long pressed = rig.clock.millis();
        rig.press(Button.CLOCK_SENTE);
        ClockState c = clocks(rig);
        assertThat(c.running()).isEqualTo(Side.GOTE);
        assertThat(60_000 - c.sente().mainMs()).isBetween(2_100L, pressed - startedAt(rig));
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f"));
    }

    @Test
    void aPlayerWhoForgotToPressPressesAfterTheReplyAndBothMovesCount() {
        Rig rig = rig(CommitPolicy.CLOCK, "main=60", BeepSchedule.SILENT);
        rig.lift("7g").place("7f").run(1000);
        rig.lift("3c").place("3d").run(1000).press(Button.CLOCK_GOTE);
        assertThat(rig.app.game().orElseThrow().plies()).isZero();
        assertThat(clocks(rig).running()).isEqualTo(Side.SENTE);

        rig.press(Button.CLOCK_SENTE);
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "3c3d"));
        assertThat(clocks(rig).running()).isEqualTo(Side.GOTE);
        rig.press(Button.CLOCK_GOTE);
        assertThat(clocks(rig).running()).isEqualTo(Side.SENTE);
        rig.lift("2g").place("2f").press(Button.CLOCK_SENTE).run(300);
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "3c3d", "2g2f"));
    }

    @Test
    void theArbiterPausesAndAddsTime() {
        Rig rig = rig(CommitPolicy.STABLE, "main=60", BeepSchedule.SILENT).press(Button.CLOCK_GOTE);
        rig.app.submit(new SessionInput.Pause(rig.clock.millis()));
        rig.run(100);
        long paused = clocks(rig).sente().mainMs();
        rig.run(5000);
        assertThat(clocks(rig).sente().mainMs()).isEqualTo(paused);
        rig.app.submit(new SessionInput.Adjust(rig.clock.millis(), Side.SENTE, 30_000));
        rig.app.submit(new SessionInput.Resume(rig.clock.millis()));
        rig.run(100);
        assertThat(clocks(rig).sente().mainMs()).isBetween(paused + 29_800, paused + 30_000);
        assertThat(rig.app.snapshot().toJson()).contains("\"running\":\"sente\"", "\"timeControl\":\"main=60");
    }

    @Test
    void theClockBeepsAtTheMarksAndGivesALongToneAtTimeUp() {
        Rig rig = rig(CommitPolicy.STABLE, "main=3", BeepSchedule.parse("2,1")).press(Button.CLOCK_GOTE);
        rig.run(3500);
        assertThat(rig.events(BoardEvent.ClockBeep.class)).hasSize(3);
        assertThat(rig.hardware.buzzer.sounds()).containsSubsequence(Sound.BEEP, Sound.BEEP, Sound.LONG_TONE);
        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.TIME_UP);
        // the display showed main time counting down: 0:03, 0:02, 0:01, then 0:00 at time up
        assertThat(rig.hardware.clock.history()).extracting(shown -> shown.blank() ? "blank"
                : org.shogiban.clock.ClockFaces.text(shown.sente())).containsSubsequence("0:03", "0:02", "0:01",
                "0:00");
        assertThat(rig.app.session().record().header().get(RecordHeader.TIME_CONTROL)).isPresent();
    }
}
