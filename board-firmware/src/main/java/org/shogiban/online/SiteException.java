package org.shogiban.online;

/**
 * What the site answered instead of what was asked, in words a player reads (never the token): the token refused
 * (401), too many requests (429), a request refused with the site's own reason (400), the game gone (404), or the
 * site not reached at all.
 */
public final class SiteException extends Exception {
    private static final long serialVersionUID = 1L;
    /** Why. */
    public enum Kind {
        /** 401: the token was refused. */
        TOKEN_REFUSED,
        /** 429: too many requests; wait, then go on. */
        RATE_LIMITED,
        /** 400: the site refused the request; the message is its reason. */
        REFUSED,
        /** 404: the game (or the player) is gone. */
        GONE,
        /** The site could not be reached, or its answer was lost. */
        UNREACHABLE
    }

    private final Kind kind;

    public SiteException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
