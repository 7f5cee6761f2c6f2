package org.shogiban.hall;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A network cable between a board and the broker that a test can cut: a loopback TCP relay. {@link #cut()} closes
 * every connection through it (both ends see them end) and refuses new ones until {@link #mend()}.
 */
final class TcpRelay implements AutoCloseable {
    private final ServerSocket server;
    private final int target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile boolean cut;

    private TcpRelay(int target) throws IOException {
        this.target = target;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    static TcpRelay to(int port) throws IOException {
        return new TcpRelay(port);
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                if (cut) {
                    in.close();
                    continue;
                }
                Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(in);
                sockets.add(out);
                Thread.ofVirtual().start(() -> pump(in, out));
                Thread.ofVirtual().start(() -> pump(out, in));
            } catch (IOException e) {
                // closed
            }
        }
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // the other side ended
        } finally {
            close(from);
            close(to);
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // gone already
        }
    }

    void cut() {
        cut = true;
        sockets.forEach(TcpRelay::close);
        sockets.clear();
    }

    void mend() {
        cut = false;
    }

    @Override
    public void close() throws IOException {
        cut();
        server.close();
    }
}
