package org.shogiban.notation;

/** What becomes of an ending written in a format that has no word for it. */
final class RoundTrips {
    private RoundTrips() {
    }

    /** The ending as it reads back from a format (the foul's reason is never written). */
    static RecordEnd expressible(RecordEnd end, RecordFormat format) {
        RecordEnd plain = end.withoutReason();
        boolean csa = format == RecordFormat.CSA;
        return switch (plain.kind()) {
            // KIF, KI2 and JKF have no word for perpetual check: it is written as the checker's foul
            case PERPETUAL_CHECK -> csa ? plain : RecordEnd.of(EndKind.ILLEGAL_MOVE, plain.side());
            // nor for the move limit: it is written as a draw
            case MAX_MOVES -> csa ? plain : RecordEnd.of(EndKind.DRAW);
            default -> plain;
        };
    }
}
