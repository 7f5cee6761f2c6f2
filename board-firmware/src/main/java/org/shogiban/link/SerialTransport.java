package org.shogiban.link;

import java.io.IOException;

/** Opens the serial device the host is on. The only place the link meets a device ({@link JSerialCommTransport}). */
public interface SerialTransport {

    /** What the device is, for logs: {@code /dev/ttyGS0 at 115200 baud}. */
    String describe();

    /** Opens the device; throws when it is not there (unplugged, not yet created). */
    Connection open() throws IOException;

    /** One opening of the device. Read by one thread, written by another. */
    interface Connection extends AutoCloseable {

        /**
         * Reads what the host sent into {@code buffer}, waiting a short while (a fraction of a second) for it.
         *
         * @return the bytes read, 0 when nothing came in the while, -1 when the device is gone
         */
        int read(byte[] buffer) throws IOException;

        /** Writes all the bytes; may wait as long as the host does not read. Throws when the device is gone. */
        void write(byte[] bytes) throws IOException;

        /**
         * Whether the device opened is still the one at its path. An unplugged USB gadget or a pseudo-terminal whose
         * other end closed may go on reporting itself open; this looks at the device path again.
         */
        boolean stillThere();

        @Override
        void close();
    }
}
