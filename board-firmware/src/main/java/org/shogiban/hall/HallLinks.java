package org.shogiban.hall;

import java.util.List;
import org.shogiban.hal.FaultReporter;
import org.shogiban.link.EventLog;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.LoggedEvent;
import org.shogiban.port.BoardPort;
import org.shogiban.port.EventStream;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PortLinkedBoard;

/**
 * Puts a board in a hall ({@code serve}, {@code play}, {@code web} with {@code --hall}, and {@code hall-sim}'s
 * boards) as a part made from its port: the hall publishes the board's numbered events as the assembly's event stream
 * hands them over (already kept in {@code link-events.log}: the same numbers the USB link says, whether a link is
 * attached or not, and in whatever order), keeps its mark of what the broker has ({@code hall-sent}) beside them,
 * and reads the board through the same port adapter as the link ({@link PortLinkedBoard}).
 */
public final class HallLinks {
    /** The part's name ({@link BoardPort#hasPart}). */
    public static final String NAME = "hall";

    private HallLinks() {
    }

    /** The hall as a part of a board. */
    public static PartFactory part(HallSettings settings) {
        return PartFactory.of(NAME, port -> new HallPart(port, settings));
    }

    /** A fault reporter whose faults are the part's port's (shown as a device's). */
    public static FaultReporter faults(BoardPort port) {
        FaultReporter reporter = new FaultReporter(port::now);
        reporter.addListener(port::fault);
        return reporter;
    }

    /** The board's kept events as the connection reads them; it never numbers nor keeps (the stream does). */
    private record KeptLog(EventStream stream) implements EventLog {
        @Override
        public LoggedEvent append(LinkEvent event) {
            throw new IllegalStateException("the board's event stream numbers the events");
        }

        @Override
        public List<LoggedEvent> reserve(List<LinkEvent> events) {
            throw new IllegalStateException("the board's event stream numbers the events");
        }

        @Override
        public void keep(List<LoggedEvent> numbered) {
            throw new IllegalStateException("the board's event stream keeps the events");
        }

        @Override
        public long lastNumbered() {
            return stream.lastSeq();
        }

        @Override
        public List<LoggedEvent> since(long seq) {
            return stream.since(seq);
        }

        @Override
        public long lastSeq() {
            return stream.lastSeq();
        }

        @Override
        public long firstKeptSeq() {
            return stream.firstKeptSeq();
        }

        @Override
        public void close() {
            // the stream is the assembly's
        }
    }

    /** The hall's connection on a board: started and closed with it; the board says {@code offline} when it leaves. */
    private static final class HallPart implements Part {
        private final PortLinkedBoard board;
        private final HallConnection connection;

        HallPart(BoardPort port, HallSettings settings) {
            EventStream events = port.events();
            this.board = new PortLinkedBoard(port);
            // the board's event stream keeps the events before the hall is told: the connection never keeps them
            this.connection = new HallConnection(board, new KeptLog(events), false, settings,
                    events.directory().orElse(null), faults(port));
        }

        @Override
        public void start() {
            connection.start();
        }

        @Override
        public void close() {
            connection.close();
            board.close();
        }
    }
}
