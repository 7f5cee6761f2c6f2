package org.shogiban.service;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A fake systemd notify socket: a Unix datagram socket the test binds and reads, as systemd does with
 * {@code NOTIFY_SOCKET}. Java's own Unix domain sockets are stream sockets only (SocketChannel), so the socket is
 * made through libc with JNA. Linux only.
 */
final class NotifySocket implements AutoCloseable {
    private static final int AF_UNIX = 1;
    private static final int SOCK_DGRAM = 2;
    private static final int SOL_SOCKET = 1;
    /** SO_RCVTIMEO on Linux x86-64 and arm64 (struct timeval of two longs). */
    private static final int SO_RCVTIMEO = 20;

    /** The libc calls used. */
    interface LibC extends Library {
        int socket(int domain, int type, int protocol);

        int bind(int fd, byte[] address, int length);

        int setsockopt(int fd, int level, int name, long[] value, int length);

        NativeLong recv(int fd, byte[] buffer, NativeLong length, int flags);

        int close(int fd);
    }

    private static final LibC LIBC = Native.load("c", LibC.class);

    private final int fd;
    private final Path path;

    /** Binds a datagram socket at {@code path}; reads wait at most {@code timeoutMillis}. */
    NotifySocket(Path path, long timeoutMillis) {
        this.path = path;
        fd = LIBC.socket(AF_UNIX, SOCK_DGRAM, 0);
        if (fd < 0) {
            throw new IllegalStateException("socket(AF_UNIX, SOCK_DGRAM) failed");
        }
        byte[] name = path.toString().getBytes(StandardCharsets.UTF_8);
        byte[] address = new byte[2 + 108];
        address[0] = AF_UNIX; // sa_family, little-endian
        System.arraycopy(name, 0, address, 2, name.length);
        if (LIBC.bind(fd, address, 2 + name.length + 1) != 0) {
            throw new IllegalStateException("bind " + path + " failed");
        }
        long[] timeout = {timeoutMillis / 1000, (timeoutMillis % 1000) * 1000};
        if (LIBC.setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, timeout, 16) != 0) {
            throw new IllegalStateException("setsockopt SO_RCVTIMEO failed");
        }
    }

    Path path() {
        return path;
    }

    /** The next notification, or empty when none came within the timeout. */
    Optional<String> receive() {
        byte[] buffer = new byte[4096];
        long n = LIBC.recv(fd, buffer, new NativeLong(buffer.length), 0).longValue();
        return n < 0 ? Optional.empty() : Optional.of(new String(buffer, 0, (int) n, StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        LIBC.close(fd);
    }
}
