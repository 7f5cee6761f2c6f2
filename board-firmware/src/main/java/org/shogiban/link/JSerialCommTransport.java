package org.shogiban.link;

import com.fazecast.jSerialComm.SerialPort;
import com.fazecast.jSerialComm.SerialPortInvalidPortException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The serial device through jSerialComm: the USB gadget {@code /dev/ttyGS0}, a USB-serial adapter, or a
 * pseudo-terminal. Each {@link #open()} looks the path up afresh (a pseudo-terminal's link, or a gadget that came back,
 * may name a new device). Reads wait at most {@link #READ_WAIT_MILLIS}; writes block while the host does not read
 * (jSerialComm's write timeouts do not work on Linux), which is why the link writes from a thread of its own.
 */
public final class JSerialCommTransport implements SerialTransport {
    /** How long one read waits for the host's bytes. */
    public static final int READ_WAIT_MILLIS = 100;

    private final Path device;
    private final int baud;

    public JSerialCommTransport(Path device, int baud) {
        this.device = Objects.requireNonNull(device, "device");
        if (baud <= 0) {
            throw new IllegalArgumentException("baud rate must be positive, not " + baud);
        }
        this.baud = baud;
    }

    @Override
    public String describe() {
        return device + " at " + baud + " baud";
    }

    @Override
    public Connection open() throws IOException {
        Object identity = identity(device);
        if (identity == null) {
            throw new IOException(device + " is not there");
        }
        SerialPort port;
        try {
            port = SerialPort.getCommPort(device.toString());
        } catch (SerialPortInvalidPortException e) {
            throw new IOException(device + ": " + e.getMessage(), e);
        }
        port.setComPortParameters(baud, 8, SerialPort.ONE_STOP_BIT, SerialPort.NO_PARITY);
        port.setFlowControl(SerialPort.FLOW_CONTROL_DISABLED);
        port.setComPortTimeouts(SerialPort.TIMEOUT_READ_SEMI_BLOCKING | SerialPort.TIMEOUT_WRITE_BLOCKING,
                READ_WAIT_MILLIS, 0);
        if (!port.openPort()) {
            throw new IOException(device + " cannot be opened (error " + port.getLastErrorCode() + ")");
        }
        return new PortConnection(port, identity);
    }

    /**
     * What tells one device at the path from the next one: the device file's key (its inode); for a name that is no
     * file (Windows' {@code COM3}) or a file system without keys, the name while jSerialComm lists such a port; null
     * when absent.
     */
    private static Object identity(Path device) {
        try {
            Object key = Files.readAttributes(device, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            return key != null ? key : device.toString();
        } catch (IOException | UnsupportedOperationException | java.nio.file.InvalidPathException e) {
            return listedPort(device.toString()) ? device.toString() : null;
        }
    }

    private static boolean listedPort(String name) {
        for (SerialPort p : SerialPort.getCommPorts()) {
            if (name.equalsIgnoreCase(p.getSystemPortName()) || name.equalsIgnoreCase(p.getSystemPortPath())) {
                return true;
            }
        }
        return false;
    }

    private final class PortConnection implements Connection {
        private final SerialPort port;
        private final Object identity;

        PortConnection(SerialPort port, Object identity) {
            this.port = port;
            this.identity = identity;
        }

        @Override
        public int read(byte[] buffer) throws IOException {
            int n = port.readBytes(buffer, buffer.length);
            return n < 0 ? -1 : n;
        }

        @Override
        public void write(byte[] bytes) throws IOException {
            int done = 0;
            while (done < bytes.length) {
                int n = port.writeBytes(bytes, bytes.length - done, done);
                if (n <= 0) {
                    throw new IOException(device + ": write failed (error " + port.getLastErrorCode() + ")");
                }
                done += n;
            }
        }

        @Override
        public boolean stillThere() {
            return Objects.equals(identity, identity(device));
        }

        @Override
        public void close() {
            port.closePort();
        }
    }
}
