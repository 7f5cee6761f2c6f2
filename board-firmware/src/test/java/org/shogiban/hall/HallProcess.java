package org.shogiban.hall;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.shogiban.cli.ShogibanCli;
import org.shogiban.testdata.Processes;

/**
 * {@code shogiban hall} in a process of its own, as an arbiter runs it, so that a test can kill it with SIGKILL and
 * start it again on the same state directory and port. Its standard output is kept line by line.
 */
public final class HallProcess implements AutoCloseable {
    private final Process process;
    private final String base;
    /** Every line the hall printed. */
    public final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private HallProcess(Process process, String base) {
        this.process = process;
        this.base = base;
    }

    /** A free loopback port for a hall that is to keep it over restarts. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Starts {@code hall --broker URL --hall-id h1 --port PORT --state DIR [more]}; returns once it says where. */
    public static HallProcess start(String broker, int port, Path state, String... more) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), ShogibanCli.class.getName(), "hall", "--broker", broker,
                "--hall-id", "h1", "--port", Integer.toString(port), "--state", state.toString()));
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        HallProcess h = null;
        List<String> before = new ArrayList<>();
        for (String line; (line = out.readLine()) != null; ) {
            before.add(line);
            if (line.startsWith("hall h1 on ")) {
                String url = line.substring("hall h1 on ".length());
                h = new HallProcess(p, url.substring(0, url.indexOf('/', url.indexOf("//") + 2)));
                break;
            }
        }
        if (h == null) {
            p.destroyForcibly();
            throw new IOException("the hall did not start: " + before);
        }
        h.lines.addAll(before);
        HallProcess started = h;
        Thread.ofPlatform().daemon().start(() -> {
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    started.lines.add(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        return h;
    }

    /** {@code http://127.0.0.1:<port>} (or https). */
    public String base() {
        return base;
    }

    /** SIGKILL: nothing of the hall's own runs after it. */
    public void kill() {
        Processes.kill(process);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }
}
