package org.shogiban.simulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A simulator command run as a real process of its own, as the process tests run it (killed with SIGKILL as a power
 * cut kills the board, started again on the same state directory): a JVM that starts quickly (C1, the serial GC: it
 * runs for seconds), its stdout read to the end by a thread of its own and queued by line (so it never blocks on a
 * full pipe), its stderr discarded, its stdin the test's commands.
 */
public final class SimulatorProcess implements AutoCloseable {
    /** How long {@link #await} waits for a line. */
    public static final long WAIT_SECONDS = 20;

    private final Process process;
    private final OutputStream in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private SimulatorProcess(Process process) {
        this.process = process;
        this.in = process.getOutputStream();
        Thread.ofPlatform().daemon().name("simulator-stdout").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String l; (l = r.readLine()) != null; ) {
                    lines.add(l);
                }
            } catch (IOException e) {
                // the process was killed
            }
        });
    }

    /** Starts {@code SimulatorCli} with these arguments ({@code play --state DIR ...}, {@code web --port 0 ...}). */
    public static SimulatorProcess start(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), SimulatorCli.class.getName()));
        command.addAll(List.of(args));
        return new SimulatorProcess(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                .start());
    }

    /** One line to the process's stdin. */
    public void send(String line) throws IOException {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /**
     * The next line in which {@code pattern} is found, within {@value #WAIT_SECONDS} s; every line read meanwhile is
     * added to {@code seen}. Fails, showing them, when none comes.
     */
    public String await(Pattern pattern, List<String> seen) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < end) {
            String l = lines.poll(100, TimeUnit.MILLISECONDS);
            if (l != null) {
                seen.add(l);
                if (pattern.matcher(l).find()) {
                    return l;
                }
            }
        }
        throw new AssertionError("no line like " + pattern + " within " + WAIT_SECONDS + " s; saw " + seen);
    }

    /** Kills the process (SIGKILL) and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new AssertionError("the simulator did not end within 10 s of SIGKILL");
        }
    }

    /** The next line within {@code millis} (0: only one already read), or null. */
    public String poll(long millis) throws InterruptedException {
        return lines.poll(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
