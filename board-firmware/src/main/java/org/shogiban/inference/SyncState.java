package org.shogiban.inference;

/**
 * Where the board stands against the game, in place of flags: whether it is in step with the agreed position (and
 * what was reported while it was not, so it is not reported twice), and what the still board has told since the
 * last change of the readings.
 */
final class SyncState {
    private SyncState() {
    }

    /** What the board has told since its readings last changed. */
    enum Stillness {
        /** Changed less than the settle time ago: not judged yet. */
        CHANGING,
        /** Judged still: a move counted, or nothing to explain, or a move or sequence waiting (choice, clock). */
        SETTLED,
        /** Judged still and nothing explains it: reported as a discrepancy once the discrepancy time passes. */
        UNEXPLAINED,
        /** Reported (or found nothing to report) for this picture. */
        REPORTED;

        /** A move or sequence now explains the board (counted, or a press no longer unexplained). */
        Stillness explained() {
            return this == CHANGING ? CHANGING : SETTLED;
        }

        /**
         * Nothing explains the board. A press no move explains while the board still changes reports at once and
         * leaves the still board to be judged when it settles.
         */
        Stillness unexplained() {
            return this == SETTLED ? UNEXPLAINED : this;
        }
    }

    /** The board against the agreed position. */
    sealed interface Agreement {
        /** In step: nothing outstanding. */
        Agreement IN_STEP = new InStep();

        /** Whether a discrepancy or an illegal move is outstanding. */
        default boolean outOfStep() {
            return this instanceof OutOfStep;
        }
    }

    /** The board agreed with the game when it last could tell. */
    record InStep() implements Agreement {
    }

    /**
     * A discrepancy or an illegal move was reported and the board has not matched since.
     *
     * @param discrepancy the discrepancy last reported, or null
     * @param illegal the illegal move last reported, or null
     */
    record OutOfStep(InferenceEvent.Discrepancy discrepancy, Candidate illegal) implements Agreement {

        static OutOfStep of(Agreement a) {
            return a instanceof OutOfStep o ? o : new OutOfStep(null, null);
        }

        boolean alreadyReported(InferenceEvent.Discrepancy d) {
            return discrepancy != null && discrepancy.squares().equals(d.squares())
                    && discrepancy.slots().equals(d.slots());
        }

        boolean alreadyReported(Candidate c) {
            return illegal != null && c.move().equals(illegal.move()) && c.verdict().equals(illegal.verdict());
        }
    }
}
