package org.shogiban.bridge;

import java.util.Optional;
import java.util.function.Consumer;

/**
 * The clocks a USI {@code go} gives ({@code btime}, {@code wtime}, {@code byoyomi}, in milliseconds), as the link's
 * {@code CLOCKS} shows them on the board's clock display.
 */
record GoClocks(long btime, long wtime, long byoyomi) {

    /** The clocks of a {@code go}'s words, when it gives both sides' times; a word that is no number is said. */
    static Optional<GoClocks> of(String arguments, Consumer<String> notANumber) {
        String[] w = arguments.split("\\s+");
        long btime = -1;
        long wtime = -1;
        long byoyomi = 0;
        for (int i = 0; i + 1 < w.length; i++) {
            try {
                switch (w[i]) {
                    case "btime" -> btime = Long.parseLong(w[i + 1]);
                    case "wtime" -> wtime = Long.parseLong(w[i + 1]);
                    case "byoyomi" -> byoyomi = Long.parseLong(w[i + 1]);
                    default -> { }
                }
            } catch (NumberFormatException e) {
                notANumber.accept(w[i + 1]);
            }
        }
        return btime >= 0 && wtime >= 0 ? Optional.of(new GoClocks(btime, wtime, byoyomi)) : Optional.empty();
    }

    /** The link's command. */
    String command() {
        return "CLOCKS " + btime + " " + wtime + " " + byoyomi;
    }
}
