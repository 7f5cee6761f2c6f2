package org.shogiban.cli;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.shogiban.app.BackgroundRecordSink;
import org.shogiban.app.BoardApplication;
import org.shogiban.session.GameSettings;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.Resumption;
import org.shogiban.app.SessionJournal;
import org.shogiban.clock.TimeControl;
import org.shogiban.session.GameSession;
import org.shogiban.app.StartPositions;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.config.ConfigException;
import org.shogiban.hal.pi4j.Pi4jBoardFactory;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code serve --config FILE [--records DIR] [--commit stable|clock] [--start startpos|<handicap>|sfen <SFEN>]
 * [--time SPEC] [--state DIR]}: runs the board (with {@code --state}, every change is journalled in DIR and a game in
 * progress is resumed after a restart) on the Raspberry Pi until SIGTERM. Loads the board configuration, builds the Pi4J board, runs the
 * {@link BoardApplication} on its scan thread; a shutdown hook stops the scan, saves the pending records, and closes
 * the board and the Pi4J context. A configuration error stops start-up with one line and exit code 2.
 */
final class ServeCommand implements CliCommand {
    private static final Logger log = LoggerFactory.getLogger(ServeCommand.class);

    /** What the command line asks for. */
    record ServeOptions(Path config, Path records, CommitPolicy commit, Position start, TimeControl time,
                        Path state) {
        ServeOptions(Path config, Path records, CommitPolicy commit, Position start) {
            this(config, records, commit, start, TimeControl.NONE, null);
        }
    }

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String usage() {
        return "serve --config FILE [--records DIR] [--commit stable|clock] [--start startpos|<handicap>|sfen <SFEN>]"
                + " [--time SPEC] [--state DIR]   run the board (Raspberry Pi) until stopped";
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out) throws Exception {
        ServeOptions options = parse(args);
        BoardConfig config = loadConfig(options.config());
        serve(options, config);
        return 0;
    }

    /** Reads the arguments; throws {@link UsageException} (exit 2) naming what is wrong. */
    static ServeOptions parse(List<String> args) {
        Path config = null;
        Path records = Path.of("records");
        CommitPolicy commit = CommitPolicy.STABLE;
        Position start = Position.startpos();
        TimeControl time = TimeControl.NONE;
        Path state = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) {
                throw new UsageException("unexpected argument '" + a + "'; options: --config, --records, --commit,"
                        + " --start, --time, --state");
            }
            if (i + 1 >= args.size()) {
                throw new UsageException(a + " needs a value");
            }
            String value = args.get(++i);
            try {
                switch (a) {
                    case "--config" -> config = Path.of(value);
                    case "--records" -> records = Path.of(value);
                    case "--commit" -> commit = CommitPolicy.parse(value);
                    case "--time" -> time = TimeControl.parse(value);
                    case "--state" -> state = Path.of(value);
                    case "--start" -> {
                        StringBuilder spec = new StringBuilder(value);
                        if (value.equals("sfen")) {
                            // the SFEN may come as one quoted argument or as its four words
                            while (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                                spec.append(' ').append(args.get(++i));
                            }
                        }
                        start = StartPositions.parse(spec.toString());
                    }
                    default -> throw new UsageException("unknown option '" + a + "'; options: --config, --records,"
                            + " --commit, --start, --time, --state");
                }
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (config == null) {
            throw new UsageException("--config FILE is required (e.g. /etc/shogiban/board.properties)");
        }
        return new ServeOptions(config, records, commit, start, time, state);
    }

    /** Loads the board configuration; a bad file is a {@link UsageException} with the hal's one-line message. */
    static BoardConfig loadConfig(Path file) {
        try {
            return BoardConfig.load(file);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Builds the Pi4J board and runs the application until the JVM is told to stop. Needs a Raspberry Pi. */
    private static void serve(ServeOptions options, BoardConfig config) throws InterruptedException {
        MonotonicClock clock = MonotonicClock.system();
        FaultReporter faults = new FaultReporter(clock);
        Context pi4j = Pi4J.newAutoContext();
        Board board;
        try {
            board = Pi4jBoardFactory.build(config, pi4j, clock, faults);
        } catch (RuntimeException e) {
            pi4j.shutdown();
            throw e;
        }
        BackgroundRecordSink records = new BackgroundRecordSink(new RecordDirectory(options.records()));
        InferenceConfig inference = InferenceConfig.defaults(config.sensorKind()).withCommitPolicy(options.commit());
        GameSettings settings = GameSettings.of(options.start(), inference).withTime(options.time());
        Clock wall = Clock.systemDefaultZone();
        SessionJournal journal = options.state() == null ? null : SessionJournal.open(options.state(), wall);
        GameSession session = journal == null ? new GameSession(settings, wall)
                : Resumption.session(settings, wall, journal, clock.millis(), line -> log.warn("{}", line));
        BoardApplication app = new BoardApplication(board, config.scan(), clock, session, records);
        if (journal != null) {
            app.setJournal(journal);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            log.info("stopping the board");
            try {
                app.close();
                records.close();
                if (journal != null) {
                    journal.close();
                }
                board.close();
            } catch (Exception e) {
                log.error("closing the board failed", e);
            } finally {
                pi4j.shutdown();
                stopped.countDown();
                log.info("board stopped");
            }
        }, "shogiban-shutdown"));
        log.info("serving the board: config {}, records in {}, commit {}, start {}", options.config(),
                options.records().toAbsolutePath(), options.commit(), options.start().toSfen());
        app.start();
        stopped.await();
    }
}
