package org.shogiban.hall;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.util.Optional;

/**
 * Whether a hall's broker answers at all (a TCP connection to its address), for a command to say at its start that
 * it is not there, in one sentence, rather than start silently; the boards themselves keep trying and show it as a
 * fault until it comes ({@link HallConnection}).
 */
public final class BrokerProbe {
    private BrokerProbe() {
    }

    /** Empty when {@code broker} ({@code tcp://host:port}, {@code ssl://host:port}) accepts a connection; else why not. */
    public static Optional<String> unreachable(String broker, int timeoutMillis) {
        URI uri = URI.create(broker);
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), timeoutMillis);
            return Optional.empty();
        } catch (IOException | IllegalArgumentException e) {
            return Optional.of(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
    }
}
