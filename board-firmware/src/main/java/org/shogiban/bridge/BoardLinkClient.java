package org.shogiban.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogiban.link.SerialTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's end of the board's USB link (docs/serial-protocol.md), as a program on the computer uses it: opens the
 * device (again every half second while it is not there), sends command lines tagged with an id ({@code #12 STATE})
 * and matches each reply to its command by that id (a reply never read cannot shift the others onto the wrong
 * commands), reads a reply's body by its byte length, and hands each pushed event line to a {@link Listener}. A
 * command with no reply within its deadline fails with a {@link TimeoutException}; its late reply is recognised by its
 * id and dropped. One reader thread of its own; commands may be sent from any thread.
 */
public final class BoardLinkClient implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardLinkClient.class);
    /** The commands whose {@code OK <n>} is a body's length (the protocol lists them). */
    private static final Set<String> BODY_COMMANDS = Set.of("STATE", "GAMES", "GET");
    static final long REOPEN_MILLIS = 500;
    /** How long a command waits for its reply: a board answers in milliseconds, a loaded one in well under this. */
    public static final long REPLY_MILLIS = 10_000;
    /** A tagged reply: {@code #<id> } and the reply. */
    private static final Pattern TAGGED = Pattern.compile("#(\\d{1,18}) (.*)");
    /** How many expired commands are remembered, so their late replies (and bodies) are recognised and dropped. */
    private static final int EXPIRED_KEPT = 64;

    /** What the link tells its user; called on the reader thread, so quick. */
    public interface Listener {
        /** The device is open (the board may still be starting: send HELLO). */
        void connected();

        /** The device went away (cable pulled, board stopped); pending commands failed. */
        void disconnected(String why);

        /** An event line {@code * <seq> <TYPE> ...}, whole. */
        void event(String line);
    }

    /** A reply: its line ({@code OK ...}/{@code ERR ...}) and, for a body reply, the body's bytes. */
    public record Reply(String line, byte[] body) {
        public boolean ok() {
            return line.startsWith("OK");
        }

        public String bodyText() {
            return body == null ? "" : new String(body, StandardCharsets.UTF_8);
        }
    }

    private record Pending(long id, String command, boolean hasBody, long deadlineNanos,
                           CompletableFuture<Reply> reply) {
    }

    private final SerialTransport transport;
    private final Listener listener;
    private final long replyNanos;
    /** The commands waiting for their replies, by id in the order sent; guarded by itself. */
    private final Map<Long, Pending> pending = new LinkedHashMap<>();
    /** The ids of commands that got no reply in time, and whether their late reply has a body; guarded by pending. */
    private final Map<Long, Boolean> expired = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > EXPIRED_KEPT;
        }
    };
    private long lastId;
    private final Thread reader;
    private volatile boolean closed;
    private volatile SerialTransport.Connection connection;

    public BoardLinkClient(SerialTransport transport, Listener listener) {
        this(transport, listener, REPLY_MILLIS);
    }

    /** A client whose commands wait {@code replyMillis} for their replies. */
    public BoardLinkClient(SerialTransport transport, Listener listener, long replyMillis) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.replyNanos = replyMillis * 1_000_000L;
        this.reader = new Thread(this::run, "board-link");
        reader.setDaemon(true);
    }

    /** Starts opening the device and reading it. */
    public void start() {
        reader.start();
    }

    /** Whether the device is open now. */
    public boolean isConnected() {
        return connection != null;
    }

    /**
     * Sends one command line; the future completes with its reply, or exceptionally when the device is not open,
     * goes away before the reply, or gives no reply within the deadline ({@link TimeoutException}).
     */
    public CompletableFuture<Reply> send(String command) {
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        SerialTransport.Connection c = connection;
        if (c == null) {
            reply.completeExceptionally(new IOException("the board is not connected"));
            return reply;
        }
        String word = command.strip().split(" ", 2)[0].toUpperCase(Locale.ROOT);
        synchronized (pending) {
            long id = ++lastId;
            pending.put(id, new Pending(id, command, BODY_COMMANDS.contains(word), System.nanoTime() + replyNanos,
                    reply));
            try {
                c.write(("#" + id + " " + command + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                pending.remove(id);
                reply.completeExceptionally(e);
            }
        }
        return reply;
    }

    private void run() {
        while (!closed) {
            SerialTransport.Connection c;
            try {
                c = transport.open();
            } catch (IOException e) {
                pause();
                continue;
            }
            connection = c;
            log.info("link: {} open", transport.describe());
            listener.connected();
            String why = readUntilGone(c);
            connection = null;
            c.close();
            failPending(why);
            if (!closed) {
                log.info("link: {} gone ({})", transport.describe(), why);
                listener.disconnected(why);
            }
        }
    }

    private String readUntilGone(SerialTransport.Connection c) {
        LineReader lines = new LineReader(c);
        try {
            while (!closed) {
                String line = lines.next();
                expireOverdue();
                if (line == null) {
                    if (!c.stillThere()) {
                        return "the device is gone";
                    }
                    continue;
                }
                if (line.startsWith("* ")) {
                    listener.event(line);
                } else if (!line.isEmpty()) {
                    reply(line, lines);
                }
            }
            return "closed";
        } catch (IOException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        }
    }

    /**
     * A reply line: a tagged one goes to its command (the commands sent before it that are still waiting got none: a
     * board answers in order), a late one's body is skipped; an untagged one (a line the board could not read as a
     * command) goes to the oldest command waiting.
     */
    private void reply(String line, LineReader lines) throws IOException {
        Matcher tagged = TAGGED.matcher(line);
        String text = line;
        Pending p;
        List<Pending> unanswered = new ArrayList<>();
        synchronized (pending) {
            if (tagged.matches()) {
                long id = Long.parseLong(tagged.group(1));
                text = tagged.group(2);
                p = pending.remove(id);
                if (p == null) {
                    Boolean body = expired.remove(id);
                    log.debug("link: a late reply to command #{} dropped: {}", id, text);
                    skipBody(body != null && body, text, lines);
                    return;
                }
                for (var i = pending.values().iterator(); i.hasNext(); ) {
                    Pending before = i.next();
                    if (before.id() < id) {
                        unanswered.add(before);
                        i.remove();
                    }
                }
            } else {
                var oldest = pending.values().iterator();
                p = oldest.hasNext() ? oldest.next() : null;
                if (p != null) {
                    oldest.remove();
                }
            }
        }
        for (Pending u : unanswered) {
            log.info("link: '{}' got no reply (the board answered a later command)", u.command());
            u.reply().completeExceptionally(new IOException("no reply to '" + u.command() + "'"));
        }
        if (p == null) {
            log.debug("link: a reply nobody asked for: {}", line);
            return;
        }
        byte[] body = null;
        if (p.hasBody() && text.matches("OK \\d+")) {
            body = lines.bytes(Integer.parseInt(text.substring(3)));
        }
        p.reply().complete(new Reply(text, body));
    }

    private static void skipBody(boolean hasBody, String text, LineReader lines) throws IOException {
        if (hasBody && text.matches("OK \\d+")) {
            lines.bytes(Integer.parseInt(text.substring(3)));
        }
    }

    /** Fails the commands whose deadline passed; their replies, if they ever come, are dropped by their ids. */
    private void expireOverdue() {
        long now = System.nanoTime();
        List<Pending> overdue = new ArrayList<>();
        synchronized (pending) {
            for (var i = pending.values().iterator(); i.hasNext(); ) {
                Pending p = i.next();
                if (now - p.deadlineNanos() > 0) {
                    overdue.add(p);
                    expired.put(p.id(), p.hasBody());
                    i.remove();
                }
            }
        }
        for (Pending p : overdue) {
            log.info("link: no reply to '{}' in {} ms", p.command(), replyNanos / 1_000_000L);
            p.reply().completeExceptionally(new TimeoutException("no reply to '" + p.command() + "' in "
                    + replyNanos / 1_000_000L + " ms"));
        }
    }

    private void failPending(String why) {
        synchronized (pending) {
            for (Pending p : pending.values()) {
                p.reply().completeExceptionally(new IOException("the board went away: " + why));
            }
            pending.clear();
            expired.clear();
        }
    }

    private void pause() {
        try {
            Thread.sleep(REOPEN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    @Override
    public void close() {
        closed = true;
        reader.interrupt();
        SerialTransport.Connection c = connection;
        if (c != null) {
            c.close();
        }
    }

    /** Lines and counted bodies from a connection whose reads wait only a short while. */
    private static final class LineReader {
        private final SerialTransport.Connection connection;
        private final byte[] buffer = new byte[4096];
        private int start;
        private int end;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineReader(SerialTransport.Connection connection) {
            this.connection = connection;
        }

        /** The next whole line without CR LF, or null when nothing more came in the read's while. */
        String next() throws IOException {
            while (true) {
                while (start < end) {
                    byte b = buffer[start++];
                    if (b == '\n') {
                        byte[] bytes = line.toByteArray();
                        line.reset();
                        int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                        return new String(bytes, 0, n, StandardCharsets.UTF_8);
                    }
                    line.write(b);
                }
                if (!fill()) {
                    return null;
                }
            }
        }

        /** Exactly n bytes, then the LF after them. */
        byte[] bytes(int n) throws IOException {
            byte[] out = new byte[n];
            int got = 0;
            while (got <= n) {
                if (start == end && !fill()) {
                    if (!connection.stillThere()) {
                        throw new IOException("the device went away inside a body");
                    }
                    continue;
                }
                byte b = buffer[start++];
                if (got < n) {
                    out[got] = b;
                } else if (b != '\n') {
                    throw new IOException("no LF after a body of " + n + " bytes");
                }
                got++;
            }
            return out;
        }

        private boolean fill() throws IOException {
            int n = connection.read(buffer);
            if (n < 0) {
                throw new IOException("the device is gone");
            }
            start = 0;
            end = n;
            return n > 0;
        }
    }
}
