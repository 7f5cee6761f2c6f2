package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.hall.HallCommand;
import org.shogiban.hall.HallCommands;

/**
 * The hall's {@code cmd} topic on the board works on typed values: a payload is read once into a {@link HallCommand},
 * the link protocol answers with a typed {@link LinkReply} (SINCE's events are the kept events themselves, not read
 * back from the link's lines), and the reply is written once; the payloads on the wire are byte for byte as before.
 * (In the link's test package for its fake board.)
 */
class HallCommandsTest {
    private final FakeBoard board = new FakeBoard();
    private final MemoryEventLog events = new MemoryEventLog(5);
    private final HallCommands commands = new HallCommands(new LinkProtocol(board, events,
            new PinGuard(Optional.of("2718")), "0.1.0", "board-7"), "board-7");

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private String answer(String payload) {
        return new String(commands.handle(utf8(payload), 1_000).reply().payload(), StandardCharsets.UTF_8);
    }

    @Test
    void sinceHandsBackTheKeptEventsThemselvesAndTheReplyIsWrittenOnce() {
        events.append(LinkEvent.inSync(1));
        events.append(LinkEvent.inSync(2));
        List<LoggedEvent> kept = events.since(0);
        HallCommands.Outcome o = commands.handle(HallCommand.of("c1", "SINCE 0", null), 1_000);
        assertThat(o.resend()).hasSize(2);
        assertThat(o.resend().get(0)).isSameAs(kept.get(0));
        assertThat(o.resend().get(1)).isSameAs(kept.get(1));
        assertThat(o.refused()).isFalse();
        assertThat(new String(o.reply().payload(), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"c1\",\"reply\":\"OK last 2\"}");
    }

    @Test
    void theRepliesAreTheBytesTheyAlwaysWere() {
        board.state = "{\"phase\":\"SETUP\",\"name\":\"羽生\"}";
        assertThat(answer("{\"id\":7,\"line\":\"STATE\"}")).isEqualTo("{\"id\":7,\"reply\":\"OK "
                + utf8(board.state).length + "\",\"body\":\"{\\\"phase\\\":\\\"SETUP\\\",\\\"name\\\":\\\"羽生\\\"}\"}");
        assertThat(answer("{\"id\":\"a\",\"line\":\"HELLO\"}"))
                .isEqualTo("{\"id\":\"a\",\"reply\":\"OK shogiban 0.1.0 board-7 2\"}");
        assertThat(answer("{\"id\":\"t\",\"line\":\"#5 STATE\"}")).as("a tagged reply carries no body")
                .startsWith("{\"id\":\"t\",\"reply\":\"#5 OK ").doesNotContain("body");
        assertThat(answer("{\"id\":\"p\",\"line\":\"ARBITER pause\",\"pin\":\"0000\"}"))
                .startsWith("{\"id\":\"p\",\"reply\":\"ERR BADPIN wrong PIN");
        assertThat(answer("{\"id\":\"q\",\"line\":\"ARBITER pause\"}"))
                .startsWith("{\"id\":\"q\",\"reply\":\"ERR NOAUTH ");
        assertThat(answer("not json")).isEqualTo("{\"id\":null,\"reply\":\"ERR SYNTAX a command is {\\\"id\\\": ...,"
                + " \\\"line\\\": \\\"<link command>\\\", \\\"pin\\\": ...}\"}");
        assertThat(answer("{\"line\":\"\"}")).isEqualTo("{\"id\":null,\"reply\":\"ERR SYNTAX an empty line is no"
                + " command\"}");
        assertThat(answer("{\"id\":1,\"line\":\"HELLO\\nQUIT\"}"))
                .isEqualTo("{\"id\":1,\"reply\":\"ERR SYNTAX one line of the link protocol\"}");
    }

    @Test
    void aCommandIsReadOnceAndWrittenAsTheHallAlwaysSentIt() {
        HallCommand c = HallCommand.read(utf8("{\"id\":\"r1\",\"line\":\"ARBITER pause\",\"pin\":\"2718\"}"))
                .orElseThrow();
        assertThat(c.line()).isEqualTo("ARBITER pause");
        assertThat(c.pin()).isEqualTo("2718");
        assertThat(new String(c.payload(), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"r1\",\"line\":\"ARBITER pause\",\"pin\":\"2718\"}");
        assertThat(new String(HallCommand.of("r2", "HELLO", null).payload(), StandardCharsets.UTF_8))
                .isEqualTo("{\"id\":\"r2\",\"line\":\"HELLO\"}");
        assertThat(HallCommand.read(utf8("[1]"))).isEmpty();
        assertThat(HallCommand.read(utf8("{\"id\":1,\"line\":3}"))).isEmpty();
    }
}
