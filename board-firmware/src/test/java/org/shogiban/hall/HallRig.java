package org.shogiban.hall;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.shogiban.hall.store.HallStore;

/**
 * A hall in this process as the hall tests set it up, one way: a real Mosquitto on a free loopback port, the hall
 * ({@code h1}, no login; on a state store when given one), its HTTP server on a free loopback port and an arbiter's
 * page with its session ({@link HallClient}). Boards join on the same broker ({@link #board}). Closed in reverse.
 */
final class HallRig implements AutoCloseable {
    final Mosquitto broker;
    final Hall hall;
    final HallServer server;
    final HallClient page;
    private final Path dir;
    private final HallStore store;

    private HallRig(Path dir, Mosquitto broker, HallStore store, Hall hall, HallServer server) throws Exception {
        this.dir = dir;
        this.broker = broker;
        this.store = store;
        this.hall = hall;
        this.server = server;
        hall.start();
        server.start();
        page = new HallClient("http://127.0.0.1:" + server.port());
        page.session();
    }

    /** The hall without a state store, its broker's files in {@code dir}. */
    static HallRig start(Path dir) throws Exception {
        return start(dir, null);
    }

    /** The hall on the state store in {@code state} (none when null), its broker's files in {@code dir}. */
    static HallRig start(Path dir, Path state) throws Exception {
        Mosquitto broker = Mosquitto.open(dir);
        HallStore store = null;
        Hall hall = null;
        HallServer server = null;
        try {
            store = state == null ? null : HallStore.open(state);
            hall = new Hall(broker.url(), "h1", null, null, null, store);
            server = new HallServer(hall, "127.0.0.1", 0);
            return new HallRig(dir, broker, store, hall, server);
        } catch (Exception | AssertionError e) {
            closeAll(server, hall, store, broker);
            throw e;
        }
    }

    /** A new board {@code id} on the hall's broker, its state in {@code dir/<place>}; the caller closes it. */
    HallBoardRig board(String place, String id) throws IOException {
        return new HallBoardRig(Files.createDirectories(dir.resolve(place)), broker.url(), id, null, null);
    }

    /** A new board {@code id} on the hall's broker, its state in {@code dir/<id>}; the caller closes it. */
    HallBoardRig board(String id) throws IOException {
        return board(id, id);
    }

    @Override
    public void close() {
        closeAll(server, hall, store, broker);
    }

    /** Closes each part even when one before it fails; the first failure is thrown after. */
    private static void closeAll(AutoCloseable... parts) {
        IllegalStateException failed = null;
        for (AutoCloseable part : parts) {
            try {
                if (part != null) {
                    part.close();
                }
            } catch (Exception e) {
                if (failed == null) {
                    failed = new IllegalStateException("could not close " + part, e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
