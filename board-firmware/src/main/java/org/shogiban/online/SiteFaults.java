package org.shogiban.online;

import org.shogiban.port.PartHealth;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the site can be reached, as the board shows it: named in the snapshot's {@code faults}
 * ({@code lishogi at <host>}, the fault LED, the link's {@code FAULT}) from the first failure until the site answers
 * again (the part's health, told to its port), and said once in the log, in words. Thread-safe (the streams' threads and the player's).
 */
final class SiteFaults {
    private static final Logger log = LoggerFactory.getLogger(SiteFaults.class);
    private final LishogiPlayer.Board board;
    private final String host;
    /** The site as the board names it in its faults. */
    private final PartHealth.Device device;
    private boolean failing;

    SiteFaults(LishogiPlayer.Board board, String host) {
        this.board = board;
        this.host = host;
        this.device = new PartHealth.Device("lishogi", host);
    }

    /** The site answered. */
    synchronized void reached() {
        if (failing) {
            failing = false;
            log.info("lishogi at {} answers again", host);
            board.health(PartHealth.ok(device, "answers again"));
        }
    }

    /**
     * The site did not answer, or refused the token (a fault until it answers); 429, 400 and 404 are said in words
     * (a refusal the board shows), not the site's fault.
     */
    synchronized void failed(SiteException e) {
        switch (e.kind()) {
            case UNREACHABLE, TOKEN_REFUSED -> {
                if (!failing) {
                    failing = true;
                    log.warn("lishogi at {}: {}", host, e.getMessage());
                    board.health(PartHealth.failing(device, e.getMessage()));
                } else {
                    log.debug("lishogi at {} still failing: {}", host, e.getMessage());
                }
            }
            case RATE_LIMITED -> {
                log.warn("lishogi at {}: {}; waiting a minute, then going on", host, e.getMessage());
                board.submit(new SessionInput.SiteRefused(board.now(), "lishogi", e.getMessage()
                        + ": waiting a minute, then going on", false));
            }
            case GONE, REFUSED -> {
                log.warn("lishogi at {}: {}", host, e.getMessage());
                board.submit(new SessionInput.SiteRefused(board.now(), "lishogi", e.getMessage(), false));
            }
        }
    }
}
