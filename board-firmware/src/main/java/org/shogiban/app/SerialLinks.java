package org.shogiban.app;

import java.nio.file.Path;
import org.shogiban.link.EventLog;
import org.shogiban.link.FileEventLog;
import org.shogiban.link.LinkService;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.link.SerialTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Attaches the USB serial link to a running {@link BoardApplication} (the {@code serve} command and the console
 * board's {@code --serial}). The events are numbered in {@code link-events.log} beside the records directory (the
 * state directory: {@code /var/lib/shogiban} when the records are in {@code /var/lib/shogiban/records}), or in memory
 * when no records are kept. Rewritten with {@link BoardApplicationLink} when the game session's runtime and journal
 * land.
 */
public final class SerialLinks {
    private static final Logger log = LoggerFactory.getLogger(SerialLinks.class);
    /** How many events the log keeps for {@code SINCE}: a few long games. */
    public static final int EVENTS_KEPT = 10_000;

    private SerialLinks() {
    }

    /**
     * Subscribes the link to the application and starts it; call before {@link BoardApplication#start()} so that no
     * event is missed.
     *
     * @param records the records directory, or null when none is kept
     * @param nextGame what sets up the next game when a host asks with {@code NEW} after a game, or null
     * @return what stops the link and closes its event log
     */
    public static AutoCloseable attach(BoardApplication app, Path records, Runnable nextGame,
                                       SerialTransport transport, LinkSettings settings) {
        EventLog events = records == null ? new MemoryEventLog(EVENTS_KEPT)
                : FileEventLog.open(stateDirectory(records), EVENTS_KEPT);
        LinkService link = new LinkService(new BoardApplicationLink(app, records, nextGame), events, transport,
                settings);
        link.start();
        return () -> {
            link.close();
            events.close();
            log.debug("link detached");
        };
    }

    /** The directory the records directory is in. */
    static Path stateDirectory(Path records) {
        Path parent = records.toAbsolutePath().normalize().getParent();
        return parent == null ? records.toAbsolutePath() : parent;
    }
}
