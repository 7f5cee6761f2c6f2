package org.shogiban.engine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How to run a USI engine: its command line, the options passed to it ({@code --engine-option Name=Value},
 * {@code engine.options}), and the limits the player keeps it to.
 *
 * @param command the program and its arguments
 * @param options USI options set after {@code usiok}, only those the engine declared; they win over the level's
 * @param handshakeMillis how long {@code usi} → {@code usiok} (and {@code isready} → {@code readyok}) may take
 * @param marginMillis how long past its time an engine may think before it gets {@code stop} and is restarted
 * @param quitMillis how long after {@code quit} before the process is killed
 */
public record EngineSettings(List<String> command, Map<String, String> options, long handshakeMillis,
                             long marginMillis, long quitMillis) {
    /** Where Debian installs Fairy-Stockfish (not on every user's PATH). */
    public static final Path FAIRY_STOCKFISH = Path.of("/usr/games/fairy-stockfish");

    public EngineSettings {
        command = List.copyOf(command);
        if (command.isEmpty()) {
            throw new IllegalArgumentException("the engine command is empty");
        }
        options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    /** An engine run by {@code commandLine} (words split on spaces; double quotes keep spaces) with the options. */
    public static EngineSettings of(String commandLine, Map<String, String> options) {
        return new EngineSettings(words(commandLine), options, 10_000, 3_000, 5_000);
    }

    /**
     * This engine, when its program is there: a path to an executable file, or a name found on {@code PATH}; else
     * IllegalArgumentException in one sentence, said at start rather than when a player asks for a game.
     */
    public EngineSettings requireProgram() {
        String program = command.get(0);
        if (program.contains("/")) {
            if (Files.isRegularFile(Path.of(program)) && Files.isExecutable(Path.of(program))) {
                return this;
            }
            throw new IllegalArgumentException("engine program " + program + " is not there (no executable file)");
        }
        String path = System.getenv("PATH");
        for (String dir : (path == null ? "" : path).split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program)) && !Files.isDirectory(Path.of(dir,
                    program))) {
                return this;
            }
        }
        throw new IllegalArgumentException("engine program '" + program + "' is not there (not found on PATH)");
    }

    /** The same with other limits (tests use short ones). */
    public EngineSettings withLimits(long handshake, long margin, long quit) {
        return new EngineSettings(command, options, handshake, margin, quit);
    }

    /** Fairy-Stockfish where Debian installs it, if it is there. */
    public static Optional<String> defaultCommand() {
        return Files.isExecutable(FAIRY_STOCKFISH) ? Optional.of(FAIRY_STOCKFISH.toString()) : Optional.empty();
    }

    /**
     * Options as the configuration writes them, {@code Name=Value;Name=Value} (names may hold spaces:
     * {@code Skill Level=3}).
     *
     * @throws IllegalArgumentException naming a part without {@code =}
     */
    public static Map<String, String> parseOptions(String text) {
        Map<String, String> options = new LinkedHashMap<>();
        if (text == null) {
            return options;
        }
        for (String part : text.split(";")) {
            if (!part.isBlank()) {
                putOption(options, part);
            }
        }
        return options;
    }

    /** Adds one {@code Name=Value} to {@code options}. */
    public static void putOption(Map<String, String> options, String nameValue) {
        int eq = nameValue.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("engine option '" + nameValue + "' is not Name=Value");
        }
        options.put(nameValue.substring(0, eq).strip(), nameValue.substring(eq + 1).strip());
    }

    /** A command line's words: split on spaces, double quotes keep spaces in a word. */
    static List<String> words(String line) {
        Objects.requireNonNull(line, "command");
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (char c : line.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
                any = true;
            } else if (Character.isWhitespace(c) && !quoted) {
                if (any) {
                    words.add(w.toString());
                    w.setLength(0);
                    any = false;
                }
            } else {
                w.append(c);
                any = true;
            }
        }
        if (any) {
            words.add(w.toString());
        }
        return words;
    }
}
