package org.shogiban.engine;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One USI engine as a child process, spoken to as ShogiHome does: {@code usi} → {@code usiok} (lines before
 * {@code id} and {@code info string} tolerated), {@code setoption} only for the options it declared,
 * {@code isready} → {@code readyok}, {@code usinewgame}, {@code position ... } and {@code go ...} →
 * {@code bestmove}, {@code gameover}, {@code quit} (then killed after the settings' quit time). Its stdout and
 * stderr are read on threads of their own. Used from one thread (the {@link EnginePlayer}'s).
 */
public final class UsiEngine implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(UsiEngine.class);
    /** How often a wait looks whether the process is still alive. */
    private static final long SLICE_MILLIS = 50;

    private final EngineSettings settings;
    private final Process process;
    private final Writer stdin;
    private final EngineOutput stdout;
    private String name;
    private final Set<String> declared = new LinkedHashSet<>();

    private UsiEngine(EngineSettings settings, Process process) {
        this.settings = settings;
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        this.stdout = EngineOutput.read(process.getInputStream(), "shogiban-engine-stdout", null);
        EngineOutput.read(process.getErrorStream(), "shogiban-engine-stderr",
                line -> log.debug("engine stderr: {}", line));
    }

    /**
     * Starts the engine and makes it ready: {@code usi}, the options ({@code levelOptions} first, the settings'
     * over them; only the declared ones), {@code isready}.
     *
     * @throws EngineException when it cannot be started or does not answer in time
     */
    public static UsiEngine start(EngineSettings settings, Map<String, String> levelOptions) throws EngineException {
        java.nio.file.Path program = java.nio.file.Path.of(settings.command().get(0));
        if (program.isAbsolute() && !java.nio.file.Files.isExecutable(program)) {
            throw new EngineException("engine " + program + " is not found (or not executable)");
        }
        Process p;
        try {
            p = new ProcessBuilder(niced(settings.command())).start();
        } catch (IOException e) {
            throw new EngineException("engine " + settings.command().get(0) + " cannot be started: " + e.getMessage(),
                    e);
        }
        UsiEngine engine = new UsiEngine(settings, p);
        try {
            engine.handshake(levelOptions);
            return engine;
        } catch (EngineException | RuntimeException e) {
            engine.kill();
            throw e;
        }
    }

    /**
     * The command under {@code nice -n 10} where {@code /usr/bin/nice} exists: the engine's search then yields the
     * CPU to the board's scan thread (measured in benchmarks.md: the acknowledgement while the engine searches).
     */
    static java.util.List<String> niced(java.util.List<String> command) {
        // -Dshogiban.engine.nice=false: the engine at the board's own priority (to measure the difference)
        if (!java.nio.file.Files.isExecutable(NICE) || !Boolean.parseBoolean(System.getProperty(
                "shogiban.engine.nice", "true"))) {
            return command;
        }
        java.util.List<String> words = new java.util.ArrayList<>(java.util.List.of(NICE.toString(), "-n", "10"));
        words.addAll(command);
        return words;
    }

    private static final java.nio.file.Path NICE = java.nio.file.Path.of("/usr/bin/nice");

    private void handshake(Map<String, String> levelOptions) throws EngineException {
        send("usi");
        await(line -> {
            if (line.startsWith("id name ")) {
                name = line.substring(8).strip();
            } else if (line.startsWith("option name ")) {
                int type = line.indexOf(" type ");
                declared.add((type < 0 ? line.substring(12) : line.substring(12, type)).strip());
            }
            return line.equals("usiok");
        }, settings.handshakeMillis(), "usiok");
        Map<String, String> options = new LinkedHashMap<>(levelOptions);
        options.putAll(settings.options());
        for (Map.Entry<String, String> o : options.entrySet()) {
            if (declared.contains(o.getKey())) {
                send("setoption name " + o.getKey() + " value " + o.getValue());
            } else {
                log.debug("engine {} has no option {}; not set", name, o.getKey());
            }
        }
        send("isready");
        await("readyok"::equals, settings.handshakeMillis(), "readyok");
        log.info("engine ready: {} ({} options declared)", name, declared.size());
    }

    /** The engine's {@code id name}, or its command when it gave none. */
    public String name() {
        return name != null ? name : settings.command().get(0);
    }

    /** {@code usinewgame}. */
    public void newGame() throws EngineException {
        send("usinewgame");
    }

    /**
     * Asks for a move: {@code position}, {@code go}, then waits for {@code bestmove} up to {@code limitMillis}.
     * An engine that thinks longer gets {@code stop} and the question fails.
     *
     * @return the whole {@code bestmove} line, as the engine wrote it
     */
    public String bestMove(String position, String go, long limitMillis) throws EngineException {
        stdout.clear();
        send(position);
        send(go);
        try {
            return await(line -> line.startsWith("bestmove"), limitMillis, "bestmove");
        } catch (EngineException e) {
            if (process.isAlive()) {
                send("stop");
            }
            throw e;
        }
    }

    /** Sends a position and a {@code go} without waiting for the answer (a benchmark's background search). */
    public void startSearch(String position, String go) throws EngineException {
        stdout.clear();
        send(position);
        send(go);
    }

    /** {@code gameover win|lose|draw}. */
    public void gameOver(String word) throws EngineException {
        send("gameover " + word);
    }

    /** Whether the process still runs. */
    public boolean alive() {
        return process.isAlive();
    }

    private void send(String line) throws EngineException {
        try {
            stdin.write(line);
            stdin.write('\n');
            stdin.flush();
            log.trace("to engine: {}", line);
        } catch (IOException e) {
            throw new EngineException("engine " + name() + " does not take commands (" + e.getMessage() + ")"
                    + exitNote(), e);
        }
    }

    private String await(Predicate<String> wanted, long limitMillis, String what) throws EngineException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(limitMillis);
        try {
            while (true) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    throw new EngineException("engine " + name() + " gave no " + what + " within " + limitMillis
                            + " ms");
                }
                String line = stdout.poll(Math.min(left, SLICE_MILLIS));
                if (line == null) {
                    if (stdout.ended()) {
                        throw new EngineException("engine " + name() + " exited before " + what + exitNote());
                    }
                    continue;
                }
                if (line.startsWith("info string")) {
                    log.debug("engine says: {}", line.substring(11).strip());
                }
                if (wanted.test(line)) {
                    return line;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted while waiting for " + what, e);
        }
    }

    private String exitNote() {
        try {
            return process.waitFor(100, TimeUnit.MILLISECONDS) ? " (exit code " + process.exitValue() + ")" : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** {@code quit}, then the process is killed if it has not exited within the settings' quit time. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                send("quit");
            } catch (EngineException e) {
                log.debug("quit not sent: {}", e.getMessage());
            }
            try {
                if (process.waitFor(settings.quitMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
                log.info("engine {} did not quit within {} ms: killed", name(), settings.quitMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        kill();
    }

    private void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        // SIGKILL is not refused; wait for the exit so that the next engine does not share the CPU with this one, and
        // so that a player closed in the middle of a start (its thread interrupted) leaves no engine behind
        boolean interrupted = Thread.interrupted();
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                log.warn("engine {} still runs 2 s after it was killed", name());
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
