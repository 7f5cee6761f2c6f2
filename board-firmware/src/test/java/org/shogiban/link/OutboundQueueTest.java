package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queue to a host: events bounded (oldest dropped), replies never dropped, the reader held back instead. */
class OutboundQueueTest {

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> drain(OutboundQueue q) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (byte[] f; (f = q.take(0)) != null; ) {
            out.add(new String(f, StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void whenFullTheOldestWaitingEventIsDroppedAndRepliesStay() throws InterruptedException {
        OutboundQueue q = new OutboundQueue(2, 1000);
        q.offerEvent(b("e1"));
        q.putReply(List.of(b("r1")));
        q.offerEvent(b("e2"));
        q.offerEvent(b("e3"));
        q.putReply(List.of(b("r2a"), b("r2b")));
        q.offerEvent(b("e4"));

        assertThat(drain(q)).containsExactly("r1", "e3", "r2a", "r2b", "e4");
        assertThat(q.droppedEvents()).isEqualTo(2);
    }

    @Test
    void theReaderWaitsWhileTooManyReplyBytesWaitAndGoesOnWhenTheyAreWritten() throws InterruptedException {
        OutboundQueue q = new OutboundQueue(2, 4);
        q.putReply(List.of(b("12345")));
        assertThat(q.awaitReplyRoom(0)).isFalse();
        q.take(0);
        assertThat(q.awaitReplyRoom(0)).isTrue();
    }

    @Test
    void clearForgetsEverythingAndCountsItsEventsAsDropped() throws InterruptedException {
        OutboundQueue q = new OutboundQueue(2, 4);
        q.offerEvent(b("e1"));
        q.putReply(List.of(b("123456")));
        q.offerEvent(b("e2"));
        q.clear();
        assertThat(q.take(0)).isNull();
        assertThat(q.awaitReplyRoom(0)).isTrue();
        assertThat(q.waitingEvents()).isZero();
        // a host that went away (or a failed write) missed them: SINCE fetches them, and the count says so
        assertThat(q.droppedEvents()).isEqualTo(2);
    }
}
