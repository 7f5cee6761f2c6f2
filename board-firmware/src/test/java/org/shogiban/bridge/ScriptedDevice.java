package org.shogiban.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.shogiban.link.SerialTransport;

/**
 * A board that misbehaves as the test says: a serial device in memory whose command lines the test reads
 * ({@link #command}) and whose replies and events the test writes ({@link #write}), byte for byte, whenever it likes
 * (late, never, garbled).
 */
final class ScriptedDevice implements SerialTransport {
    private final BlockingQueue<String> commands = new LinkedBlockingQueue<>();
    private final BlockingQueue<byte[]> toHost = new LinkedBlockingQueue<>();
    private volatile boolean open = true;
    private final long logMark = BridgeLog.mark();

    @Override
    public String describe() {
        return "scripted board";
    }

    @Override
    public Connection open() throws IOException {
        if (!open) {
            throw new IOException("not there");
        }
        return new Connection() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();
            private byte[] rest = new byte[0];

            @Override
            public int read(byte[] buffer) throws IOException {
                if (!open) {
                    return -1;
                }
                byte[] b = rest;
                if (b.length == 0) {
                    try {
                        b = toHost.poll(20, TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return -1;
                    }
                    if (b == null) {
                        return 0;
                    }
                }
                int n = Math.min(b.length, buffer.length);
                System.arraycopy(b, 0, buffer, 0, n);
                rest = java.util.Arrays.copyOfRange(b, n, b.length);
                return n;
            }

            @Override
            public synchronized void write(byte[] bytes) {
                for (byte x : bytes) {
                    if (x == '\n') {
                        commands.add(line.toString(StandardCharsets.UTF_8));
                        line.reset();
                    } else {
                        line.write(x);
                    }
                }
            }

            @Override
            public boolean stillThere() {
                return open;
            }

            @Override
            public void close() {
            }
        };
    }

    /** The next command line the host wrote (its tag included), within 10 s. */
    String command() throws InterruptedException {
        String c = commands.poll(10, TimeUnit.SECONDS);
        if (c == null) {
            throw new AssertionError("the host sent no command in 10 s; the bridge's log:\n" + log());
        }
        return c;
    }

    /** The bridge's log since this device was made. */
    String log() {
        return BridgeLog.since(logMark);
    }

    /** The next command line within {@code millis}, or null. */
    String command(long millis) throws InterruptedException {
        return commands.poll(millis, TimeUnit.MILLISECONDS);
    }

    /** Text to the host, as the board writes it (lines with their LF). */
    void write(String text) {
        toHost.add(text.getBytes(StandardCharsets.UTF_8));
    }

    /** The tag of a command line ({@code #12 STATE} → {@code #12}). */
    static String tag(String command) {
        return command.substring(0, command.indexOf(' '));
    }
}
