package org.shogiban.app;

import org.shogiban.link.LinkService;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.port.BoardPort;
import org.shogiban.port.Part;
import org.shogiban.port.PartFactory;
import org.shogiban.port.PartHealth;
import org.shogiban.port.PortLinkedBoard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The USB serial link as a part of a board ({@code serve}, the console board's and the web simulator's
 * {@code --serial}): a {@link LinkService} on the device, reading the board through its port ({@link PortLinkedBoard})
 * and pushing the board's numbered events as the assembly's event stream hands them over (kept in
 * {@code link-events.log} in the state directory, or in memory when there is none).
 */
public final class SerialLinks {
    private static final Logger log = LoggerFactory.getLogger(SerialLinks.class);
    /** The part's name ({@link org.shogiban.port.BoardPort#hasPart}). */
    public static final String NAME = "link";
    /** How many events the log keeps for {@code SINCE}: a few long games. */
    public static final int EVENTS_KEPT = BoardEvents.EVENTS_KEPT;

    private SerialLinks() {
    }

    /**
     * The link on this device with these settings (their PIN is replaced by the board's): what
     * {@link BoardAssembly#link} puts on the board.
     */
    public static PartFactory part(SerialTransport transport, LinkSettings settings) {
        return PartFactory.of(NAME, port -> new LinkPart(port, transport,
                settings.withArbiterPin(port.arbiterPin())));
    }

    /** The link on a board: its port adapter and its service, started and closed together. */
    private static final class LinkPart implements Part {
        private final PortLinkedBoard board;
        private final LinkService link;

        LinkPart(BoardPort port, SerialTransport transport, LinkSettings settings) {
            this.board = new PortLinkedBoard(port);
            this.link = new LinkService(board, port.events(), transport, settings);
            // a device not there (yet: a USB adapter plugged in later) is the link's fault until it opens
            PartHealth.Device device = new PartHealth.Device("USB link", transport.describe());
            link.watchDevice((missing, why) -> port.health(missing ? PartHealth.failing(device, why)
                    : PartHealth.ok(device, why)));
        }

        @Override
        public void start() {
            link.start();
        }

        @Override
        public void close() {
            link.close();
            board.close();
            log.debug("link detached");
        }
    }
}
