package org.shogiban.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.shogiban.link.SerialTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's end of the board's USB link (docs/serial-protocol.md), as a program on the computer uses it: opens the
 * device (again every half second while it is not there), sends command lines and matches the replies to them in
 * order, reads a reply's body by its byte length, and hands each pushed event line to a {@link Listener}. One reader
 * thread of its own; commands may be sent from any thread.
 */
public final class BoardLinkClient implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardLinkClient.class);
    /** The commands whose {@code OK <n>} is a body's length (the protocol lists them). */
    private static final Set<String> BODY_COMMANDS = Set.of("STATE", "GAMES", "GET");
    static final long REOPEN_MILLIS = 500;

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

    private record Pending(String command, boolean hasBody, CompletableFuture<Reply> reply) {
    }

    private final SerialTransport transport;
    private final Listener listener;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private final Thread reader;
    private volatile boolean closed;
    private volatile SerialTransport.Connection connection;

    public BoardLinkClient(SerialTransport transport, Listener listener) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.listener = Objects.requireNonNull(listener, "listener");
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
     * Sends one command line; the future completes with its reply, or exceptionally when the device is not open or
     * goes away before the reply.
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
            pending.add(new Pending(command, BODY_COMMANDS.contains(word), reply));
            try {
                c.write((command + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                pending.removeLast();
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

    private void reply(String line, LineReader lines) throws IOException {
        Pending p;
        synchronized (pending) {
            p = pending.poll();
        }
        if (p == null) {
            log.debug("link: a reply nobody asked for: {}", line);
            return;
        }
        byte[] body = null;
        if (p.hasBody() && line.matches("OK \\d+")) {
            body = lines.bytes(Integer.parseInt(line.substring(3)));
        }
        p.reply().complete(new Reply(line, body));
    }

    private void failPending(String why) {
        synchronized (pending) {
            for (Pending p : pending) {
                p.reply().completeExceptionally(new IOException("the board went away: " + why));
            }
            pending.clear();
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
