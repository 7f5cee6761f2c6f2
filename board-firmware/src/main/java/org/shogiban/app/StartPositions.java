package org.shogiban.app;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.GameStart;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Position;

/**
 * Reads the start position given on a command line: {@code startpos} (or {@code even}), a handicap by name
 * ({@code lance}, {@code bishop}, {@code rook}, {@code two-pieces}, ... as in {@link Handicap}, or its KIF name such as
 * {@code 角落ち}), or {@code sfen <SFEN>}: a position that can start a game ({@link GameStart}).
 */
public final class StartPositions {
    private StartPositions() {
    }

    /** The handicap names accepted, e.g. {@code lance, right-lance, bishop, ...}. */
    public static String handicapNames() {
        return Arrays.stream(Handicap.values()).filter(Handicap::isHandicap).map(StartPositions::name)
                .collect(Collectors.joining(", "));
    }

    /** The command-line name of a handicap: {@code two-pieces}. */
    public static String name(Handicap handicap) {
        return handicap.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Parses a start. Throws IllegalArgumentException with one line saying what is allowed.
     *
     * @param spec {@code startpos}, {@code even}, a handicap name, or {@code sfen <SFEN>} (the SFEN's four fields
     *     may follow as one argument or as several words joined by spaces)
     */
    public static Position parse(String spec) {
        String s = spec.strip();
        if (s.equals("startpos") || s.equals("even")) {
            return Position.startpos();
        }
        if (s.startsWith("sfen ") || s.equals("sfen")) {
            String sfen = s.substring(4).strip();
            if (sfen.isEmpty()) {
                throw new IllegalArgumentException("start 'sfen' needs an SFEN, e.g. sfen "
                        + Position.startpos().toSfen());
            }
            Position position;
            try {
                position = Position.fromSfen(sfen);
            } catch (NotationException e) {
                throw new IllegalArgumentException("start SFEN '" + sfen + "': " + e.getMessage());
            }
            Optional<String> problem = GameStart.problem(position);
            if (problem.isPresent()) {
                throw new IllegalArgumentException("start SFEN '" + sfen + "': " + problem.get());
            }
            return position;
        }
        Optional<Handicap> handicap = Arrays.stream(Handicap.values())
                .filter(h -> name(h).equals(s.toLowerCase(Locale.ROOT).replace('_', '-')))
                .findFirst()
                .or(() -> Handicap.fromKifName(s));
        return handicap.map(Handicap::start).orElseThrow(() -> new IllegalArgumentException("start '" + spec
                + "' is not startpos, a handicap (" + handicapNames() + ") or sfen <SFEN>"));
    }
}
