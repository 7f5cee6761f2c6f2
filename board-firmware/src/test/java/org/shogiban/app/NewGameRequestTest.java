package org.shogiban.app;

import org.shogiban.port.PortLinkedBoard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.FileEventLog;
import org.shogiban.link.LinkService;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.NewGameOptions;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordFormat;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;

/**
 * A new game as a host (or the page, or the console) asks for it: the players, the time control, the handicap and
 * the mode reach the session, the records and the link; what is not asked is the board's; the request survives a
 * restart of the board on the same state directory, and so does the numbering of the link's events.
 */
class NewGameRequestTest {
    /** The board's own settings: an even game, casual, ten minutes and 30 s byoyomi. */
    private static final GameSettings BOARD = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.STABLE))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);
    private static final Position BISHOP = Handicap.BISHOP.start();
    private static final String ASKED = "sente=\"Habu Yoshiharu\" gote=藤井 time=main=300,byoyomi=10 handicap=bishop"
            + " mode=tournament";

    @TempDir
    Path dir;

    private final ObjectMapper json = new ObjectMapper();
    private final List<LinkEvent> events = new ArrayList<>();

    /** A board with the link attached as {@code serve} attaches it, on a state directory (journal + event log). */
    private Rig board(StateDir disk) {
        SessionJournal journal = disk.journal();
        Rig rig = new Rig(BOARD, new RecordDirectory(dir.resolve("records")),
                r -> Resumption.session(BOARD, Rig.WALL_CLOCK, journal, r.clock.millis(), line -> { }));
        rig.app.setJournal(journal);
        // the board's event stream as the assembly makes it (kept, then told, here on the runtime's thread)
        BoardEvents stream = Ports.events(rig.app, disk.log());
        stream.numbering().restore(journal.journal().entries());
        link = new PortLinkedBoard(Ports.port(rig.app, stream, dir.resolve("records")));
        link.subscribe(e -> events.add(e.event()));
        return rig;
    }

    private PortLinkedBoard link;

    private JsonNode state(Rig rig) throws Exception {
        return json.readTree(rig.app.snapshot().toJson());
    }

    private List<String> texts() {
        return events.stream().map(LinkEvent::text).toList();
    }

    /** Plays an even game's first move and resigns it for sente, so that the board takes a new game. */
    private static void firstGameResigned(Rig rig) {
        rig.layOut(Position.startpos()).run(600).move("7g", "7f").press(Button.RESIGN_SENTE);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
    }

    @Test
    void theHandicapPlayersTimeAndTournamentModeAskedByAHostAreWhatTheNextGameIsPlayedWith() throws Exception {
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            firstGameResigned(rig);

            var answer = link.newGame(NewGameOptions.parse(ASKED));
            assertThat(answer.accepted()).isTrue();
            assertThat(answer.text()).isEqualTo("setting up a new game: tournament, time "
                    + "main=300,byoyomi=10,periods=1,increment=0,consider=0, start bishop, sente Habu Yoshiharu,"
                    + " gote 藤井; it starts when the pieces stand on the start");
            rig.run(100);
            JsonNode setup = state(rig);
            assertThat(setup.get("phase").asText()).isEqualTo("SETUP");
            assertThat(setup.get("gameId").isNull()).as("STATE's gameId follows NEW: not the resigned game's")
                    .isTrue();
            assertThat(setup.get("startSfen").asText()).isEqualTo(BISHOP.toSfen());
            assertThat(setup.get("mode").asText()).isEqualTo("tournament");
            assertThat(setup.get("timeControl").asText()).startsWith("main=300,byoyomi=10");
            assertThat(texts()).contains("SETUP " + BISHOP.toSfen());

            // 角落ち: gote (上手) moves first; in tournament mode a move counts at the mover's clock press
            rig.layOut(BISHOP).run(600);
            assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
            assertThat(state(rig).get("gameId").isNull()).as("the new game's id once it starts").isFalse();
            rig.lift("3c").place("3d").run(600);
            assertThat(rig.app.game().orElseThrow().plies()).as("no press, no move").isZero();
            rig.press(Button.CLOCK_GOTE);
            assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(1);
            assertThat(state(rig).get("clock").get("sente").get("mainMs").asLong()).isBetween(299_000L, 300_000L);

            // and an illegal move loses: sente's pawn slides two squares
            rig.lift("2g").place("2e").run(600).press(Button.CLOCK_SENTE).run(300);
            JsonNode over = state(rig);
            assertThat(over.get("result").get("status").asText()).isEqualTo("ILLEGAL_MOVE");
            assertThat(over.get("result").get("winner").asText()).isEqualTo("gote");
            assertThat(texts()).anyMatch(t -> t.startsWith("ILLEGAL 2 2g2e ") && t.endsWith(" loses"));

            GameRecord record = link.record("current").orElseThrow();
            assertThat(record.header().sente()).contains("Habu Yoshiharu");
            assertThat(record.header().gote()).contains("藤井");
            String kif = new String(GameRecords.encode(record, RecordFormat.KIF), GameRecords.SHIFT_JIS);
            assertThat(kif).contains("手合割：角落ち", "下手：Habu Yoshiharu", "上手：藤井", "持ち時間：");
            String csa = new String(GameRecords.encode(record, RecordFormat.CSA), StandardCharsets.UTF_8);
            assertThat(csa).contains("N+Habu Yoshiharu\n", "N-藤井\n", "$TIME:300+10+0");
            JsonNode jkf = json.readTree(GameRecords.encode(record, RecordFormat.JKF));
            assertThat(jkf.get("header").get("下手").asText()).isEqualTo("Habu Yoshiharu");
            assertThat(jkf.get("header").get("上手").asText()).isEqualTo("藤井");
            // the KIF read back keeps the names
            assertThat(GameRecords.read(GameRecords.encode(record, RecordFormat.KIF)).header().gote())
                    .contains("藤井");
            assertThat(link.games()).anySatisfy(g -> {
                assertThat(g.sente()).isEqualTo("Habu Yoshiharu");
                assertThat(g.gote()).isEqualTo("藤井");
                assertThat(g.plies()).isEqualTo(1);
            });
        }
    }

    @Test
    void whatIsNotAskedIsTheBoardsOwnSettingAndCasualModePutsAnIllegalMoveBack() throws Exception {
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            firstGameResigned(rig);
            assertThat(link.newGame(NewGameOptions.parse(ASKED)).accepted()).isTrue();
            rig.run(100);
            // asked again while setting up: the new request replaces the one before, from the board's settings
            assertThat(link.newGame(NewGameOptions.parse("gote=Kato")).accepted()).isTrue();
            rig.run(100);
            JsonNode setup = state(rig);
            assertThat(setup.get("startSfen").asText()).isEqualTo(Position.startpos().toSfen());
            assertThat(setup.get("mode").asText()).isEqualTo("casual");
            assertThat(setup.get("timeControl").asText()).startsWith("main=600,byoyomi=30");

            rig.layOut(Position.startpos()).run(600);
            rig.lift("7g").place("7e").run(600);
            assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
            assertThat(texts()).anyMatch(t -> t.startsWith("ILLEGAL 1 7g7e ") && t.endsWith(" put-back"));
            rig.lift("7e").place("7g").run(600).move("7g", "7f");
            assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(1);
            GameRecord record = link.record("current").orElseThrow();
            assertThat(record.header().sente()).isEmpty();
            assertThat(record.header().gote()).contains("Kato");
        }
    }

    @Test
    void aGameAskedForResumesAfterARestartWithItsPlayersTimeAndModeAndTheEventsNumberOn() throws Exception {
        long seqBefore;
        List<LoggedEvent> seen;
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            firstGameResigned(rig);
            assertThat(link.newGame(NewGameOptions.parse(ASKED)).accepted()).isTrue();
            rig.run(100).layOut(BISHOP).run(600);
            rig.lift("3c").place("3d").run(300).press(Button.CLOCK_GOTE).run(2000);
            seqBefore = rig.app.snapshot().seq();
            assertThat(seqBefore).as("STATE's seq is the last event's number").isEqualTo(disk.log().lastSeq());
            seen = disk.log().since(0);
            assertThat(seen.get(seen.size() - 1).text()).matches(seqBefore
                    + " CLOCK sente sente (300000|29\\d{4}) 10000 1 gote 300000 10000 1"); // no one started the clock: 3d charged 0
            // the board stops here, as after kill -9: nothing more is written
        }

        try (StateDir disk = StateDir.open(dir)) {
            events.clear();
            Rig rig = board(disk);
            GameSession resumed = rig.app.session();
            assertThat(resumed.phase()).isEqualTo(BoardPhase.PLAYING);
            assertThat(resumed.settings().timeControl().spec()).startsWith("main=300,byoyomi=10");
            assertThat(resumed.settings().inference().commitPolicy()).isEqualTo(CommitPolicy.CLOCK);
            assertThat(resumed.players().sente()).isEqualTo("Habu Yoshiharu");
            rig.layOut(rig.app.session().position()).run(600);
            JsonNode state = state(rig);
            assertThat(state.get("mode").asText()).isEqualTo("tournament");
            assertThat(state.get("startSfen").asText()).isEqualTo(BISHOP.toSfen());
            assertThat(state.get("moves").toString()).isEqualTo("[\"3c3d\"]");
            // the numbers go on from where they were; nothing the host saw is numbered again
            assertThat(texts().get(0)).matches("GAME 2025-03-01T05-05-09 resumed 1");
            List<LoggedEvent> all = disk.log().since(0);
            assertThat(all.subList(0, seen.size())).extracting(LoggedEvent::text)
                    .isEqualTo(seen.stream().map(LoggedEvent::text).toList());
            assertThat(disk.log().since(seqBefore)).isNotEmpty()
                    .allSatisfy(e -> assertThat(e.seq()).isGreaterThan(seqBefore));
            assertThat(disk.log().since(seqBefore).get(0).seq()).isEqualTo(seqBefore + 1);
            // still tournament: the move counts at the press
            rig.lift("7g").place("7f").run(600);
            assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(1);
            rig.press(Button.CLOCK_SENTE);
            assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(2);
            assertThat(link.record("current").orElseThrow().header().sente()).contains("Habu Yoshiharu");
            assertThat(Files.readString(dir.resolve(FileEventLog.FILE_NAME))).contains("MOVE 2 7g7f +7776FU,T");
        }
    }

    @Test
    void aMoveJournalledButNotYetInTheEventLogWhenTheBoardStoppedKeepsItsNumbersAndWordsAtTheRestart()
            throws Exception {
        Path eventFile = dir.resolve(FileEventLog.FILE_NAME);
        String kept;
        String full;
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            rig.layOut(Position.startpos()).run(600).move("7g", "7f").run(1000);
            kept = Files.readString(eventFile);
            rig.move("3c", "3d").run(1000);
            full = Files.readString(eventFile);
        }
        // the board stopped after the journal had 3c3d and before the event log had it: only the events before it
        Files.writeString(eventFile, kept);
        List<String> lost = List.of(full.substring(kept.length()).split("\n"));
        assertThat(lost.get(0)).matches("\\d+ MOVE 2 3c3d -3334FU,T\\d+");
        long last;
        try (FileEventLog log = FileEventLog.open(dir, 1000)) {
            last = log.lastSeq();
        }
        try (StateDir disk = StateDir.open(dir)) {
            events.clear();
            board(disk).run(100);
            List<String> after = disk.log().since(last).stream().map(LoggedEvent::text).toList();
            // the events as they were numbered and journalled, not made up again
            assertThat(after.subList(0, lost.size())).isEqualTo(lost);
            assertThat(after.get(lost.size())).isEqualTo((last + lost.size() + 1)
                    + " GAME 2025-03-01T05-05-09 resumed 2");
        }
    }

    @Test
    void aGameAskedForButNotYetSetUpIsSetUpAgainAfterARestart() throws Exception {
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            firstGameResigned(rig);
            assertThat(link.newGame(NewGameOptions.parse(ASKED)).accepted()).isTrue();
            rig.run(100);
        }
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = board(disk);
            rig.run(100);
            JsonNode setup = state(rig);
            assertThat(setup.get("phase").asText()).isEqualTo("SETUP");
            assertThat(setup.get("startSfen").asText()).isEqualTo(BISHOP.toSfen());
            assertThat(setup.get("mode").asText()).isEqualTo("tournament");
            assertThat(rig.app.session().players().gote()).isEqualTo("藤井");
        }
    }

    @Test
    void eachEventTheLinkSendsIsOnTheDiskBeforeItGoesOut() throws Exception {
        try (StateDir disk = StateDir.open(dir)) {
            Rig rig = new Rig(BOARD, RecordSink.NONE);
            rig.app.setJournal(disk.journal());
            // the assembly's stream with its keeper thread: the link pushes what the keeper has forced to the disk
            BoardEvents stream = new BoardEvents(disk.log(), dir, true).attach(rig.app);
            CheckingDevice device = new CheckingDevice(dir.resolve(FileEventLog.FILE_NAME));
            try (stream; LinkService service = new LinkService(new PortLinkedBoard(Ports.port(rig.app, stream, null)),
                    stream,
                    device, new LinkSettings("test", "rig", Optional.empty(), 256, 1 << 20, 100, 200))) {
                service.start();
                firstGameResigned(rig);
                long last = rig.app.snapshot().seq();
                assertThat(last).isGreaterThanOrEqualTo(5);
                List<String> sent = device.events(last);
                assertThat(sent).hasSize((int) last).allSatisfy(line -> assertThat(line).startsWith("* "));
                assertThat(sent.get(sent.size() - 1)).isEqualTo("* " + last + " RESULT RESIGNATION gote - 1");
                assertThat(device.notOnDisk).isEmpty();
            }
        }
    }

    /**
     * A device that looks, at each event line written to it, whether the line is in the event log's file already.
     * Nothing is ever read from it (the host sends nothing).
     */
    private static final class CheckingDevice implements SerialTransport, SerialTransport.Connection {
        private final Path file;
        private final java.util.concurrent.BlockingQueue<String> written =
                new java.util.concurrent.LinkedBlockingQueue<>();
        private final java.util.concurrent.BlockingQueue<Integer> never =
                new java.util.concurrent.LinkedBlockingQueue<>();
        final List<String> notOnDisk = new java.util.concurrent.CopyOnWriteArrayList<>();

        CheckingDevice(Path file) {
            this.file = file;
        }

        @Override
        public String describe() {
            return "a checking device";
        }

        @Override
        public Connection open() {
            return this;
        }

        @Override
        public int read(byte[] buffer) throws java.io.IOException {
            try {
                // a serial read waits a short while for bytes; none ever come
                return never.poll(20, java.util.concurrent.TimeUnit.MILLISECONDS) == null ? 0 : 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
        }

        @Override
        public void write(byte[] bytes) throws java.io.IOException {
            String line = new String(bytes, StandardCharsets.UTF_8).strip();
            if (!Files.readString(file).contains(line.substring(2) + "\n")) {
                notOnDisk.add(line);
            }
            written.add(line);
        }

        /** The event lines written, up to the one numbered {@code last} (waiting up to 10 s for it). */
        List<String> events(long last) throws InterruptedException {
            List<String> lines = new ArrayList<>();
            while (true) {
                String line = written.poll(10, java.util.concurrent.TimeUnit.SECONDS);
                assertThat(line).as("event " + last + " written within 10 s").isNotNull();
                lines.add(line);
                if (line.startsWith("* " + last + " ")) {
                    return lines;
                }
            }
        }

        @Override
        public boolean stillThere() {
            return true;
        }

        @Override
        public void close() {
            // nothing to release
        }
    }

    /** The board's state directory as {@code serve} opens it: the journal and the event log, closed together. */
    private record StateDir(SessionJournal journal, FileEventLog log) implements AutoCloseable {
        static StateDir open(Path dir) {
            SessionJournal journal = SessionJournal.open(dir, Rig.WALL_CLOCK);
            try {
                return new StateDir(journal, FileEventLog.open(dir, 1000));
            } catch (RuntimeException e) {
                try {
                    journal.close();
                } catch (java.io.IOException also) {
                    e.addSuppressed(also);
                }
                throw e;
            }
        }

        /** The event log first, then the journal (as a try-with-resources of both closes them). */
        @Override
        public void close() throws java.io.IOException {
            try (journal) {
                log.close();
            }
        }
    }
}
