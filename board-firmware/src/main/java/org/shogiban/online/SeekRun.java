package org.shogiban.online;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.shogiban.clock.TimeControl;
import org.shogiban.session.OnlineSeat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A seek in lishogi's lobby, or a challenge to a player, as the board asked it ({@code new online=lishogi ...}), on
 * a thread of its own: the seek's stream stays open (blank lines) until the site finds an opponent (the game then
 * comes on the event stream) or it is closed (cancelled). A refusal ends it, in the site's words; a 429 waits, says
 * so, and goes on.
 */
final class SeekRun implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(SeekRun.class);

    /** How the seek ended: {@code matched}, or not with the words why. */
    interface Over {
        void over(String why, boolean matched);
    }

    private final LishogiClient client;
    private final OnlineSeat asked;
    private final Over over;
    private final Duration rateLimitPause;
    private final LishogiClient.StreamHandle handle = new LishogiClient.StreamHandle();
    private final Thread thread;
    private volatile String challengeId;
    private volatile boolean closed;

    private SeekRun(LishogiClient client, OnlineSeat asked, Over over, Duration rateLimitPause) {
        this.client = client;
        this.asked = asked;
        this.over = over;
        this.rateLimitPause = rateLimitPause;
        this.thread = Thread.ofPlatform().daemon().name("shogiban-lishogi-seek").unstarted(this::run);
    }

    /** Starts the seek (or challenge) the board asks for. */
    static SeekRun start(LishogiClient client, OnlineSeat online, Over over, Duration rateLimitPause) {
        SeekRun r = new SeekRun(client, online, over, rateLimitPause);
        r.thread.start();
        return r;
    }

    /** The challenge's id on the site (null for a seek, or before the site answered). */
    String challengeId() {
        return challengeId;
    }

    private void run() {
        TimeControl tc = TimeControl.parse(asked.timeControl());
        boolean rated = asked.rated();
        String color = asked.color() == null ? "random" : asked.color();
        String user = asked.user();
        String refusal = SiteTimeControl.refusal(tc);
        if (refusal != null) {
            over.over(refusal, false);
            return;
        }
        while (!closed) {
            try {
                if (user == null) {
                    Map<String, String> form = new LinkedHashMap<>(SiteTimeControl.seekForm(tc));
                    form.put("rated", Boolean.toString(rated));
                    form.put("color", color);
                    log.info("lishogi: seeking an opponent ({}, {}, {})", tc.spec(), rated ? "rated" : "casual",
                            color);
                    client.seek(form, handle);
                    if (!closed) {
                        over.over("matched", true);
                    }
                } else {
                    Map<String, String> form = new LinkedHashMap<>(SiteTimeControl.challengeForm(tc));
                    form.put("rated", Boolean.toString(rated));
                    form.put("color", color);
                    JsonNode c = client.challenge(user, form);
                    JsonNode inner = c.has("challenge") ? c.get("challenge") : c;
                    challengeId = inner.path("id").asText(null);
                    log.info("lishogi: challenged {} ({}, {}); waiting for the answer", user, tc.spec(),
                            rated ? "rated" : "casual");
                }
                return;
            } catch (SiteException e) {
                if (closed) {
                    return;
                }
                if (e.kind() == SiteException.Kind.RATE_LIMITED) {
                    log.warn("lishogi: {}; waiting {} s, then seeking again", e.getMessage(),
                            rateLimitPause.toSeconds());
                    try {
                        Thread.sleep(rateLimitPause.toMillis());
                    } catch (InterruptedException ie) {
                        return;
                    }
                    continue;
                }
                over.over(e.getMessage(), false);
                return;
            }
        }
    }

    /** Cancels the seek (its stream closed) or the challenge. */
    @Override
    public void close() {
        closed = true;
        handle.close();
        String id = challengeId;
        if (id != null) {
            try {
                client.cancelChallenge(id);
            } catch (SiteException e) {
                log.info("lishogi: the challenge {} was not cancelled: {}", id, e.getMessage());
            }
        }
        thread.interrupt();
    }
}
