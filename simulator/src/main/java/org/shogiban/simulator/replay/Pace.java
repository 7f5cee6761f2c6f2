package org.shogiban.simulator.replay;

import java.util.Locale;

/**
 * How quickly the generated players reply (the replay's speed knob): the share of replies that start while the board
 * still settles after the opponent's move, and how long after the opponent's last touch such a fast reply starts.
 * A slow reply waits until the move has surely counted, as before. In tournament play a fast mover also presses the
 * clock in the same motion as the placement, within the sensors' debounce time.
 *
 * @param fastShare the share of replies that are fast, 0 (none) to 1 (every reply: blitz)
 * @param minReplyMillis the least time between the opponent's last touch and a fast reply's first
 * @param maxReplyMillis the most such time
 */
public record Pace(double fastShare, long minReplyMillis, long maxReplyMillis) {
    public Pace {
        if (!(fastShare >= 0 && fastShare <= 1)) {
            throw new IllegalArgumentException("the share of fast replies is 0..1, not " + fastShare);
        }
        if (minReplyMillis < 100 || maxReplyMillis < minReplyMillis) {
            throw new IllegalArgumentException("a fast reply starts 100 ms or more after the opponent's last touch"
                    + " (min <= max), not " + minReplyMillis + ".." + maxReplyMillis + " ms");
        }
    }

    /** No fast replies: every player waits until the opponent's move has counted. */
    public static Pace casual() {
        return new Pace(0, 330, 330);
    }

    /** About one reply in ten a third of a second after the opponent's last touch. */
    public static Pace quick() {
        return new Pace(0.1, 250, 400);
    }

    /** Every reply a third of a second after the opponent's last touch. */
    public static Pace blitz() {
        return new Pace(1, 250, 400);
    }

    /** The same share with another reply time. */
    public Pace withReplyMillis(long min, long max) {
        return new Pace(fastShare, min, max);
    }

    /** The same reply time with another share. */
    public Pace withFastShare(double share) {
        return new Pace(share, minReplyMillis, maxReplyMillis);
    }

    /** Whether some replies are fast. */
    public boolean hasFastReplies() {
        return fastShare > 0;
    }

    /** {@code casual}, {@code quick} or {@code blitz}. */
    public static Pace parse(String speed) {
        return switch (speed.trim().toLowerCase(Locale.ROOT)) {
            case "casual" -> casual();
            case "quick" -> quick();
            case "blitz" -> blitz();
            default -> throw new IllegalArgumentException("speed '" + speed + "' is not casual, quick or blitz");
        };
    }

    /** A reply time {@code MS} or range {@code MIN-MAX} in milliseconds. */
    public Pace withReplyMillis(String text) {
        String[] parts = text.trim().split("-", 2);
        try {
            long min = Long.parseLong(parts[0].trim());
            long max = parts.length == 2 ? Long.parseLong(parts[1].trim()) : min;
            return withReplyMillis(min, max);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("reply time '" + text + "' is not MS or MIN-MAX in milliseconds", e);
        }
    }
}
