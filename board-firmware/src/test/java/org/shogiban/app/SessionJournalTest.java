package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.ClockState;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.journal.Journal;
import org.shogiban.journal.JournalEntry;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionState;

/** The journal in whole games: every change on the disk, a restart resumes the game, a damaged journal does not. */
class SessionJournalTest {
    private static final GameSettings SETTINGS = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.STABLE))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);

    @TempDir
    Path dir;

    /** A board on the state directory: resumed when the journal holds a game in progress. */
    private Rig board(SessionJournal journal) {
        Optional<SessionState> saved = journal.gameInProgress();
        Rig rig = new Rig(SETTINGS, new RecordDirectory(dir.resolve("records")), r -> saved
                .map(s -> GameSession.resume(SETTINGS, Rig.WALL_CLOCK, s, r.clock.millis()))
                .orElseGet(() -> new GameSession(SETTINGS, Rig.WALL_CLOCK)));
        rig.app.setJournal(journal);
        rig.layOut(rig.app.session().position());
        return rig.run(600);
    }

    private static List<Move> usi(String... moves) {
        return Stream.of(moves).map(Move::parseUsi).toList();
    }

    @Test
    void everyMoveIsJournalledBeforeItIsAcknowledgedAndARestartResumesTheGame() throws Exception {
        ClockState before;
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            Rig rig = board(journal);
            // the listeners are told after the journal: each move event finds its entry on the disk already
            rig.app.addListener(e -> {
                if (e instanceof BoardEvent.MovePlayed m) {
                    assertThat(journal.journal().entries()).last().satisfies(entry -> {
                        assertThat(entry.type()).isEqualTo("move");
                        assertThat(entry.payload()).contains("\"" + m.move().usi() + "\"");
                    });
                }
            });
            rig.move("7g", "7f").move("3c", "3d").run(2500);
            before = rig.app.session().clockState(rig.clock.millis());
            assertThat(journal.journal().entries()).extracting(JournalEntry::type)
                    .startsWith("game-start", "move", "move").contains("clock");
        }
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            assertThat(journal.recovery().clean()).isTrue();
            Rig rig = board(journal);
            assertThat(rig.events(BoardEvent.GameResumed.class)).hasSize(1);
            assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "3c3d"));
            assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
            ClockState after = rig.app.session().clockState(rig.clock.millis());
            assertThat(after.running()).isEqualTo(Side.SENTE);
            // the last checkpoint is at most a second before the shutdown; the check of the pieces is not charged
            assertThat(after.sente().mainMs()).isBetween(before.sente().mainMs(), before.sente().mainMs() + 1000);
            assertThat(after.gote()).isEqualTo(before.gote());

            rig.move("2g", "2f");
            assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "3c3d", "2g2f"));
        }
    }

    @Test
    void aJournalCutOffMidWriteResumesUpToTheLastWholeEntry() throws Exception {
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            board(journal).move("7g", "7f").move("3c", "3d");
        }
        Path file = dir.resolve("state").resolve(Journal.FILE_NAME);
        Files.writeString(file, "9 1740805509000 move 0123abcd {\"half", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            assertThat(board(journal).app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "3c3d"));
        }
    }

    @Test
    void aDamagedJournalIsSetAsideAndANewGameStarts() throws Exception {
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            board(journal).move("7g", "7f");
        }
        Path file = dir.resolve("state").resolve(Journal.FILE_NAME);
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        lines.set(1, lines.get(1).replace("game-start", "game-stars"));
        Files.write(file, lines, StandardCharsets.UTF_8);
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            assertThat(journal.recovery().damaged()).isTrue();
            assertThat(journal.recovery().problem()).isPresent();
            Rig rig = board(journal);
            assertThat(rig.events(BoardEvent.GameResumed.class)).isEmpty();
            assertThat(rig.app.game().orElseThrow().plies()).isZero();
        }
    }

    @Test
    void aNewGameCompactsTheJournalToItsStart() throws Exception {
        try (SessionJournal journal = SessionJournal.open(dir.resolve("state"), Rig.WALL_CLOCK)) {
            Rig rig = board(journal);
            rig.move("7g", "7f");
            rig.app.submit(new org.shogiban.session.SessionInput.NewGame(rig.clock.millis()));
            rig.layOut(Position.startpos()).run(700);
            assertThat(journal.journal().entries()).extracting(JournalEntry::type).containsExactly("game-start");
            assertThat(journal.lastSeq()).isGreaterThan(3);
        }
    }
}
