package org.shogiban.inference;

/**
 * The move seen on a still board but not counted yet: waiting for a promotion choice or for the clock. Mutable, owned
 * by the inference.
 */
final class Provisional {
    final Candidate candidate;
    final long announcedMillis;
    /** Whether its piece was lifted since (put back within the window, it promotes). */
    boolean lifted;
    /** The choice made for it, when one was made before the clock counts it. */
    PromotionChoice choice;

    Provisional(Candidate candidate, long announcedMillis) {
        this.candidate = candidate;
        this.announcedMillis = announcedMillis;
    }
}
