package org.shogiban.session;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Side;

/**
 * Reads the arbiter's actions as the console and the USB link write them:
 * {@code pause}, {@code resume}, {@code adjust <sente|gote> <±seconds>}, {@code result <status> <sente|gote|none>
 * [reason...]}, {@code undo}, {@code overrule}, {@code abort}. A bad word is one clear error naming it.
 */
public final class ArbiterCommands {
    /** The usage line, for errors and help. */
    public static final String USAGE = "arbiter pause|resume|adjust <sente|gote> <±seconds>"
            + "|result <status> <sente|gote|none> [reason]|undo|overrule|abort";

    private ArbiterCommands() {
    }

    /**
     * The action the words ask for (without the leading {@code arbiter}), at a time.
     *
     * @throws IllegalArgumentException naming the bad word
     */
    public static SessionInput.Arbiter parse(List<String> words, long timeMillis) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("usage: " + USAGE);
        }
        String action = words.get(0).toLowerCase(Locale.ROOT);
        return switch (action) {
            case "pause" -> only(words, new SessionInput.Pause(timeMillis));
            case "resume" -> only(words, new SessionInput.Resume(timeMillis));
            case "undo" -> only(words, new SessionInput.Undo(timeMillis));
            case "overrule" -> only(words, new SessionInput.Overrule(timeMillis));
            case "abort" -> only(words, new SessionInput.Abort(timeMillis));
            case "adjust" -> {
                if (words.size() != 3) {
                    throw new IllegalArgumentException("usage: arbiter adjust <sente|gote> <±seconds>");
                }
                yield new SessionInput.Adjust(timeMillis, side(words.get(1)), seconds(words.get(2)));
            }
            case "result" -> {
                if (words.size() < 3) {
                    throw new IllegalArgumentException("usage: arbiter result <status> <sente|gote|none> [reason]");
                }
                String winner = words.get(2).toLowerCase(Locale.ROOT);
                yield new SessionInput.SetResult(timeMillis, status(words.get(1)),
                        winner.equals("none") ? null : side(winner),
                        String.join(" ", words.subList(3, words.size())));
            }
            default -> throw new IllegalArgumentException("unknown arbiter action '" + words.get(0) + "'; usage: "
                    + USAGE);
        };
    }

    private static SessionInput.Arbiter only(List<String> words, SessionInput.Arbiter action) {
        if (words.size() != 1) {
            throw new IllegalArgumentException("arbiter " + words.get(0) + " takes no argument, got '"
                    + words.get(1) + "'");
        }
        return action;
    }

    /** {@code sente} or {@code gote}. */
    public static Side side(String word) {
        return Side.read(word).orElseThrow(() -> new IllegalArgumentException("side '" + word
                + "' is not sente or gote"));
    }

    private static long seconds(String word) {
        try {
            BigDecimal seconds = new BigDecimal(word.startsWith("+") ? word.substring(1) : word);
            return seconds.movePointRight(3).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("seconds '" + word + "' is not a number like +30, -15 or 2.5");
        }
    }

    private static GameStatus status(String word) {
        try {
            GameStatus status = GameStatus.valueOf(word.toUpperCase(Locale.ROOT).replace('-', '_'));
            if (!status.isFinal()) {
                throw new IllegalArgumentException("result status must end the game, not " + word);
            }
            return status;
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("result status")) {
                throw e;
            }
            throw new IllegalArgumentException("result status '" + word + "' is none of RESIGNATION, TIME_UP,"
                    + " CHECKMATE, ILLEGAL_MOVE, IMPASSE_DECLARATION, REPETITION_DRAW, PERPETUAL_CHECK,"
                    + " NO_LEGAL_MOVES, ABORTED");
        }
    }
}
