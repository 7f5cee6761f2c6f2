package org.shogiban.hall;

import java.nio.file.Path;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardApplicationLink;
import org.shogiban.app.BoardPart;
import org.shogiban.app.EventNumbering;
import org.shogiban.app.SerialLinks;
import org.shogiban.app.SessionJournal;
import org.shogiban.link.EventLog;
import org.shogiban.link.FileEventLog;
import org.shogiban.link.MemoryEventLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a {@link BoardApplication} in a hall ({@code serve}, {@code play}, {@code web} with {@code --hall}): the
 * board's events keep the one board-life numbering of the USB link ({@link EventNumbering}, {@code link-events.log}
 * in the state directory). Attach the USB link first when there is one: the hall then publishes the link's numbers
 * from the link's log; without a link the hall numbers and keeps the events itself, exactly as the link would.
 */
public final class HallLinks {
    private static final Logger log = LoggerFactory.getLogger(HallLinks.class);

    private HallLinks() {
    }

    /** The hall as a part of an assembled board: attached after the USB link, in the state directory. */
    public static BoardPart part(HallSettings settings) {
        return board -> attach(board.application(), board.records(),
                SerialLinks.eventDirectory(board.state(), board.records()), settings);
    }

    /**
     * Connects the application to the hall; call after the journal (and the USB link, if any) and before the first
     * pass.
     *
     * @param records the records directory, or null
     * @param eventDirectory where {@code link-events.log} and {@code hall-sent} are kept, or null (memory only)
     * @return what leaves the hall (the board says {@code offline}) and takes the hall's own numbering out again
     */
    public static AutoCloseable attach(BoardApplication app, Path records, Path eventDirectory,
                                       HallSettings settings) {
        EventNumbering numbering = app.numbering();
        boolean owner = numbering == null;
        EventLog events;
        if (owner) {
            events = eventDirectory == null ? new MemoryEventLog(SerialLinks.EVENTS_KEPT)
                    : FileEventLog.open(eventDirectory, SerialLinks.EVENTS_KEPT);
            numbering = new EventNumbering(events);
            if (app.journal() instanceof SessionJournal journal) {
                int restored = numbering.restore(journal.journal().entries());
                if (restored > 0) {
                    log.warn("hall: {} events journalled before the stop were not in the event log; kept now",
                            restored);
                }
            }
            app.setNumbering(numbering);
        } else {
            events = numbering.log();
        }
        HallConnection connection = new HallConnection(new BoardApplicationLink(app, records), events,
                owner, settings, eventDirectory, app.faults());
        connection.start();
        return () -> {
            connection.close();
            if (owner) {
                app.setNumbering(null);
                events.close();
            }
        };
    }
}
