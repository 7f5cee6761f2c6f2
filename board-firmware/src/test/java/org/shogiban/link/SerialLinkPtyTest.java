package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * The link over a real serial device pair: two pseudo-terminals joined by socat, the board's end opened through
 * jSerialComm by the {@link LinkService}, the host's end by the test. Every command, every bad input, a host that
 * stops reading, and a cable pulled in the middle of a game.
 */
@Timeout(120)
class SerialLinkPtyTest {
    @TempDir
    Path dir;

    private PtyPair pair;
    private FakeBoard board;
    private FileEventLog events;
    private LinkService link;
    private final List<Host> hosts = new ArrayList<>();

    @BeforeEach
    void plugIn() throws IOException {
        assumeThat(PtyPair.available()).as("socat is installed (.ci/run installs it)").isTrue();
        pair = new PtyPair(dir).start();
        board = new FakeBoard();
        events = FileEventLog.open(dir.resolve("state"), 10_000);
        startLink(events);
    }

    private void startLink(EventLog log) {
        board.numberWith(log);
        link = new LinkService(board, log, new JSerialCommTransport(pair.boardEnd(), 115200),
                new LinkSettings("0.1.0-test", "test-board", Optional.of("2718"), 64, 1 << 20, 100, 200));
        link.start();
    }

    @AfterEach
    void unplug() throws InterruptedException {
        for (Host h : hosts) {
            h.close();
        }
        if (link != null) {
            link.close();
        }
        if (events != null) {
            events.close();
        }
        if (pair != null) {
            pair.close();
        }
    }

    private Host host() throws IOException {
        Host h = new Host(pair.hostEnd());
        hosts.add(h);
        return h;
    }

    private static String event(String line) {
        return line.substring(line.indexOf(' ', 2) + 1);
    }

    private static long seq(String line) {
        return Long.parseLong(line.substring(2, line.indexOf(' ', 2)));
    }

    private static GameRecord game() {
        Position p = Position.startpos();
        List<RecordedMove> moves = new ArrayList<>();
        for (String usi : List.of("7g7f", "3c3d", "8h2b+", "3a2b")) {
            moves.add(RecordedMove.of(Move.parseUsi(usi), Duration.ofSeconds(moves.size() * 7L + 3)));
        }
        return new GameRecord(p, RecordHeader.EMPTY.with(RecordHeader.SENTE, "先手 太郎")
                .with(RecordHeader.GOTE, "後手 花子"), List.of(), moves, RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
    }

    @Test
    void everyCommandGetsItsReplyOverTheWire() throws IOException {
        GameRecord record = game();
        board.records.put("current", record);
        board.records.put("2025-03-01T14-05-09", record);
        board.games.add(new StoredGame("2025-03-01T14-05-09", "2025/03/01 14:05:09", "先手 太郎", "後手 花子", 4,
                "RESIGNATION sente"));
        board.state = "{\"phase\":\"OVER\",\"ply\":4,\"sente\":\"先手 太郎\"}";
        Host h = host();
        h.handshake();

        h.send("HELLO");
        assertThat(h.reply()).isEqualTo("OK shogiban 0.1.0-test test-board 2");
        assertThat(new String(h.bodyOf("STATE"), StandardCharsets.UTF_8)).isEqualTo(board.state);

        board.emit(LinkEvent.game("2025-03-01T14-05-09", Position.startpos()));
        board.emit(LinkEvent.move(1, Position.startpos(), Move.parseUsi("7g7f"), Duration.ofSeconds(3)));
        assertThat(h.line()).isEqualTo("* 1 GAME 2025-03-01T14-05-09 " + Position.startpos().toSfen());
        assertThat(h.line()).isEqualTo("* 2 MOVE 1 7g7f +7776FU,T3");
        h.send("SINCE 0");
        assertThat(List.of(h.line(), h.line(), h.line())).containsExactly(
                "* 1 GAME 2025-03-01T14-05-09 " + Position.startpos().toSfen(), "* 2 MOVE 1 7g7f +7776FU,T3",
                "OK last 2");

        assertThat(new String(h.bodyOf("GAMES"), StandardCharsets.UTF_8))
                .isEqualTo("2025-03-01T14-05-09\t2025/03/01 14:05:09\t先手 太郎\t後手 花子\t4\tRESIGNATION sente\n");
        for (String format : List.of("kif", "kifu", "ki2", "csa", "usi", "sfen", "jkf")) {
            assertThat(h.bodyOf("GET current " + format)).as(format)
                    .isEqualTo(GameRecords.encode(record, RecordFormat.fromName(format)));
        }
        byte[] kif = h.bodyOf("GET 2025-03-01T14-05-09 kif");
        assertThat(GameRecords.read(kif).recordedMoves()).isEqualTo(record.recordedMoves());
        h.send("GET 1999-01-01 kif");
        assertThat(h.reply()).startsWith("ERR NOTFOUND");

        h.send("NEW sente=\"先手 太郎\" time=main=600,byoyomi=30");
        assertThat(h.reply()).isEqualTo("OK new game");
        h.send("AUTH 2718");
        assertThat(h.reply()).isEqualTo("OK arbiter");
        h.send("ARBITER adjust sente +30");
        assertThat(h.reply()).isEqualTo("OK adjust sente +30");
        h.send("QUIT");
        assertThat(h.reply()).isEqualTo("OK bye");
        h.send("ARBITER pause");
        assertThat(h.reply()).startsWith("ERR NOAUTH");
        h.send("HELP");
        assertThat(h.reply()).isEqualTo("OK HELLO STATE SINCE GAMES GET NEW AUTH ARBITER PLAY CLOCKS GAMEOVER QUIT HELP");
    }

    @Test
    void badInputEachGetsItsErrorAndTheLinkCarriesOn() throws IOException {
        Host h = host();
        h.handshake();

        h.sendRaw(new byte[] {0x00, (byte) 0xff, (byte) 0xfe, 0x1b, '[', 'A', (byte) 0x80, '\r', '\n'});
        assertThat(h.reply()).startsWith("ERR ENCODING line is not UTF-8");
        h.sendRaw(new byte[] {0x00, 0x07, 'x', '\n'});
        assertThat(h.reply()).startsWith("ERR UNKNOWN unknown command '??X'");
        h.sendRaw(("Q".repeat(10_000) + "\n").getBytes(StandardCharsets.US_ASCII));
        assertThat(h.reply()).isEqualTo("ERR TOOLONG line of 10000 bytes is longer than 4096; discarded");
        h.send("LAUNCH missiles");
        assertThat(h.reply()).startsWith("ERR UNKNOWN unknown command 'LAUNCH'");
        h.send("ARBITER abort");
        assertThat(h.reply()).isEqualTo("ERR NOAUTH arbiter commands need AUTH <pin> first");
        // both in one write, as a host that types fast: the second comes within the second the first locks, however
        // slowly this machine runs the test (sent apart, a test thread paused for 1 s made the right PIN pass)
        h.sendRaw("AUTH 0000\nAUTH 2718\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(h.reply()).isEqualTo("ERR BADPIN wrong PIN; the next AUTH is refused for 1 s");
        assertThat(h.reply()).as("refused at once, not after a wait: the reader never sleeps")
                .startsWith("ERR LOCKED too many wrong PINs; try again in");
        h.send("SINCE -5");
        assertThat(h.reply()).startsWith("ERR SYNTAX");
        h.send("");
        h.send("HELLO");
        assertThat(h.reply()).as("an empty line gets no reply; the next command its own")
                .isEqualTo("OK shogiban 0.1.0-test test-board 2");
        assertThat(board.commands).as("nothing reached the board").isEmpty();
    }

    @Test
    void aLinkThatCannotPushForAWhileHoldsABoundedQueueAndSinceFetchesWhatWasNotPushed() throws Exception {
        // the link's event thread waits while a command is answered; here one answer (GAMES) hangs until released
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch answering = new java.util.concurrent.CountDownLatch(1);
        link.close();
        FakeBoard slow = new FakeBoard() {
            @Override
            public List<StoredGame> games() {
                answering.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.games();
            }
        };
        board = slow;
        startLink(new MemoryEventLog(10_000));
        Host h = host();
        h.handshake();
        h.send("GAMES");
        assertThat(answering.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        int events = 2_000;
        for (int i = 1; i <= events; i++) {
            // the board hands events over at once, whatever the link does: its queue holds 64 of them
            slow.emit(LinkEvent.of("ARBITER", "called", "test " + i));
        }
        // what the link holds: its queue (64, and room for its stop) and the batch its thread took (at most 256)
        assertThat(link.overflowedEvents()).as("events not pushed live (a bounded queue)")
                .isGreaterThanOrEqualTo(events - 65 - 256);
        release.countDown();
        TreeSet<Long> all = new TreeSet<>();
        String games;
        while (!(games = h.line()).startsWith("OK")) {
            all.add(seq(games));
        }
        h.body(games);
        h.send("SINCE 0");
        for (String line; !(line = h.line()).startsWith("OK"); ) {
            all.add(seq(line));
        }
        assertThat(all).as("SINCE fetches every event not pushed").hasSize(events).first().isEqualTo(1L);
    }

    @Test
    void aHostThatStopsReadingForAWholeGameNeverBlocksTheBoardAndSinceFetchesWhatWasDropped() throws IOException {
        // events kept in memory here: the point is the queue, and 5000 forced writes would only make the test slow
        link.close();
        startLink(new MemoryEventLog(10_000));
        Host h = host();
        h.handshake();
        h.pauseReading();

        int moves = 5000;
        String padding = "x".repeat(500);
        for (int ply = 1; ply <= moves; ply++) {
            // 2.5 MB of events: more than the two pseudo-terminals (up to 640 KiB each), socat and the queue hold
            board.emit(LinkEvent.of("MOVE", Integer.toString(ply), "7g7f", "+7776FU,T1", padding));
        }
        h.send("HELLO");
        board.emit(LinkEvent.result(org.shogiban.rules.GameResult.of(org.shogiban.rules.GameStatus.RESIGNATION,
                Side.SENTE), moves));
        h.resumeReading();

        TreeSet<Long> live = new TreeSet<>();
        boolean helloAnswered = false;
        boolean resultSeen = false;
        while (!(resultSeen && helloAnswered)) {
            // the reply and the last event come in either order: the reader and the event thread run side by side
            String line = h.line();
            if (line.startsWith("* ")) {
                live.add(seq(line));
                resultSeen |= event(line).startsWith("RESULT");
            } else {
                assertThat(line).isEqualTo("OK shogiban 0.1.0-test test-board 2");
                helloAnswered = true;
            }
        }
        assertThat(live.last()).isEqualTo(moves + 1L);
        assertThat(live).as("events were dropped from the queue").hasSizeLessThan(moves + 1);
        assertThat(link.droppedEvents()).isPositive();

        h.send("SINCE 0");
        TreeSet<Long> all = new TreeSet<>(live);
        for (String line; !(line = h.line()).startsWith("OK"); ) {
            all.add(seq(line));
        }
        assertThat(all).as("SINCE fetches every event dropped").hasSize(moves + 1).first().isEqualTo(1L);
    }

    @Test
    void aCablePulledInTheMiddleOfAGameIsPickedUpAgainAndSinceLosesNothing() throws Exception {
        Host h = host();
        h.handshake();
        Position p = Position.startpos();
        List<String> usi = List.of("7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "8h3c+");
        for (int i = 0; i < 3; i++) {
            Move m = Move.parseUsi(usi.get(i));
            board.emit(LinkEvent.move(i + 1, p, m, Duration.ofSeconds(i)));
            p = p.play(m);
        }
        for (int i = 1; i <= 3; i++) {
            assertThat(seq(h.line())).isEqualTo(i);
        }

        pair.stop();
        for (int i = 3; i < 6; i++) {
            Move m = Move.parseUsi(usi.get(i));
            board.emit(LinkEvent.move(i + 1, p, m, Duration.ofSeconds(i)));
            p = p.play(m);
        }
        pair.start();
        h.close();
        Host again = host();
        again.handshake();
        again.send("SINCE 3");
        // the events made while the cable was out may also be pushed live when the link is back, before or after the
        // handshake (a loaded machine runs the link's event thread late): a host keys them by number, and so does this
        java.util.TreeMap<Long, String> bySeq = new java.util.TreeMap<>();
        for (String line; !(line = again.line()).equals("OK last 6"); ) {
            String before = bySeq.put(seq(line), line);
            assertThat(before == null || before.equals(line)).as("%s and %s under one number", before, line).isTrue();
        }
        assertThat(bySeq.values()).containsExactly(
                "* 4 MOVE 4 4c4d -4344FU,T3", "* 5 MOVE 5 2f2e +2625FU,T4", "* 6 MOVE 6 2b3c -2233KA,T5");
        board.emit(LinkEvent.move(7, p, Move.parseUsi(usi.get(6)), Duration.ofSeconds(6)));
        String next;
        while (seq(next = again.line()) < 7) {
            assertThat(next).as("a late live push of an event SINCE gave").isEqualTo(bySeq.get(seq(next)));
        }
        assertThat(next).isEqualTo("* 7 MOVE 7 8h3c+ +8833UM,T6");
    }

    @Test
    void aDeviceThatAppearsAfterTheServiceStartedIsOpenedWhenItComes() throws Exception {
        pair.stop();
        board.emit(LinkEvent.inSync(0));
        pair.start();
        Host h = host();
        h.handshake();
        h.send("SINCE 0");
        assertThat(h.line()).isEqualTo("* 1 INSYNC 0");
        assertThat(h.line()).isEqualTo("OK last 1");
    }
}
