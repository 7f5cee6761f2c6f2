package org.shogiban.rules;

import java.util.Locale;
import java.util.Optional;

/**
 * The two players: sente (先手, "black", moves first, SFEN upper case) and gote (後手, "white", lower case). The one
 * name of a side from the rules to the wire: every JSON document, link line, MQTT message, command word and log line
 * writes {@link #label()} ({@code sente}, {@code gote}; {@link #labelOrNone} for no side) and every reader reads a
 * side back with {@link #read}. The journal keeps the constant's name ({@code SENTE}), which {@link #read} reads too.
 */
public enum Side {
    SENTE("sente"), GOTE("gote");

    private final String label;

    Side(String label) {
        this.label = label;
    }

    /** The other player. */
    public Side opponent() {
        return this == SENTE ? GOTE : SENTE;
    }

    /** The side's name on the wire and in the words a log or a refusal writes: {@code sente} or {@code gote}. */
    public String label() {
        return label;
    }

    /** A side's {@link #label()}, or {@code none} for no side (a draw's winner, a clock that does not run). */
    public static String labelOrNone(Side side) {
        return side == null ? "none" : side.label;
    }

    /** A side's {@link #label()}, or null for no side (a JSON field left out). */
    public static String labelOrNull(Side side) {
        return side == null ? null : side.label;
    }

    /**
     * Reads a side's name: {@code sente} or {@code gote} in any case, around blanks (the journal's {@code SENTE}
     * too), and the western and SFEN words {@code black}/{@code b} and {@code white}/{@code w}; empty for anything
     * else (null too). Every part that reads a side from a text reads it here.
     */
    public static Optional<Side> read(String word) {
        if (word == null) {
            return Optional.empty();
        }
        return switch (word.strip().toLowerCase(Locale.ROOT)) {
            case "sente", "black", "b" -> Optional.of(SENTE);
            case "gote", "white", "w" -> Optional.of(GOTE);
            default -> Optional.empty();
        };
    }

    /** The SFEN side-to-move letter: {@code b} for sente, {@code w} for gote. */
    public char sfenLetter() {
        return this == SENTE ? 'b' : 'w';
    }
}
