package org.shogiban.app;

import java.nio.file.Path;
import org.shogiban.link.EventLog;
import org.shogiban.link.FileEventLog;
import org.shogiban.hal.FaultEvent;
import org.shogiban.link.LinkService;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.link.SerialTransport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Attaches the USB serial link to a {@link BoardApplication} (the {@code serve} command, the console board's and the
 * web simulator's {@code --serial}). The events are numbered by the runtime's {@link EventNumbering} stage (the
 * numbers are journalled with each change) and kept in {@code link-events.log} in the state directory (the one the
 * journal is in: {@code /var/lib/shogiban}), or in memory when there is none.
 */
public final class SerialLinks {
    private static final Logger log = LoggerFactory.getLogger(SerialLinks.class);
    /** How many events the log keeps for {@code SINCE}: a few long games. */
    public static final int EVENTS_KEPT = 10_000;

    private SerialLinks() {
    }

    /**
     * Numbers the application's events and starts the link; call after {@link BoardApplication#setJournal} and
     * before the application's first pass, so that no event is missed. The journalled events the event log lacks
     * (the board stopped between the journal's write and the log's) are kept in it first, with their numbers.
     *
     * @param records the records directory, or null when none is kept
     * @param eventDirectory where {@code link-events.log} is kept (the state directory), or null to number the events
     *     in memory only (they start again from 1 at the next start)
     * @return what stops the link, takes the numbering out of the application and closes the event log
     */
    public static AutoCloseable attach(BoardApplication app, Path records, Path eventDirectory,
                                       SerialTransport transport, LinkSettings settings) {
        EventLog events = eventLog(eventDirectory);
        EventNumbering numbering = new EventNumbering(events);
        if (app.journal() instanceof SessionJournal journal) {
            int restored = numbering.restore(journal.journal().entries());
            if (restored > 0) {
                log.warn("link: {} events journalled before the stop were not in the event log; kept now with their"
                        + " numbers", restored);
            }
        }
        app.setNumbering(numbering);
        LinkService link = new LinkService(new BoardApplicationLink(app, records), events, transport, settings);
        // a device not there (yet: a USB adapter plugged in later) is the link's fault until it opens
        link.watchDevice((missing, why) -> app.fault(new FaultEvent("USB link", transport.describe(),
                missing ? FaultEvent.Type.FAILED : FaultEvent.Type.RECOVERED, why, app.now())));
        link.start();
        return () -> {
            link.close();
            app.setNumbering(null);
            events.close();
            log.debug("link detached");
        };
    }

    /** The event log in the directory; in memory when there is none or it cannot be opened (the board still starts). */
    private static EventLog eventLog(Path eventDirectory) {
        if (eventDirectory == null) {
            return new MemoryEventLog(EVENTS_KEPT);
        }
        try {
            return FileEventLog.open(eventDirectory, EVENTS_KEPT);
        } catch (java.io.UncheckedIOException e) {
            log.error("link: the event log cannot be opened ({}); the events are numbered in memory from the "
                    + "journal's last on, and SINCE finds only those of this run", e.getMessage());
            return new MemoryEventLog(EVENTS_KEPT);
        }
    }

    /**
     * Where the events are kept for a board run with these directories: the state directory; without one, the
     * directory the records directory is in (where the link kept them before the state directory existed); neither:
     * null (in memory).
     */
    public static Path eventDirectory(Path state, Path records) {
        if (state != null) {
            return state;
        }
        if (records == null) {
            return null;
        }
        Path parent = records.toAbsolutePath().normalize().getParent();
        return parent == null ? records.toAbsolutePath() : parent;
    }
}
