package org.shogiban.inference;

/** When a move counts as made. */
public enum CommitPolicy {
    /** Casual play: when the board has been still for the settle time. */
    STABLE,
    /** Tournament play (JSA rules): when the mover presses their clock. */
    CLOCK;

    /** Parses {@code stable} or {@code clock}. */
    public static CommitPolicy parse(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "stable" -> STABLE;
            case "clock" -> CLOCK;
            default -> throw new IllegalArgumentException("commit policy '" + text + "' is not stable or clock");
        };
    }
}
