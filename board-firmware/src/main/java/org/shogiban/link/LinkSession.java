package org.shogiban.link;

/**
 * What the link knows about the host connected now: whether it gave the arbiter's PIN. A new session begins at each
 * (re)connection and after {@code QUIT}. Used by the reader thread only.
 */
public final class LinkSession {
    private boolean arbiter;

    /** Whether the host may give the arbiter's commands. */
    public boolean isArbiter() {
        return arbiter;
    }

    void grantArbiter() {
        arbiter = true;
    }

    void end() {
        arbiter = false;
    }
}
