package org.shogiban.inference;

/**
 * The move seen on a still board but not counted yet: waiting for a promotion choice or for the clock. Immutable;
 * the {@link InferenceState} replaces it as its piece is lifted or a choice is made.
 *
 * @param candidate the move seen
 * @param announcedMillis when the board asked for the choice
 * @param lifted whether its piece was lifted since (put back within the window, it promotes)
 * @param choice the choice made for it, when one was made before the clock counts it (null: none)
 */
record Provisional(Candidate candidate, long announcedMillis, boolean lifted, PromotionChoice choice) {

    /** A move just seen, nothing lifted or chosen. */
    Provisional(Candidate candidate, long announcedMillis) {
        this(candidate, announcedMillis, false, null);
    }

    Provisional lifted(boolean now) {
        return new Provisional(candidate, announcedMillis, now, choice);
    }

    Provisional chosen(PromotionChoice made) {
        return new Provisional(candidate, announcedMillis, lifted, made);
    }
}
