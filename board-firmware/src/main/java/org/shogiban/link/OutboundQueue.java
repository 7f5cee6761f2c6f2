package org.shogiban.link;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * What waits to be written to the host, so that neither the board nor the command reader ever waits for a host that
 * stops reading. Events are bounded: when {@code maxEvents} wait, the oldest waiting event is dropped (it stays in
 * the {@link EventLog}; the host sees a gap in the numbers and fetches it with {@code SINCE}). Replies are never
 * dropped, since each command has exactly one; instead the reader stops reading commands while more than
 * {@code maxReplyBytes} of replies wait ({@link #awaitReplyRoom}), so a host that sends commands without reading the
 * replies only stalls itself.
 */
public final class OutboundQueue {
    private record Entry(byte[] bytes, boolean event) {
    }

    private final int maxEvents;
    private final long maxReplyBytes;
    private final Deque<Entry> entries = new ArrayDeque<>();
    private int events;
    private long replyBytes;
    private long dropped;

    public OutboundQueue(int maxEvents, long maxReplyBytes) {
        if (maxEvents < 1 || maxReplyBytes < 1) {
            throw new IllegalArgumentException("the queue needs room for one event and one reply");
        }
        this.maxEvents = maxEvents;
        this.maxReplyBytes = maxReplyBytes;
    }

    /** Queues an event line; never waits. Drops the oldest waiting event when {@code maxEvents} wait. */
    public synchronized void offerEvent(byte[] line) {
        if (events >= maxEvents) {
            for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
                if (it.next().event()) {
                    it.remove();
                    events--;
                    dropped++;
                    break;
                }
            }
        }
        entries.addLast(new Entry(line, true));
        events++;
        notifyAll();
    }

    /** Queues the frames of one reply, in order, after everything queued; never waits. */
    public synchronized void putReply(List<byte[]> frames) {
        for (byte[] f : frames) {
            entries.addLast(new Entry(f, false));
            replyBytes += f.length;
        }
        notifyAll();
    }

    /**
     * Waits up to {@code timeoutMillis} until at most {@code maxReplyBytes} of replies wait; returns whether they do.
     */
    public synchronized boolean awaitReplyRoom(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (replyBytes > maxReplyBytes) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** The next frame, waiting up to {@code timeoutMillis} for one; null when none came. */
    public synchronized byte[] take(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (entries.isEmpty()) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return null;
            }
            wait(left);
        }
        Entry e = entries.removeFirst();
        if (e.event()) {
            events--;
        } else {
            replyBytes -= e.bytes().length;
        }
        notifyAll();
        return e.bytes();
    }

    /**
     * Forgets everything waiting (the host went away, or a write to it failed; the next one asks with {@code SINCE});
     * the events among it count as dropped.
     */
    public synchronized void clear() {
        dropped += events;
        entries.clear();
        events = 0;
        replyBytes = 0;
        notifyAll();
    }

    /**
     * How many events were dropped since the start: the oldest waiting when the queue was full, and those waiting
     * when the host went away (all stay in the event log for {@code SINCE}).
     */
    public synchronized long droppedEvents() {
        return dropped;
    }

    /** How many events wait. */
    public synchronized int waitingEvents() {
        return events;
    }
}
