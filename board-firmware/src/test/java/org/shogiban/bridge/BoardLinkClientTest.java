package org.shogiban.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The bridge's end of the link matches each reply to its own command, and a command never waits forever. */
class BoardLinkClientTest {
    private final ScriptedDevice board = new ScriptedDevice();
    private final CountDownLatch connected = new CountDownLatch(1);
    private BoardLinkClient client;

    private BoardLinkClient start(long replyMillis) throws InterruptedException {
        client = new BoardLinkClient(board, new BoardLinkClient.Listener() {
            @Override
            public void connected() {
                connected.countDown();
            }

            @Override
            public void disconnected(String why) {
            }

            @Override
            public void event(String line) {
            }
        }, replyMillis);
        client.start();
        assertThat(connected.await(10, TimeUnit.SECONDS)).isTrue();
        return client;
    }

    @AfterEach
    void close() {
        if (client != null) {
            client.close();
        }
    }

    @Test
    void oneReplyNeverSentShiftsNoOtherReplyOntoTheWrongCommand() throws Exception {
        start(10_000);
        CompletableFuture<BoardLinkClient.Reply> lost = client.send("CLOCKS 1000 1000 0");
        CompletableFuture<BoardLinkClient.Reply> state = client.send("STATE");
        CompletableFuture<BoardLinkClient.Reply> play = client.send("PLAY 7g7f");
        String clocks = board.command();
        String stateCommand = board.command();
        String playCommand = board.command();
        assertThat(clocks).matches("#\\d+ CLOCKS 1000 1000 0");
        // the board never answers CLOCKS (a line lost on the cable); it answers the two others
        board.write(ScriptedDevice.tag(stateCommand) + " OK 2\n{}\n");
        board.write(ScriptedDevice.tag(playCommand) + " OK showing 7g7f; it counts when it is made on the board\n");
        assertThat(state.get(5, TimeUnit.SECONDS).bodyText()).isEqualTo("{}");
        assertThat(play.get(5, TimeUnit.SECONDS).line()).startsWith("OK showing 7g7f");
        assertThatThrownBy(() -> lost.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasMessageContaining("no reply to 'CLOCKS 1000 1000 0'");
    }

    @Test
    void aCommandWithNoReplyFailsAtItsDeadlineAndItsLateReplyIsDropped() throws Exception {
        start(300);
        CompletableFuture<BoardLinkClient.Reply> slow = client.send("STATE");
        String stateCommand = board.command();
        assertThatThrownBy(() -> slow.get(5, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(TimeoutException.class).hasMessageContaining("no reply to 'STATE' in 300 ms");
        CompletableFuture<BoardLinkClient.Reply> hello = client.send("HELLO");
        String helloCommand = board.command();
        // the late body reply comes first, then HELLO's: the body is skipped whole, HELLO gets its own line
        board.write(ScriptedDevice.tag(stateCommand) + " OK 8\nOK 1\n{}\n\n");
        board.write(ScriptedDevice.tag(helloCommand) + " OK shogiban 0.1.0 board-1 2\n");
        assertThat(hello.get(5, TimeUnit.SECONDS).line()).isEqualTo("OK shogiban 0.1.0 board-1 2");
    }

    @Test
    void anUntaggedReplyGoesToTheOldestCommand() throws Exception {
        start(10_000);
        CompletableFuture<BoardLinkClient.Reply> first = client.send("HELLO");
        board.command();
        board.write("ERR TOOLONG the line is longer than 4096 bytes\n");
        assertThat(first.get(5, TimeUnit.SECONDS).line()).startsWith("ERR TOOLONG");
    }
}
