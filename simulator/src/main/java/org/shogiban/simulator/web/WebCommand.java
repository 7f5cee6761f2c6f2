package org.shogiban.simulator.web;

import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.link.LinkSettings;
import org.shogiban.link.SerialTransport;
import org.shogiban.simulator.HallOption;
import org.shogiban.engine.EnginePlayer;
import org.shogiban.engine.EngineSettings;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.SimulatorCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code web [--port 8080] [--bind 127.0.0.1] [--sensors occupancy|polarity] [--commit stable|clock] [--time SPEC]
 * [--state DIR] [--serial PATH] [--start startpos|<handicap>|sfen <SFEN>] [--records DIR] [--pin PIN]}: the board in a
 * browser. Prints the page's address on one line and serves until the process is stopped. With {@code --state DIR}
 * every change is journalled in DIR (records in DIR/records) and a game in progress is resumed at the next start; with
 * {@code --serial PATH} the USB link is attached (the arbiter's PIN on it is {@code --pin}).
 */
public final class WebCommand implements SimulatorCommand {
    private static final Logger log = LoggerFactory.getLogger(WebCommand.class);
    /** How often an idle live stream is written to (a closed tab is noticed then). */
    static final long HEARTBEAT_MILLIS = 15_000;

    @Override
    public String name() {
        return "web";
    }

    @Override
    public String usage() {
        return "web [--port 8080] [--bind 127.0.0.1] [--sensors occupancy|polarity] [--commit stable|clock]"
                + " [--time SPEC] [--state DIR] [--serial PATH] [--start startpos|<handicap>] [--records DIR]"
                + " [--pin PIN] [--hall <broker-url> --board-id <id> [--hall-id <id>]] [--engine CMD]"
                + " [--engine-option Name=Value]... [--lishogi-token-file FILE [--lishogi URL]]   the board in a"
                + " browser";
    }

    /** A started simulator: the board and its server. */
    public record Running(WebBoard board, WebServer server, URI address) implements AutoCloseable {
        @Override
        public void close() {
            server.close();
            board.close();
        }
    }

    /** Builds the board and starts serving it as a command line asks; throws {@link UsageError} for bad options. */
    public static Running start(List<String> args) throws Exception {
        Options o = Options.parse(args, Set.of("port", "bind", "sensors", "commit", "time", "state", "serial",
                "start", "records", "pin", "hall", "board-id", "hall-id",
                "engine", "engine-option", "lishogi", "lishogi-token-file"));
        if (!o.files().isEmpty()) {
            throw new UsageError("unexpected argument '" + o.files().get(0) + "'");
        }
        long port = o.getLong("port", 8080);
        if (port < 0 || port > 65535) {
            throw new UsageError("--port must be 0..65535, not " + port);
        }
        InetAddress bind;
        try {
            bind = InetAddress.getByName(o.get("bind", "127.0.0.1"));
        } catch (UnknownHostException e) {
            throw new UsageError("--bind '" + o.get("bind", "") + "' is not an address of this machine");
        }
        SensorKind sensors;
        CommitPolicy commit;
        try {
            sensors = SensorKinds.parse(o.get("sensors", "occupancy"));
            commit = CommitPolicy.parse(o.get("commit", "stable"));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        String pin = o.get("pin", "0000");
        if (pin.isEmpty() || pin.length() > 32) {
            throw new UsageError("--pin must be 1 to 32 characters");
        }
        Path state = o.values().containsKey("state") ? Path.of(o.get("state", "")) : null;
        Path records = o.values().containsKey("records") ? Path.of(o.get("records", ""))
                : state != null ? state.resolve("records") : null;
        SerialTransport serial = o.values().containsKey("serial")
                ? new JSerialCommTransport(Path.of(o.get("serial", "")), 115_200) : null;
        WebBoard.Setup setup = new WebBoard.Setup(sensors, commit == CommitPolicy.CLOCK ? "tournament" : "casual",
                o.get("time", BoardApplicationAdapter.DEFAULT_TIME), o.get("start", "startpos"));
        Optional<EngineSettings> engine;
        try {
            // the engine asked for, else Fairy-Stockfish where Debian installs it
            engine = EnginePlayer.settings(Optional.ofNullable(o.values().get("engine")),
                    EngineSettings.parseOptions(o.values().get("engine-option")));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        Optional<org.shogiban.online.LishogiSettings> lishogi;
        try {
            lishogi = org.shogiban.online.LishogiSettings.of(Optional.ofNullable(o.values().get(
                    "lishogi-token-file")), Optional.ofNullable(o.values().get("lishogi")));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        WebBoard board;
        try {
            BoardApplicationAdapter adapter = new BoardApplicationAdapter(setup, MonotonicClock.system(),
                    Clock.systemDefaultZone(), new BoardApplicationAdapter.Storage(records, state, serial,
                            LinkSettings.of("simulator", Optional.empty()), Optional.of(pin),
                            HallOption.settings(o, pin), engine.orElse(null))
                            .withLishogi(lishogi.map(org.shogiban.online.LishogiSettings::part).orElse(null)));
            board = adapter;
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        try {
            WebServer server = new WebServer(board, new InetSocketAddress(bind, (int) port), HEARTBEAT_MILLIS);
            return new Running(board, server, server.start());
        } catch (java.net.BindException e) {
            board.close();
            throw new UsageError("cannot listen on " + bind.getHostAddress() + ":" + port + ": " + e.getMessage()
                    + " (another program may hold the port: choose one with --port, or --port 0 for any free one)");
        } catch (Exception e) {
            board.close();
            throw e;
        }
    }

    @Override
    public int run(List<String> args, PrintStream out) throws Exception {
        Running running = start(args);
        out.println(running.address());
        out.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("stopping the web simulator");
            running.close();
            stopped.countDown();
        }, "shogiban-web-stop"));
        stopped.await();
        return 0;
    }
}
