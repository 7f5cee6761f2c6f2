package org.shogiban.rules;

/** The rules' answer for one candidate move: legal, or illegal with one reason. */
public record Verdict(IllegalReason reason) {
    /** The verdict for a legal move. */
    public static final Verdict LEGAL = new Verdict(null);

    /** An illegal verdict with its reason. */
    public static Verdict illegal(IllegalReason reason) {
        if (reason == null) {
            throw new IllegalArgumentException("an illegal verdict needs a reason");
        }
        return new Verdict(reason);
    }

    public boolean isLegal() {
        return reason == null;
    }

    @Override
    public String toString() {
        return isLegal() ? "LEGAL" : reason.name();
    }
}
