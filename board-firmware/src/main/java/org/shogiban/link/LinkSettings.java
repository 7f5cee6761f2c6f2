package org.shogiban.link;

import java.util.Objects;
import java.util.Optional;

/**
 * How the link runs.
 *
 * @param version the firmware's version, for {@code HELLO}
 * @param boardId this board's name, for {@code HELLO}
 * @param arbiterPin the arbiter's PIN; empty: the arbiter's commands are off
 * @param maxQueuedEvents events waiting for a slow host before the oldest are dropped (they stay in the log)
 * @param maxQueuedReplyBytes reply bytes waiting before the link stops reading commands
 * @param reopenMillis how often a device that is gone is tried again
 * @param probeMillis how often an idle connection's device path is looked at again
 */
public record LinkSettings(String version, String boardId, Optional<String> arbiterPin, int maxQueuedEvents,
                           long maxQueuedReplyBytes, long reopenMillis, long probeMillis) {
    public LinkSettings {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(boardId, "boardId");
        Objects.requireNonNull(arbiterPin, "arbiterPin");
    }

    /** The settings the service uses: 256 queued events, 1 MiB of replies, reopen every 500 ms, probe every second. */
    public static LinkSettings of(String boardId, Optional<String> arbiterPin) {
        return new LinkSettings(firmwareVersion(), boardId, arbiterPin, 256, 1 << 20, 500, 1000);
    }

    /** The same settings with another arbiter's PIN (the board's own, given once to its assembly). */
    public LinkSettings withArbiterPin(Optional<String> pin) {
        return new LinkSettings(version, boardId, pin, maxQueuedEvents, maxQueuedReplyBytes, reopenMillis,
                probeMillis);
    }

    /** The firmware's version from the jar's manifest, {@code dev} when run from classes. */
    public static String firmwareVersion() {
        String v = LinkSettings.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
