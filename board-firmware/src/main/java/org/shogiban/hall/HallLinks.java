package org.shogiban.hall;

import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultReporter;
import org.shogiban.port.BoardPort;
import org.shogiban.port.EventStream;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
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

    /** The hall's connection on a board: started and closed with it; the board says {@code offline} when it leaves. */
    private static final class HallPart implements Part {
        private final PortLinkedBoard board;
        private final HallConnection connection;

        HallPart(BoardPort port, HallSettings settings) {
            EventStream events = port.events();
            this.board = new PortLinkedBoard(port);
            // the connection's faults (broker away, a publish refused) are its devices' health, told to the port
            FaultReporter faults = new FaultReporter(port::now);
            faults.addListener(f -> port.health(health(f)));
            this.connection = new HallConnection(board, events, settings, events.directory().orElse(null), faults);
        }

        /** A fault of the connection as the health of one of its devices (the words the board always showed). */
        private static PartHealth health(FaultEvent f) {
            PartHealth.Device device = new PartHealth.Device(f.chip(), f.address());
            return f.type() == FaultEvent.Type.FAILED ? PartHealth.failing(device, f.message())
                    : PartHealth.ok(device, f.message());
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
