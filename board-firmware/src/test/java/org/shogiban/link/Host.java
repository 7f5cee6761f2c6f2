package org.shogiban.link;

import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A host program on the other end of the cable, as a test writes it: sends command lines, reads lines and bodies with
 * a time limit (a pump thread moves the device's bytes into a queue, so a read never hangs the test), and can stop
 * reading altogether ({@link #pauseReading()}), leaving the bytes in the device.
 */
public final class Host implements AutoCloseable {
    public static final long WAIT_MILLIS = 10_000;

    private final InputStream in;
    private final OutputStream out;
    private final BlockingQueue<Integer> bytes = new LinkedBlockingQueue<>();
    private final Object gate = new Object();
    private boolean paused;
    private final Thread pump;

    public Host(Path device) throws IOException {
        this(device, false);
    }

    /** Opens the host end, paused: nothing is read from the device until {@link #resumeReading()}. */
    public static Host paused(Path device) throws IOException {
        return new Host(device, true);
    }

    private Host(Path device, boolean startPaused) throws IOException {
        this.paused = startPaused;
        this.out = openForWriting(device);
        try {
            this.in = new FileInputStream(device.toFile());
        } catch (FileNotFoundException e) {
            out.close();
            throw missing(device, e);
        }
        pump = new Thread(this::pump, "host-reader");
        pump.setDaemon(true);
        pump.start();
    }

    /**
     * The cable's host end opened for writing, never created: a {@code FileOutputStream} would make a regular file
     * where the pseudo-terminal's link is missing (socat ended), and the test would then talk to that file and wait
     * for a board that can never answer.
     */
    private static OutputStream openForWriting(Path device) throws IOException {
        if (Files.isRegularFile(device)) {
            throw new IOException("the cable's host end " + device + " is a regular file, not socat's pseudo-terminal");
        }
        try {
            return Files.newOutputStream(device, StandardOpenOption.WRITE);
        } catch (NoSuchFileException e) {
            throw missing(device, e);
        }
    }

    private static IOException missing(Path device, IOException cause) {
        return new IOException("the cable's host end " + device + " is not there: socat is not running (the cable"
                + " is pulled)", cause);
    }

    private void pump() {
        byte[] buffer = new byte[4096];
        try {
            while (true) {
                synchronized (gate) {
                    while (paused) {
                        gate.wait();
                    }
                }
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    bytes.add(buffer[i] & 0xff);
                }
            }
        } catch (IOException | InterruptedException e) {
            // the device hung up (socat ended) or the test is over
        }
        bytes.add(-1);
    }

    public void pauseReading() {
        synchronized (gate) {
            paused = true;
        }
    }

    public void resumeReading() {
        synchronized (gate) {
            paused = false;
            gate.notifyAll();
        }
    }

    public void sendRaw(byte[] data) throws IOException {
        out.write(data);
        out.flush();
    }

    public void send(String line) throws IOException {
        sendRaw((line + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private int next(long waitMillis) throws IOException {
        try {
            Integer b = bytes.poll(waitMillis, TimeUnit.MILLISECONDS);
            if (b == null) {
                throw new IOException("nothing from the board within " + waitMillis + " ms");
            }
            if (b < 0) {
                bytes.add(-1);
                throw new IOException("the device hung up");
            }
            return b;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    /** The next line without its LF, waiting up to {@code waitMillis} for each byte. */
    public String line(long waitMillis) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b; (b = next(waitMillis)) != '\n'; ) {
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    public String line() throws IOException {
        return line(WAIT_MILLIS);
    }

    /** How long {@link #handshake()} says HELLO before it gives up: a board that is slow to open its end. */
    public static final long HANDSHAKE_MILLIS = 30_000;

    /**
     * Says HELLO every 300 ms until the board answers (it opens its end a moment after the device appears; after
     * {@value #HANDSHAKE_MILLIS} ms of silence it is an IOException: a deadline, not a count of tries, so a loaded
     * machine where each try takes longer gets the same time), then reads up to the reply of a SINCE so that the
     * answers to the repeated HELLOs are out of the way.
     */
    public void handshake() throws IOException {
        long end = System.nanoTime() + HANDSHAKE_MILLIS * 1_000_000L;
        while (true) {
            send("HELLO");
            try {
                if (line(300).startsWith("OK shogiban")) {
                    break;
                }
            } catch (IOException e) {
                if (System.nanoTime() - end > 0) {
                    throw new IOException("the board did not answer HELLO in " + HANDSHAKE_MILLIS + " ms", e);
                }
            }
        }
        send("SINCE 999999999");
        while (!line().startsWith("OK last")) {
            // an answer to an earlier HELLO
        }
    }

    /** The next event line ({@code * <seq> <type> ...}) of a type, skipping other lines. */
    public String nextEvent(String type) throws IOException {
        while (true) {
            String line = line();
            if (line.startsWith("* ") && line.split(" ")[2].equals(type)) {
                return line;
            }
        }
    }

    /** The next line that is not an event ({@code * ...}): the reply to the last command. */
    public String reply() throws IOException {
        while (true) {
            String l = line();
            if (!l.startsWith("* ")) {
                return l;
            }
        }
    }

    /** After {@code OK <n>}: the n bytes of the body, checking the LF after them. */
    public byte[] body(String okLine) throws IOException {
        if (!okLine.matches("OK \\d+")) {
            throw new IOException("not a body reply: " + okLine);
        }
        int n = Integer.parseInt(okLine.substring(3));
        byte[] body = new byte[n];
        for (int i = 0; i < n; i++) {
            body[i] = (byte) next(WAIT_MILLIS);
        }
        if (next(WAIT_MILLIS) != '\n') {
            throw new IOException("no LF after the body of " + n + " bytes");
        }
        return body;
    }

    /** Sends a command whose reply has a body and returns the body. */
    public byte[] bodyOf(String command) throws IOException {
        send(command);
        return body(reply());
    }

    /** Whether bytes are waiting already read from the device. */
    public boolean hasBuffered() {
        return !bytes.isEmpty();
    }

    @Override
    public void close() {
        pump.interrupt();
        try {
            out.close();
        } catch (IOException e) {
            // gone already
        }
        try {
            in.close();
        } catch (IOException e) {
            // gone already
        }
    }
}
