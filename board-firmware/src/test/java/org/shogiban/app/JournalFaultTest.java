package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Colour;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.StatusLed;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionState;

/**
 * The disk tells the truth: a journal the disk refuses does not stop the game; the fault is shown at once (status
 * light, the snapshot's {@code faults}, the link's {@code FAULT}) and once; the changes wait in memory and are written
 * in order when the disk accepts them, and the fault clears.
 */
class JournalFaultTest {
    private static final GameSettings SETTINGS = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.STABLE))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Rig board(SessionJournal journal, List<LinkEvent> linkEvents) {
        Optional<SessionState> saved = journal.gameInProgress();
        Rig rig = new Rig(SETTINGS, RecordSink.NONE, r -> saved
                .map(s -> GameSession.resume(SETTINGS, Rig.WALL_CLOCK, s, r.clock.millis()))
                .orElseGet(() -> new GameSession(SETTINGS, Rig.WALL_CLOCK)));
        rig.app.setJournal(journal);
        new org.shogiban.port.PortLinkedBoard(Ports.port(rig.app, Ports.events(rig.app), null))
                .subscribe(e -> linkEvents.add(e.event()));
        rig.layOut(rig.app.session().position());
        return rig.run(600);
    }

    private static List<String> faults(Rig rig) throws Exception {
        List<String> out = new ArrayList<>();
        JSON.readTree(rig.app.snapshot().toJson()).get("faults").forEach(f -> out.add(f.asText()));
        return out;
    }

    private static Colour faultLight(Rig rig) {
        return rig.hardware.leds.current().status(StatusLed.FAULT);
    }

    @Test
    void aJournalThatCannotBeWrittenIsShownAtOnceTheGameGoesOnAndItCatchesUpWhenTheDiskAcceptsIt() throws Exception {
        Path blocker = dir.resolve("card");
        Files.writeString(blocker, "a file where the state directory should be");
        Path state = blocker.resolve("state");
        List<LinkEvent> link = new ArrayList<>();
        try (SessionJournal journal = SessionJournal.open(state, Rig.WALL_CLOCK)) {
            assertThat(journal.recovery().problem()).isPresent();
            Rig rig = board(journal, link);
            // shown from the first pass: the light, the snapshot, the link, the session's fault event
            assertThat(faults(rig)).containsExactly("journal (cannot be opened) at journal.log");
            assertThat(faultLight(rig)).isEqualTo(Colour.RED);
            assertThat(link).extracting(LinkEvent::text).filteredOn(t -> t.startsWith("FAULT")).singleElement()
                    .satisfies(t -> assertThat(t).startsWith("FAULT failed journal.log journal (cannot be opened): ")
                            .contains("Not a directory"));

            rig.move("7g", "7f").move("3c", "3d").run(2500).move("2g", "2f");
            assertThat(rig.app.game().orElseThrow().moves()).extracting(Move::usi)
                    .containsExactly("7g7f", "3c3d", "2g2f");
            assertThat(journal.journal().written()).isFalse();
            // said once, not per move or per retry
            assertThat(rig.events(BoardEvent.FaultChanged.class)).hasSize(1);
            assertThat(link).extracting(LinkEvent::text).filteredOn(t -> t.startsWith("FAULT")).hasSize(1);

            // the card is writable again: within the retry period, every change waiting is written, in order
            Files.delete(blocker);
            rig.run(1100);
            assertThat(journal.journal().written()).isTrue();
            assertThat(faults(rig)).isEmpty();
            assertThat(faultLight(rig)).isNotEqualTo(Colour.RED);
            assertThat(link).extracting(LinkEvent::text).filteredOn(t -> t.startsWith("FAULT")).last()
                    .satisfies(t -> assertThat(t).startsWith("FAULT recovered journal.log journal (cannot be opened)"));
            rig.move("8c", "8d");
        }
        // as after kill -9: the journal on the disk resumes every move
        try (SessionJournal journal = SessionJournal.open(state, Rig.WALL_CLOCK)) {
            assertThat(journal.recovery().clean()).isTrue();
            assertThat(journal.gameInProgress().orElseThrow().moves())
                    .containsExactly("7g7f", "3c3d", "2g2f", "8c8d");
            List<String> types = journal.journal().entries().stream().map(e -> e.type()).toList();
            assertThat(types).startsWith("game-start", "move", "move").contains("clock");
            JsonNode first = JSON.readTree(journal.journal().entries().get(0).payload());
            assertThat(first.get("link").get(0).asText()).matches("\\d+ GAME 2025-03-01T05-05-09 .*");
        }
    }
}
