package org.shogiban.link;

import java.util.List;
import java.util.Locale;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Side;

/**
 * An arbiter's command, in the words of the console's {@code arbiter ...}: {@code pause}, {@code resume},
 * {@code adjust <sente|gote> <±seconds>}, {@code result <status> <winner: sente|gote|none>}, {@code undo},
 * {@code overrule}, {@code abort}.
 */
public sealed interface ArbiterCommand {

    /** The command's words as the console and the {@code ARBITER} event write them, e.g. {@code adjust sente +30}. */
    String words();

    /** Stops both clocks. */
    record Pause() implements ArbiterCommand {
        @Override
        public String words() {
            return "pause";
        }
    }

    /** Starts the clock of the side to move again. */
    record Resume() implements ArbiterCommand {
        @Override
        public String words() {
            return "resume";
        }
    }

    /** Adds time to one side's clock (negative: takes it away). */
    record Adjust(Side side, int seconds) implements ArbiterCommand {
        @Override
        public String words() {
            return "adjust " + LinkEvent.side(side) + " " + (seconds >= 0 ? "+" : "") + seconds;
        }
    }

    /** Ends the game with a result the arbiter rules; {@code winner} null for none. */
    record SetResult(GameStatus status, Side winner) implements ArbiterCommand {
        @Override
        public String words() {
            return "result " + status.name() + " " + LinkEvent.side(winner);
        }
    }

    /** Takes the last move back. */
    record Undo() implements ArbiterCommand {
        @Override
        public String words() {
            return "undo";
        }
    }

    /** Overrules the foul the board called: the game goes back to the position before it. */
    record Overrule() implements ArbiterCommand {
        @Override
        public String words() {
            return "overrule";
        }
    }

    /** Stops the game without a result. */
    record Abort() implements ArbiterCommand {
        @Override
        public String words() {
            return "abort";
        }
    }

    /** The usage line, for errors. */
    String USAGE = "arbiter pause|resume|adjust <sente|gote> <±seconds>|result <status> <sente|gote|none>|undo|overrule"
            + "|abort";

    /**
     * Reads the words after {@code arbiter}; throws {@link IllegalArgumentException} naming the word that is wrong.
     */
    static ArbiterCommand parse(List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("missing action; usage: " + USAGE);
        }
        String action = words.get(0).toLowerCase(Locale.ROOT);
        int expected = switch (action) {
            case "pause", "resume", "undo", "overrule", "abort" -> 1;
            case "adjust", "result" -> 3;
            default -> throw new IllegalArgumentException("unknown arbiter action '" + words.get(0) + "'; usage: "
                    + USAGE);
        };
        if (words.size() != expected) {
            throw new IllegalArgumentException("'" + action + "' takes " + (expected - 1) + " argument"
                    + (expected == 2 ? "" : "s") + ", got " + (words.size() - 1) + "; usage: " + USAGE);
        }
        return switch (action) {
            case "pause" -> new Pause();
            case "resume" -> new Resume();
            case "undo" -> new Undo();
            case "overrule" -> new Overrule();
            case "abort" -> new Abort();
            case "adjust" -> new Adjust(side(words.get(1), false), seconds(words.get(2)));
            default -> new SetResult(status(words.get(1)), side(words.get(2), true));
        };
    }

    private static Side side(String word, boolean noneAllowed) {
        return switch (word.toLowerCase(Locale.ROOT)) {
            case "sente" -> Side.SENTE;
            case "gote" -> Side.GOTE;
            case "none" -> {
                if (!noneAllowed) {
                    throw new IllegalArgumentException("'none' is not a side to adjust; expected sente or gote");
                }
                yield null;
            }
            default -> throw new IllegalArgumentException("'" + word + "' is not a side; expected sente or gote"
                    + (noneAllowed ? " or none" : ""));
        };
    }

    private static int seconds(String word) {
        if (!word.matches("[+-]?\\d{1,5}")) {
            throw new IllegalArgumentException("'" + word + "' is not a number of seconds (e.g. +30 or -10)");
        }
        return Integer.parseInt(word.startsWith("+") ? word.substring(1) : word);
    }

    private static GameStatus status(String word) {
        GameStatus status;
        try {
            status = GameStatus.valueOf(word.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + word + "' is not a game status; expected one of "
                    + List.of(GameStatus.values()).subList(1, GameStatus.values().length));
        }
        if (status == GameStatus.ONGOING) {
            throw new IllegalArgumentException("ONGOING is not a result");
        }
        return status;
    }
}
