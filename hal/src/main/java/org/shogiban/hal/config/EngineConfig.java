package org.shogiban.hal.config;

import java.util.Objects;
import java.util.Optional;

/**
 * The USI engine a player can play against ({@code engine.command}, {@code engine.options}).
 *
 * @param command the engine's command line; empty: Fairy-Stockfish where Debian installs it, if it is there
 * @param options {@code Name=Value;Name=Value}, passed to the engine (only the options it declares)
 */
public record EngineConfig(Optional<String> command, String options) {
    /** No engine configured. */
    public static final EngineConfig NONE = new EngineConfig(Optional.empty(), "");

    public EngineConfig {
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(options, "options");
    }
}
