package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.link.LinkSettings;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.link.Host;
import org.shogiban.link.PtyPair;
import org.shogiban.simulator.trace.Place;
import org.shogiban.simulator.table.PieceTable;
import org.shogiban.testdata.MovingWall;

/**
 * The web board keeps one runtime for its life: with {@code --state} it journals and resumes a game after a restart
 * (same moves, same clocks, the simulated pieces where the game left them); with {@code --serial} a host on the USB
 * link follows and drives the very board the page shows.
 */
@Timeout(120)
class WebStateAndLinkTest {
    private static final Clock WALL = Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC);
    private static final WebBoard.Setup CASUAL = new WebBoard.Setup(SensorKind.OCCUPANCY, "casual",
            "main=600,byoyomi=30", "startpos");

    @TempDir
    Path dir;

    private final ObjectMapper json = new ObjectMapper();

    private BoardApplicationAdapter board(BoardApplicationAdapter.Storage storage) {
        return new BoardApplicationAdapter(CASUAL, new ManualClock(), WALL, storage);
    }

    /** What a hand does for a plain move on the page: lift, put, then the board is left still. */
    private static void move(BoardApplicationAdapter board, String from, String to) {
        board.lift(Place.parse(from));
        board.advance(100);
        board.put(Place.parse(to), null);
        board.advance(600);
    }

    @Test
    void aGameAskedForOnThePageResumesAfterARestartOnTheSameStateDirectory() throws Exception {
        BoardApplicationAdapter.Storage storage = new BoardApplicationAdapter.Storage(dir.resolve("state/records"),
                dir.resolve("state"), null, null, Optional.empty());
        long senteMain;
        BoardApplicationAdapter first = board(storage);
        try {
            first.advance(600);
            first.newGame(new WebBoard.NewGame("tournament", "main=300,byoyomi=10", "bishop", true, "Habu",
                    "Fujii"));
            first.advance(700);
            assertThat(Snapshots.of(first).get("phase").asText()).isEqualTo("PLAYING");
            move(first, "3c", "3d");
            first.press(Button.CLOCK_GOTE);
            first.advance(3000);
            move(first, "7g", "7f");
            first.press(Button.CLOCK_SENTE);
            first.advance(1500);
            JsonNode before = Snapshots.of(first);
            assertThat(before.get("moves").toString()).isEqualTo("[\"3c3d\",\"7g7f\"]");
            senteMain = before.get("clock").get("sente").get("mainMs").asLong();
            assertThat(senteMain).isLessThan(300_000);
        } finally {
            // as after kill -9: every change is on the disk already; closing writes nothing more to the journal
            first.close();
        }

        BoardApplicationAdapter second = board(storage);
        try {
            // the simulated pieces stand where the game left them, before any pass
            PieceTable.TableView table = second.table();
            assertThat(table.at(Square.parse("7f"))).isEqualTo(Piece.of(Side.SENTE, PieceType.PAWN));
            assertThat(table.at(Square.parse("7g"))).isNull();
            assertThat(table.at(Square.parse("3d"))).isEqualTo(Piece.of(Side.GOTE, PieceType.PAWN));
            assertThat(table.at(Square.parse("2b"))).as("角落ち: gote (上手) plays without the bishop").isNull();
            assertThat(second.prompt().get("kind").asText()).isEqualTo("check");
            second.advance(700);
            JsonNode after = Snapshots.of(second);
            assertThat(second.prompt()).as("the pieces checked").isNull();
            assertThat(after.get("waitingFor")).as("the pieces checked").isEmpty();
            assertThat(after.get("phase").asText()).isEqualTo("PLAYING");
            assertThat(after.get("moves").toString()).isEqualTo("[\"3c3d\",\"7g7f\"]");
            assertThat(after.get("mode").asText()).isEqualTo("tournament");
            assertThat(after.get("startSfen").asText()).isEqualTo(Handicap.BISHOP.start().toSfen());
            assertThat(after.get("players").get("sente").get("name").asText()).isEqualTo("Habu");
            assertThat(after.get("clock").get("running").asText()).isEqualTo("gote");
            assertThat(after.get("clock").get("sente").get("mainMs").asLong()).isEqualTo(senteMain);
            assertThat(second.setup().time()).startsWith("main=300,byoyomi=10");
            // the game goes on, in tournament mode: the move counts at the press
            move(second, "8c", "8d");
            second.press(Button.CLOCK_GOTE);
            second.advance(300);
            assertThat(Snapshots.of(second).get("ply").asInt()).isEqualTo(3);
            GameRecord record = second.record("current").orElseThrow();
            assertThat(record.moves()).hasSize(3);
            assertThat(record.header().sente()).contains("Habu");
            assertThat(record.header().gote()).contains("Fujii");
        } finally {
            second.close();
        }
    }

    @Test
    void aHostOnTheSerialLinkFollowsAndDrivesTheBoardThePageShows() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        try (PtyPair pair = new PtyPair(dir).start()) {
            BoardApplicationAdapter board = board(new BoardApplicationAdapter.Storage(dir.resolve("state/records"),
                    dir.resolve("state"), new JSerialCommTransport(pair.boardEnd(), 115_200),
                    new LinkSettings("test", "web", Optional.empty(), 256, 1 << 20, 100, 200), Optional.of("2468")));
            try (Host host = new Host(pair.hostEnd())) {
                host.handshake();
                board.advance(600);
                JsonNode state = json.readTree(host.bodyOf("STATE"));
                assertThat(state.get("phase").asText()).isEqualTo("PLAYING");
                long seq = state.get("seq").asLong();

                move(board, "7g", "7f");
                String moveLine = host.nextEvent("MOVE");
                assertThat(moveLine).matches("\\* \\d+ MOVE 1 7g7f \\+7776FU,T\\d+");
                assertThat(Long.parseLong(moveLine.split(" ")[1])).isGreaterThan(seq);

                host.send("NEW mode=tournament");
                assertThat(host.reply()).startsWith("ERR REFUSED a game is being played");
                board.resign(Side.SENTE);
                board.advance(100);
                assertThat(host.nextEvent("RESULT")).endsWith("RESULT RESIGNATION gote - 1");

                host.send("NEW sente=\"Habu Yoshiharu\" gote=Fujii handicap=bishop mode=tournament time=main=300");
                assertThat(host.reply()).startsWith("OK setting up a new game: tournament, time main=300,");
                board.advance(100);
                assertThat(host.nextEvent("SETUP")).endsWith("SETUP " + Handicap.BISHOP.start().toSfen());
                assertThat(board.setup().mode()).isEqualTo("tournament");
                assertThat(board.setup().start()).isEqualTo("bishop");
                assertThat(Snapshots.of(board).get("players").get("gote").get("name").asText()).isEqualTo("Fujii");

                // a new game from the page reaches the host too
                board.newGame(new WebBoard.NewGame("casual", null, null, true, null, null));
                board.advance(700);
                assertThat(host.nextEvent("GAME")).contains(" GAME 2025-03-01T05-05-09 "
                        + org.shogiban.rules.Position.startpos().toSfen());
                host.send("GAMES");
                String games = new String(host.body(host.reply()), StandardCharsets.UTF_8);
                assertThat(games).contains("2025-03-01T05-05-09\t2025/03/01 05:05:09\t");
                host.send("HELLO");
                assertThat(host.reply()).isEqualTo("OK shogiban test web 2");
            } finally {
                board.close();
            }
        }
    }

    /** A wall clock a second later at every reading: each game started gets its own record name. */
    private static Clock ticking() {
        return MovingWall.ticking(WALL.instant());
    }

    @Test
    void aRoundsPairingsReplaceTheGameABoardJustSwitchedOnStartedAndLeaveNoEmptyRecord() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        try (PtyPair pair = new PtyPair(dir).start()) {
            Path records = dir.resolve("state/records");
            BoardApplicationAdapter board = new BoardApplicationAdapter(CASUAL, new ManualClock(), ticking(),
                    new BoardApplicationAdapter.Storage(records, dir.resolve("state"),
                            new JSerialCommTransport(pair.boardEnd(), 115_200),
                            new LinkSettings("test", "web", Optional.empty(), 256, 1 << 20, 100, 200),
                            Optional.of("2468")));
            try (Host host = new Host(pair.hostEnd())) {
                host.handshake();
                board.advance(600);
                assertThat(json.readTree(host.bodyOf("STATE")).get("phase").asText()).isEqualTo("PLAYING");

                // the hall's pairing for the round: the board's own game has no move yet
                host.send("NEW sente=Habu gote=Fujii mode=tournament");
                assertThat(host.reply()).startsWith("OK setting up a new game: tournament, ")
                        .contains(", sente Habu, gote Fujii;");
                board.advance(700);
                assertThat(host.nextEvent("GAME")).contains(" GAME ");
                JsonNode state = json.readTree(host.bodyOf("STATE"));
                assertThat(state.get("phase").asText()).isEqualTo("PLAYING");
                assertThat(state.get("players").get("sente").get("name").asText()).isEqualTo("Habu");

                // the game the pairing replaced left no record: not in the page's list, not in the directory
                assertThat(board.games()).singleElement().satisfies(g -> assertThat(g.current()).isTrue());
                assertThat(recordFiles(records, 1)).containsExactly(state.get("gameId").asText() + ".kifu");

                // once a move is made (pressed: a tournament game) the game is being played: a NEW is refused
                move(board, "7g", "7f");
                board.press(Button.CLOCK_SENTE);
                board.advance(100);
                assertThat(host.nextEvent("MOVE")).contains(" MOVE 1 7g7f ");
                host.send("NEW mode=tournament");
                assertThat(host.reply()).startsWith("ERR REFUSED a game is being played");
            } finally {
                board.close();
            }
        }
    }

    @Test
    void aNewGameFromThePageBeforeAnyMoveLeavesNoEmptyRecordOfTheGameItReplaced() throws Exception {
        Path records = dir.resolve("state/records");
        BoardApplicationAdapter board = new BoardApplicationAdapter(CASUAL, new ManualClock(), ticking(),
                new BoardApplicationAdapter.Storage(records, dir.resolve("state"), null, null, Optional.empty()));
        try {
            board.advance(600);
            board.newGame(new WebBoard.NewGame("casual", null, null, true));
            board.advance(700);
            board.newGame(new WebBoard.NewGame("casual", null, null, true));
            board.advance(700);
            move(board, "7g", "7f");

            assertThat(board.games()).singleElement().satisfies(g -> assertThat(g.plies()).isEqualTo(1));
            assertThat(recordFiles(records, 1)).hasSize(1);
            // a game with a move is kept when the next one replaces it
            board.newGame(new WebBoard.NewGame("casual", null, null, true));
            board.advance(700);
            assertThat(board.games()).hasSize(2);
        } finally {
            board.close();
        }
    }

    @Test
    void aSerialDeviceNotThereIsAFaultAtStartThatClearsWhenItComes() throws Exception {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        try (PtyPair pair = new PtyPair(dir)) {
            // the device is not there yet: the adapter is plugged in later
            BoardApplicationAdapter board = board(new BoardApplicationAdapter.Storage(null, null,
                    new JSerialCommTransport(pair.boardEnd(), 115_200),
                    new LinkSettings("test", "web", Optional.empty(), 256, 1 << 20, 100, 200), Optional.empty()));
            try {
                assertThat(faultsWithin(board, true)).singleElement().asString()
                        .contains("USB link at " + pair.boardEnd());
                pair.start();
                assertThat(faultsWithin(board, false)).isEmpty();
            } finally {
                board.close();
            }
        }
    }

    /** The snapshot's faults once they are (or are no longer) there, as the page would show them; 10 s at most. */
    private List<String> faultsWithin(BoardApplicationAdapter board, boolean some) throws Exception {
        long deadline = System.nanoTime() + 10_000_000_000L;
        List<String> faults;
        do {
            board.advance(20);
            List<String> now = new java.util.ArrayList<>();
            Snapshots.of(board).get("faults").forEach(f -> now.add(f.toString()));
            faults = now;
            if (faults.isEmpty() != some) {
                return faults;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return faults;
    }

    /**
     * The record files in a directory once there are {@code count} of them (5 s at most): they are written and
     * removed on the record writer's own thread, as a person looking at the directory a moment later would find them.
     */
    private static List<String> recordFiles(Path records, int count) throws Exception {
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<String> names;
        do {
            try (var files = Files.list(records)) {
                names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".kifu")
                        && !n.startsWith(".")).sorted().toList();
            }
            if (names.size() == count) {
                return names;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return names;
    }
}
