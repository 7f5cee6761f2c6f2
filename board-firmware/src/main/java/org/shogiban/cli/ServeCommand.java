package org.shogiban.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardApplication;
import org.shogiban.app.BoardAssembly;
import org.shogiban.app.Rehearsal;
import org.shogiban.session.GameSettings;
import org.shogiban.clock.TimeControl;
import org.shogiban.app.StartPositions;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.SensorKind;
import org.shogiban.engine.EnginePlayer;
import org.shogiban.engine.EngineSettings;
import org.shogiban.online.LishogiSettings;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.ConfigCheck;
import org.shogiban.hal.config.ConfigException;
import org.shogiban.hal.config.HallConfig;
import org.shogiban.hall.HallLinks;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.rules.Position;
import org.shogiban.service.ScanWatchdog;
import org.shogiban.service.SdNotify;
import org.shogiban.service.ServiceMonitor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve (--config FILE | --simulated) [--records DIR] [--state DIR] [--commit stable|clock]
 * [--start startpos|<handicap>|sfen <SFEN>] [--time SPEC]}: runs the board until SIGTERM. With {@code --state}
 * every change is journalled in DIR and a game in progress is resumed after a restart. On a Raspberry Pi it builds the board
 * the configuration describes (Pi4J is loaded only then); with {@code --simulated} it runs the same service on the
 * in-memory board, so it can be started, watched and tested on any computer. A shutdown hook stops the scan, saves
 * the pending records, and closes the board. A wrong command line or configuration, or real hardware asked for where
 * there is none, or a part of the Pi the configuration needs missing (I2C, SPI or PWM off, a device closed to this
 * user, a chip silent, a GPIO line taken), stops start-up with one sentence per problem and exit code 2.
 */
final class ServeCommand implements CliCommand {
    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    /**
     * What the command line asks for.
     *
     * @param config the board configuration, or null (only with {@code simulated})
     * @param simulated run on the in-memory board instead of the hardware
     * @param records where game records are saved
     * @param state where the service keeps its state (records by default), or null
     */
    record ServeOptions(Path config, boolean simulated, Path records, Path state, CommitPolicy commit,
                        Position start, TimeControl time, ScanFault scanFault, HallOptions hall,
                        String lishogiTokenFile, String lishogiUrl, int rehearse) {
    }

    /** The options while the command line is read. */
    private static final class Builder {
        Path config;
        boolean simulated;
        Path records;
        Path state;
        CommitPolicy commit = CommitPolicy.STABLE;
        Position start = Position.startpos();
        TimeControl time = TimeControl.NONE;
        ScanFault scanFault;
        final HallOptions.Builder hall = new HallOptions.Builder();
        String lishogiTokenFile;
        String lishogiUrl;
        int rehearse;

        ServeOptions build() {
            Path recordDir = records != null ? records : state != null ? state.resolve("records") : Path.of("records");
            return new ServeOptions(config, simulated, recordDir, state, commit, start, time, scanFault,
                    hall.build(), lishogiTokenFile, lishogiUrl, rehearse);
        }
    }

    /** An option that takes a value: what it does with it. */
    @FunctionalInterface
    private interface ValueOption {
        void apply(Builder options, String value);
    }

    /** Options without a value. */
    private static final Map<String, java.util.function.Consumer<Builder>> FLAGS = Map.of(
            "--simulated", b -> b.simulated = true);
    /** Options with one value (the SFEN of {@code --start sfen} may take more words; see {@link #parse}). */
    private static final Map<String, ValueOption> VALUES = valueOptions();

    private static Map<String, ValueOption> valueOptions() {
        Map<String, ValueOption> m = new LinkedHashMap<>();
        m.put("--config", (b, v) -> b.config = Path.of(v));
        m.put("--records", (b, v) -> b.records = Path.of(v));
        m.put("--state", (b, v) -> b.state = Path.of(v));
        m.put("--commit", (b, v) -> b.commit = CommitPolicy.parse(v));
        m.put("--start", (b, v) -> b.start = StartPositions.parse(v));
        m.put("--time", (b, v) -> b.time = TimeControl.parse(v));
        m.put("--hall", (b, v) -> b.hall.broker = v);
        m.put("--board-id", (b, v) -> b.hall.boardId = v);
        m.put("--hall-id", (b, v) -> b.hall.hallId = v);
        m.put("--lishogi-token-file", (b, v) -> b.lishogiTokenFile = v);
        m.put("--lishogi", (b, v) -> b.lishogiUrl = v);
        m.put("--rehearse", (b, v) -> b.rehearse = moves(v));
        // hidden (not in the usage text): the watchdog tests make the simulated scan loop hang or fail
        m.put("--test-scan-fault", (b, v) -> b.scanFault = ScanFault.parse(v));
        return m;
    }

    /** The rehearsal's moves: a whole number from 0 (none) to 10,000. */
    private static int moves(String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 0 && n <= 10_000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("--rehearse takes a number of moves from 0 to 10000, not '" + v + "'");
    }

    private static String optionList() {
        List<String> names = new ArrayList<>(VALUES.keySet());
        names.remove("--test-scan-fault");
        names.add(1, "--simulated");
        return String.join(", ", names);
    }

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String usage() {
        return "serve (--config FILE | --simulated) [--records DIR] [--state DIR] [--commit stable|clock]"
                + " [--start startpos|<handicap>|sfen <SFEN>] [--time SPEC] [--hall <broker-url> --board-id <id>"
                + " [--hall-id <id>]] [--lishogi-token-file FILE [--lishogi URL]] [--rehearse MOVES]"
                + "   run the board until stopped";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws Exception {
        ServeOptions options = parse(args);
        if (options.config() != null && !java.nio.file.Files.exists(options.config())) {
            // before the hardware check: on a desk the missing file is the first thing to fix
            throw new UsageException("the configuration file " + options.config() + " does not exist");
        }
        if (!options.simulated()) {
            // before the configuration is read: its summary line would make this a two-line answer
            ThisPi.requirePi();
        }
        BoardConfig config = options.config() == null ? null : loadConfig(options.config());
        // a token file readable by others, or missing, is said before the board starts
        online(options, config);
        serve(options, config);
        return 0;
    }

    /** Reads the arguments; throws {@link UsageException} (exit 2) naming what is wrong. */
    static ServeOptions parse(List<String> args) {
        Builder options = new Builder();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) {
                throw new UsageException("unexpected argument '" + a + "'; options: " + optionList());
            }
            if (FLAGS.containsKey(a)) {
                FLAGS.get(a).accept(options);
                continue;
            }
            ValueOption option = VALUES.get(a);
            if (option == null) {
                throw new UsageException("unknown option " + a + "; options: " + optionList());
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(a + " needs a value");
            }
            StringBuilder value = new StringBuilder(args.get(++i));
            if (a.equals("--start") && value.toString().equals("sfen")) {
                // the SFEN may come as one quoted argument or as its four words
                while (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                    value.append(' ').append(args.get(++i));
                }
            }
            try {
                option.apply(options, value.toString());
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (options.config == null && !options.simulated) {
            throw new UsageException("--config FILE is required (e.g. /etc/shogiban/board.properties),"
                    + " or --simulated to run without hardware");
        }
        if (options.scanFault != null && !options.simulated) {
            throw new UsageException("--test-scan-fault needs --simulated");
        }
        return options.build();
    }

    /**
     * Loads the board configuration; a bad file is a {@link UsageException} with one line per problem (the hal's
     * message naming key, value and what is allowed).
     */
    static BoardConfig loadConfig(Path file) {
        try {
            return BoardConfig.load(file);
        } catch (ConfigException e) {
            List<String> lines = ConfigCheck.problems(file).stream().map(ConfigException::getMessage).toList();
            throw new UsageException(lines.isEmpty() ? e.getMessage() : String.join("\nserve: ", lines));
        }
    }

    /** The in-memory board, its square sensors made to hang or fail if a test asks for it. */
    private static Board simulated(SensorKind kind, MonotonicClock clock, ScanFault fault) {
        Board board = new MemoryBoard(kind, clock).board();
        if (fault == null) {
            return board;
        }
        log.warn("test scan fault: the square sensors {} after {} ms", fault.hang() ? "hang" : "fail",
                fault.afterMillis());
        return new Board(fault.around(board.squares(), clock), board.komadai(), board.leds(), board.clock(),
                board.buzzer(), board.buttons(), board.faults(), board.closer());
    }

    /** The lishogi settings: the command line's options win over {@code lishogi.token-file}/{@code lishogi.url}. */
    static java.util.Optional<LishogiSettings> online(ServeOptions options, BoardConfig config) {
        java.util.Optional<String> file = java.util.Optional.ofNullable(options.lishogiTokenFile())
                .or(() -> config == null ? java.util.Optional.empty() : config.online().tokenFile());
        java.util.Optional<String> url = java.util.Optional.ofNullable(options.lishogiUrl())
                .or(() -> config == null ? java.util.Optional.empty() : java.util.Optional.of(config.online().url()));
        try {
            return LishogiSettings.of(file, url.filter(u -> file.isPresent()));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Builds the board (real or in memory) and runs the application until the JVM is told to stop. */
    private static void serve(ServeOptions options, BoardConfig config) throws InterruptedException {
        MonotonicClock clock = MonotonicClock.system();
        SensorKind kind = config == null ? SensorKind.OCCUPANCY : config.sensorKind();
        Board board = options.simulated() ? simulated(kind, clock, options.scanFault())
                : ThisPi.open(config, clock, new FaultReporter(clock), "serve");
        InferenceConfig inference = InferenceConfig.defaults(kind).withCommitPolicy(options.commit());
        GameSettings settings = GameSettings.of(options.start(), inference).withTime(options.time());
        Map<String, String> environment = System.getenv();
        ScanWatchdog watchdog = new ScanWatchdog(ServiceMonitor.watchdogMillis(environment,
                ProcessHandle.current().pid()));
        BoardAssembly assembly = BoardAssembly.of(settings, board).clock(clock)
                .scan(config == null ? ScanSettings.defaults() : config.scan())
                .records(options.records()).state(options.state()).passListener(watchdog);
        if (config != null) {
            assembly.arbiterPin(config.link().arbiterPin());
            config.link().device().ifPresent(device -> assembly.link(
                    new JSerialCommTransport(Path.of(device), config.link().baud()), boardId()));
        }
        // the hall publishes the board's numbered events, the same numbers as the USB link (docs/hall.md)
        options.hall().settings(config == null ? HallConfig.none() : config.hall(),
                        config == null ? java.util.Optional.empty() : config.link().arbiterPin(), boardId())
                .ifPresent(s -> assembly.part(HallLinks.part(s)));
        // the engine a player can ask for (NEW ... engine=gote): the configured one, else Fairy-Stockfish if installed
        AssembledBoard assembled;
        try {
            EnginePlayer.settings(config == null ? java.util.Optional.empty() : config.engine().command(),
                            EngineSettings.parseOptions(config == null ? "" : config.engine().options()))
                    .ifPresent(e -> assembly.part(EnginePlayer.part(e)));
            // the lishogi account games are played online with: the command line's, else board.properties'
            online(options, config).ifPresent(l -> assembly.part(l.part()));
            // a records directory that cannot be used is said here, before the first game
            assembled = assembly.assemble();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        BoardApplication app = assembled.application();
        ServiceMonitor monitor = new ServiceMonitor(SdNotify.fromEnvironment(environment), watchdog, app::view,
                clock);
        CountDownLatch stopped = new CountDownLatch(1);
        // SIGTERM (systemctl stop): scan stopped, LEDs off and buzzer silent, pending records written, chips closed;
        // well within the unit's TimeoutStopSec (the scan thread gets 2 s, the record writer up to 10 s)
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            long begin = System.nanoTime();
            log.info("stopping the board");
            try {
                monitor.close();
                assembled.close();
            } catch (RuntimeException e) {
                log.error("closing the board failed", e);
            } finally {
                stopped.countDown();
                log.info("board stopped in {} ms", (System.nanoTime() - begin) / 1_000_000);
            }
        }, "shogiban-shutdown"));
        log.info("serving the {} board: config {}, records in {}, commit {}, start {}",
                options.simulated() ? "simulated" : "real", options.config() == null ? "none" : options.config(),
                options.records().toAbsolutePath(), options.commit(), options.start().toSfen());
        monitor.start();
        assembled.start();
        // the Pi's service rehearses (systemd/shogiban.service): its first game's moves are then compiled ones
        Rehearsal.inBackground(kind, config == null ? ScanSettings.defaults() : config.scan(), options.rehearse());
        stopped.await();
    }

    /** The board's name on the USB link: the host name. */
    private static String boardId() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "shogiban";
        }
    }
}
