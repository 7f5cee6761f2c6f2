package org.shogiban.inference;

/** A player's answer to an optional promotion: 成 (nari, promote) or 不成 (narazu, decline). */
public enum PromotionChoice {
    PROMOTE, DECLINE;

    /** Whether the move promotes. */
    public boolean promotes() {
        return this == PROMOTE;
    }
}
