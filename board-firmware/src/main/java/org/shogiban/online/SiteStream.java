package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One long-lived stream of the site (the account's events, or a game), kept open on a thread of its own: a stream
 * that drops or falls silent is opened again after growing pauses (1 s doubling to a minute; a minute after a 429,
 * as lishogi asks), and what it reads goes to the player. Tells the player when the site cannot be reached and when
 * it answers again. Stops when closed, or when the site says it ended for good (the game is over, or gone).
 */
final class SiteStream implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SiteStream.class);

    /** What the stream tells its owner. */
    interface Sink {
        void line(JsonNode line);

        /** The site answered (the stream is open). */
        void reached();

        /** The stream could not be kept open; it is tried again unless {@code kind} says not to. */
        void failed(SiteException e);
    }

    /** Opens the stream once and reads it until it ends. */
    interface Opener {
        void open(Consumer<JsonNode> onLine, LishogiClient.StreamHandle handle) throws SiteException;
    }

    private final String name;
    private final Opener opener;
    private final Sink sink;
    private final Duration firstPause;
    private final Thread thread;
    private volatile boolean running = true;
    private volatile LishogiClient.StreamHandle handle;
    /** Whether what the stream follows has ended (a game over): a stream that ends then is not opened again. */
    private final java.util.function.BooleanSupplier finished;

    private final Duration rateLimitPause;

    SiteStream(String name, Opener opener, Sink sink, Duration firstPause, Duration rateLimitPause,
               java.util.function.BooleanSupplier finished) {
        this.rateLimitPause = rateLimitPause;
        this.name = name;
        this.opener = opener;
        this.sink = sink;
        this.firstPause = firstPause;
        this.finished = finished;
        this.thread = Thread.ofPlatform().daemon().name("shogiban-lishogi-" + name).unstarted(this::run);
    }

    SiteStream start() {
        thread.start();
        return this;
    }

    /** Closes the stream now and opens it again at once (after a lost answer: the game's full state is wanted). */
    void reopen() {
        LishogiClient.StreamHandle h = handle;
        if (h != null) {
            h.close();
        }
    }

    private void run() {
        long pause = firstPause.toMillis();
        while (running) {
            LishogiClient.StreamHandle h = new LishogiClient.StreamHandle();
            handle = h;
            boolean[] heard = {false};
            try {
                opener.open(line -> {
                    if (!heard[0]) {
                        heard[0] = true;
                        sink.reached();
                    }
                    sink.line(line);
                }, h);
                if (!heard[0]) {
                    sink.reached();
                }
                if (finished.getAsBoolean() && !h.closed()) {
                    log.debug("lishogi {} ended", name);
                    return;
                }
                if (h.closed()) {
                    pause = firstPause.toMillis();
                    continue;
                }
                // the site closed a stream whose game goes on (or the event stream): dropped, opened again
                log.info("lishogi {} was closed by the site; opening it again", name);
            } catch (SiteException e) {
                if (!running) {
                    return;
                }
                sink.failed(e);
                if (e.kind() == SiteException.Kind.GONE) {
                    return;
                }
                long wait = e.kind() == SiteException.Kind.RATE_LIMITED ? Math.max(pause, rateLimitPause.toMillis())
                        : pause;
                if (heard[0]) {
                    wait = firstPause.toMillis();
                }
                pause = Math.min(pause * 2, Math.min(60_000, firstPause.toMillis() * 64));
                sleep(wait);
                continue;
            }
            sleep(pause);
        }
    }

    private void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            running = false;
        }
    }

    @Override
    public void close() {
        running = false;
        LishogiClient.StreamHandle h = handle;
        if (h != null) {
            h.close();
        }
        thread.interrupt();
    }
}
