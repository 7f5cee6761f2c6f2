package org.shogiban.link;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A pair of pseudo-terminals joined by socat, as a USB cable joins the board and a host: the board opens
 * {@link #boardEnd()} through jSerialComm, the test opens {@link #hostEnd()} as a plain file. {@link #stop()} pulls the
 * cable (socat ends, both links disappear), {@link #start()} plugs it in again under the same names.
 */
public final class PtyPair implements AutoCloseable {
    private final Path boardEnd;
    private final Path hostEnd;
    private Process socat;

    public PtyPair(Path dir) {
        this.boardEnd = dir.resolve("board");
        this.hostEnd = dir.resolve("host");
    }

    /** Whether socat is installed (.ci/run installs it). */
    public static boolean available() {
        try {
            Process p = new ProcessBuilder("socat", "-V").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public Path boardEnd() {
        return boardEnd;
    }

    public Path hostEnd() {
        return hostEnd;
    }

    /** Starts socat and returns once it says both ends are open and it is transferring data. */
    public PtyPair start() throws IOException {
        socat = new ProcessBuilder(List.of("socat", "-d", "-d", "pty,raw,echo=0,link=" + boardEnd,
                "pty,raw,echo=0,link=" + hostEnd)).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader err = new BufferedReader(new InputStreamReader(socat.getErrorStream(),
                StandardCharsets.UTF_8));
        for (String line; (line = err.readLine()) != null; ) {
            if (line.contains("starting data transfer loop")) {
                // keep draining socat's messages so that it never blocks on a full pipe
                Thread drain = new Thread(() -> {
                    try {
                        err.transferTo(java.io.Writer.nullWriter());
                    } catch (IOException e) {
                        // socat ended
                    }
                }, "socat-stderr");
                drain.setDaemon(true);
                drain.start();
                if (!Files.exists(boardEnd) || !Files.exists(hostEnd)) {
                    throw new IOException("socat started but the links are not there");
                }
                return this;
            }
        }
        throw new IOException("socat ended before opening the pseudo-terminals");
    }

    /** Ends socat (as pulling the cable): both ends hang up and their links disappear. */
    public void stop() throws InterruptedException {
        if (socat != null) {
            socat.destroy();
            if (!socat.waitFor(5, TimeUnit.SECONDS)) {
                socat.destroyForcibly().waitFor();
            }
            socat = null;
        }
    }

    @Override
    public void close() {
        try {
            stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
