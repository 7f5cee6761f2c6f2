package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.EndKind;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/** The command interpreter on a fake board: one reply per command, in the protocol's exact words. */
class LinkProtocolTest {
    private final FakeBoard board = new FakeBoard();
    private final MemoryEventLog events = new MemoryEventLog(5);
    private final LinkProtocol protocol = new LinkProtocol(board, events, new PinGuard(Optional.of("2718")),
            "0.1.0", "board 7");
    private final LinkSession session = new LinkSession();
    private long now = 1_000;

    private byte[] sendBytes(String line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] frame : protocol.handle(new LineDecoder.Line(line), session, now)) {
            out.writeBytes(frame);
        }
        return out.toByteArray();
    }

    private String send(String line) {
        return new String(sendBytes(line), StandardCharsets.UTF_8);
    }

    @Test
    void helloNamesTheFirmwareTheBoardAndTheProtocol() {
        assertThat(send("HELLO")).isEqualTo("OK shogiban 0.1.0 board_7 2\n");
        assertThat(send("hello")).as("command words in any case").isEqualTo("OK shogiban 0.1.0 board_7 2\n");
        assertThat(send("HELLO there")).startsWith("ERR SYNTAX HELLO takes no arguments");
    }

    @Test
    void stateIsABodyOfTheExactByteLength() {
        board.state = "{\"phase\":\"PLAYING\",\"sente\":\"羽生\"}";
        byte[] json = board.state.getBytes(StandardCharsets.UTF_8);
        assertThat(send("STATE")).isEqualTo("OK " + json.length + "\n" + board.state + "\n");
    }

    @Test
    void aTaggedCommandGetsItsReplyTaggedAndEventsAreNot() {
        assertThat(send("#7 HELLO")).isEqualTo("#7 OK shogiban 0.1.0 board_7 2\n");
        board.state = "{\"phase\":\"SETUP\"}";
        assertThat(send("#a1 STATE")).isEqualTo("#a1 OK " + board.state.length() + "\n" + board.state + "\n");
        events.append(LinkEvent.inSync(1));
        events.append(LinkEvent.inSync(2));
        assertThat(send("#9 SINCE 0")).isEqualTo("* 1 INSYNC 1\n* 2 INSYNC 2\n#9 OK last 2\n");
        assertThat(send("#10 NOPE")).startsWith("#10 ERR UNKNOWN");
        assertThat(send("#11 ")).startsWith("#11 ERR SYNTAX");
        assertThat(send("#this-is-no-tag HELLO")).as("not a tag: an unknown command").startsWith("ERR UNKNOWN");
    }

    @Test
    void sinceSendsEveryKeptEventAfterTheNumberThenOk() {
        for (int i = 1; i <= 3; i++) {
            events.append(LinkEvent.inSync(i));
        }
        assertThat(send("SINCE 1")).isEqualTo("* 2 INSYNC 2\n* 3 INSYNC 3\nOK last 3\n");
        assertThat(send("SINCE 3")).isEqualTo("OK last 3\n");
        assertThat(send("SINCE 99")).isEqualTo("OK last 3\n");
        assertThat(send("SINCE x")).startsWith("ERR SYNTAX usage: SINCE <seq>");
        assertThat(send("SINCE")).startsWith("ERR SYNTAX");
    }

    @Test
    void sinceBeforeTheOldestKeptEventIsGone() {
        for (int i = 1; i <= 8; i++) {
            events.append(LinkEvent.inSync(i));
        }
        // five are kept: 4..8
        assertThat(send("SINCE 3")).startsWith("* 4 INSYNC 4\n");
        assertThat(send("SINCE 2")).isEqualTo("ERR GONE events after 2 are no longer all kept; the oldest kept is 4"
                + " (SINCE 3 sends them; GET fetches whole games)\n");
    }

    @Test
    void gamesListsEachGameOnATabSeparatedLine() {
        board.games.add(new StoredGame("2025-03-01T14-05-09", "2025/03/01 14:05:09", "羽生 善治", "", 25,
                "CHECKMATE sente"));
        String body = "2025-03-01T14-05-09\t2025/03/01 14:05:09\t羽生 善治\t\t25\tCHECKMATE sente\n";
        assertThat(send("GAMES")).isEqualTo("OK " + body.getBytes(StandardCharsets.UTF_8).length + "\n" + body
                + "\n");
    }

    @Test
    void getSendsTheRecordInTheFormatsEncodingByteExact() {
        GameRecord record = GameRecord.of(Position.startpos(), List.of(Move.parseUsi("7g7f"), Move.parseUsi("3c3d")))
                .withHeader(RecordHeader.EMPTY.with(RecordHeader.SENTE, "先手の人"))
                .withEnd(RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
        board.records.put("current", record);
        for (String format : List.of("kif", "kifu", "ki2", "csa", "usi", "sfen", "jkf")) {
            byte[] expected = GameRecords.encode(record, org.shogiban.notation.RecordFormat.fromName(format));
            byte[] reply = sendBytes("GET current " + format);
            byte[] head = ("OK " + expected.length + "\n").getBytes(StandardCharsets.US_ASCII);
            assertThat(java.util.Arrays.copyOfRange(reply, 0, head.length)).as(format).isEqualTo(head);
            assertThat(java.util.Arrays.copyOfRange(reply, head.length, reply.length - 1)).as(format)
                    .isEqualTo(expected);
            assertThat(reply[reply.length - 1]).isEqualTo((byte) '\n');
        }
        // KIF is Shift_JIS: the body's bytes are not UTF-8 and read back to the same record
        byte[] kif = sendBytes("GET current KIF");
        GameRecord back = GameRecords.read(java.util.Arrays.copyOfRange(kif, new String(kif,
                StandardCharsets.ISO_8859_1).indexOf('\n') + 1, kif.length - 1));
        assertThat(back.moves()).isEqualTo(record.moves());
        assertThat(back.header().sente()).contains("先手の人");
    }

    @Test
    void getOfAnUnknownGameOrFormatIsAnError() {
        assertThat(send("GET 1999-01-01 kif")).isEqualTo("ERR NOTFOUND no game '1999-01-01'; GAMES lists them\n");
        assertThat(send("GET current pdf")).startsWith("ERR SYNTAX unknown record format 'pdf'");
        assertThat(send("GET current")).startsWith("ERR SYNTAX usage: GET <game-id|current>");
    }

    @Test
    void newPassesTheParsedOptionsToTheBoardAndItsAnswerBack() {
        assertThat(send("NEW sente=\"Habu Yoshiharu\" gote=藤井 time=main=600,byoyomi=30 handicap=bishop"))
                .isEqualTo("OK new game\n");
        NewGameOptions asked = (NewGameOptions) board.commands.get(0);
        assertThat(asked.sente()).contains("Habu Yoshiharu");
        assertThat(asked.gote()).contains("藤井");
        assertThat(asked.timeControl()).contains("main=600,byoyomi=30");
        assertThat(asked.handicap()).contains(org.shogiban.notation.Handicap.BISHOP);
        assertThat(send("NEW mode=tournament")).isEqualTo("ERR REFUSED mode is fixed\n");
        assertThat(send("NEW time=main=600,blitz=3")).startsWith("ERR SYNTAX time control 'main=600,blitz=3':"
                + " 'blitz=3' is not key=seconds");
        assertThat(send("NEW colour=red")).startsWith("ERR SYNTAX unknown option 'colour'");
        assertThat(send("NEW handicap=queen")).startsWith("ERR SYNTAX handicap 'queen' is not even or one of");
        assertThat(send("NEW")).isEqualTo("OK new game\n");
    }

    @Test
    void arbiterCommandsNeedAuthAndGoToTheBoardInTheConsolesWords() {
        assertThat(send("ARBITER pause")).isEqualTo("ERR NOAUTH arbiter commands need AUTH <pin> first\n");
        assertThat(board.commands).isEmpty();
        assertThat(send("AUTH 2718")).isEqualTo("OK arbiter\n");
        assertThat(send("arbiter pause")).isEqualTo("OK pause\n");
        assertThat(send("ARBITER adjust gote -30")).isEqualTo("OK adjust gote -30\n");
        assertThat(send("ARBITER result RESIGNATION gote")).isEqualTo("OK result RESIGNATION gote\n");
        assertThat(send("ARBITER undo")).isEqualTo("ERR REFUSED no move to undo\n");
        assertThat(send("ARBITER adjust north 5")).startsWith("ERR SYNTAX side 'north' is not sente or gote");
        assertThat(send("ARBITER adjust sente soon")).startsWith("ERR SYNTAX seconds 'soon' is not a number");
        assertThat(send("ARBITER result WON sente")).startsWith("ERR SYNTAX result status 'WON' is none of");
        assertThat(send("ARBITER result ONGOING none")).startsWith("ERR SYNTAX result status must end the game");
        assertThat(send("ARBITER pause now")).startsWith("ERR SYNTAX arbiter pause takes no argument");
        assertThat(send("ARBITER dance")).startsWith("ERR SYNTAX unknown arbiter action 'dance'");
        assertThat(board.commands).containsExactly(List.of("pause"), List.of("adjust", "gote", "-30"),
                List.of("result", "RESIGNATION", "gote"), List.of("undo"));
        assertThat(send("QUIT")).isEqualTo("OK bye\n");
        assertThat(send("ARBITER resume")).as("QUIT ends the arbiter's session").startsWith("ERR NOAUTH");
    }

    @Test
    void wrongPinsLockAuthForAGrowingTimeWhileOtherCommandsGoOn() {
        assertThat(send("AUTH 0000")).isEqualTo("ERR BADPIN wrong PIN; the next AUTH is refused for 1 s\n");
        now += 500;
        assertThat(send("AUTH 2718")).as("even the right PIN waits").isEqualTo("ERR LOCKED too many wrong PINs; try"
                + " again in 1 s\n");
        assertThat(send("HELLO")).startsWith("OK shogiban");
        now += 500;
        assertThat(send("AUTH 1111")).isEqualTo("ERR BADPIN wrong PIN; the next AUTH is refused for 2 s\n");
        now += 2000;
        assertThat(send("AUTH 2222")).isEqualTo("ERR BADPIN wrong PIN; the next AUTH is refused for 4 s\n");
        now += 3999;
        assertThat(send("AUTH 2718")).startsWith("ERR LOCKED");
        now += 1;
        assertThat(send("AUTH 2718")).isEqualTo("OK arbiter\n");
        assertThat(send("AUTH 3333")).as("a right PIN cleared the count").contains("refused for 1 s");
    }

    @Test
    void withoutAConfiguredPinTheArbiterIsOff() {
        LinkProtocol noPin = new LinkProtocol(board, events, new PinGuard(Optional.empty()), "v", "b");
        byte[] reply = noPin.handle(new LineDecoder.Line("AUTH 1234"), session, 0).get(0);
        assertThat(new String(reply, StandardCharsets.UTF_8)).isEqualTo("ERR NOPIN no arbiter PIN is configured on"
                + " this board (arbiter.pin)\n");
    }

    @Test
    void unknownCommandsGarbageAndBadLinesEachGetOneErrorAndEmptyLinesNone() {
        assertThat(send("FLY away")).startsWith("ERR UNKNOWN unknown command 'FLY'; commands: HELLO STATE");
        assertThat(send("\u0001\u0002zz")).startsWith("ERR UNKNOWN unknown command '??ZZ'");
        assertThat(send("   ")).isEmpty();
        assertThat(send("")).isEmpty();
        List<byte[]> bad = protocol.handle(new LineDecoder.Bad(LinkError.ENCODING, "line is not UTF-8"), session, now);
        assertThat(new String(bad.get(0), StandardCharsets.UTF_8)).isEqualTo("ERR ENCODING line is not UTF-8\n");
    }

    @Test
    void aFailingBoardCostsTheCommandItsReplyNotTheLink() {
        LinkedBoard broken = new FakeBoard() {
            @Override
            public java.util.List<StoredGame> games() {
                throw new IllegalStateException("records unreadable");
            }
        };
        LinkProtocol p = new LinkProtocol(broken, events, new PinGuard(Optional.empty()), "v", "b");
        String reply = new String(p.handle(new LineDecoder.Line("GAMES"), session, 0).get(0),
                StandardCharsets.UTF_8);
        assertThat(reply).isEqualTo("ERR INTERNAL GAMES failed: java.lang.IllegalStateException: records"
                + " unreadable\n");
    }

    @Test
    void eventsAreWrittenWithTheirNumberAndFields() {
        Position start = Position.startpos();
        LoggedEvent move = new LoggedEvent(12, LinkEvent.move(1, start, Move.parseUsi("7g7f"),
                java.time.Duration.ofMillis(12_999)));
        assertThat(new String(move.wire(), StandardCharsets.UTF_8)).isEqualTo("* 12 MOVE 1 7g7f +7776FU,T12\n");
        Position afterTwo = start.play(Move.parseUsi("7g7f")).play(Move.parseUsi("3c3d"));
        assertThat(LinkEvent.move(3, afterTwo, Move.parseUsi("8h2b+"), null).text())
                .isEqualTo("MOVE 3 8h2b+ +8822UM");
        Position withPawn = Position.fromSfen("4k4/9/9/9/9/9/9/9/4K4 w p 1");
        assertThat(LinkEvent.move(1, withPawn, Move.parseUsi("P*5e"), java.time.Duration.ZERO).text())
                .isEqualTo("MOVE 1 P*5e -0055FU,T0");
        assertThat(LinkEvent.fault(true, "i2c-1/0x21", "MCP23017 squares #2: no\nanswer").text())
                .isEqualTo("FAULT failed i2c-1/0x21 MCP23017 squares #2: no answer");
        assertThat(LinkEvent.result(org.shogiban.rules.GameResult.of(org.shogiban.rules.GameStatus.CHECKMATE,
                Side.SENTE), 25).text()).isEqualTo("RESULT CHECKMATE sente - 25");
        assertThat(LinkEvent.clock(Side.GOTE, 598_000, 0, 1, 600_000, 30_000, 1).text())
                .isEqualTo("CLOCK gote sente 598000 0 1 gote 600000 30000 1");
        assertThat(LinkEvent.arbiter("adjust sente +30s").text()).isEqualTo("ARBITER adjust sente +30s");
        assertThat(LoggedEvent.parse(move.text())).extracting(LoggedEvent::text).isEqualTo(move.text());
    }
}
