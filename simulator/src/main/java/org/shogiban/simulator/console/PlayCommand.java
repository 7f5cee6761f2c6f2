package org.shogiban.simulator.console;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.shogiban.engine.EnginePlayer;
import org.shogiban.engine.EngineSettings;
import org.shogiban.online.LishogiSettings;
import org.shogiban.clock.TimeControl;
import org.shogiban.session.GameSettings;
import org.shogiban.app.AssembledBoard;
import org.shogiban.app.BoardAssembly;
import org.shogiban.hall.HallLinks;
import org.shogiban.hall.HallSettings;
import org.shogiban.simulator.HallOption;
import org.shogiban.app.StartPositions;
import org.shogiban.hal.memory.MemoryBoard;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.link.JSerialCommTransport;
import org.shogiban.rules.Position;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.SimulatorCommand;

/**
 * {@code play [--sensors occupancy|polarity] [--commit stable|clock] [--start startpos|<handicap>|sfen <SFEN>]
 * [--records DIR] [--time SPEC] [--state DIR] [--serial PATH]}: the board firmware in the terminal, on simulated
 * sensors scanned at 100 Hz. Commands come from stdin; the end of the input or {@code quit} ends it with exit code 0.
 * At a terminal, with a serial link or with a state directory, the board runs in real time (a piece held in the air
 * shows as a discrepancy after 1.2 s, as on the real board); from a pipe or a file without them it runs in stepped
 * time, so a script plays at once and prints the same every run. With {@code --state DIR} every change is journalled
 * there (records in DIR/records unless {@code --records} says otherwise) and a game in progress is resumed, the
 * simulated pieces where it left them. {@code --serial} attaches the USB link to a serial device (a pseudo-terminal,
 * a USB-serial adapter), so that a terminal program or a host program talks to the simulated board as to a real one
 * (docs/serial-protocol.md).
 */
public final class PlayCommand implements SimulatorCommand {
    private final InputStream stdin;

    /** Reads the commands from {@link System#in}. */
    public PlayCommand() {
        this(System.in);
    }

    PlayCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public String name() {
        return "play";
    }

    @Override
    public String usage() {
        return "play [--sensors occupancy|polarity] [--commit stable|clock] [--start startpos|<handicap>|sfen <SFEN>]"
                + " [--records DIR] [--time SPEC] [--state DIR] [--serial PATH]"
                + " [--hall <broker-url> --board-id <id> [--hall-id <id>]] [--engine CMD]"
                + " [--engine-option Name=Value]... [--lishogi-token-file FILE [--lishogi URL]]   the board in the"
                + " terminal";
    }

    /** The game settings a command line asks for; throws {@link UsageError} naming what is wrong. */
    static GameSettings settings(Options o) {
        try {
            SensorKind kind = SensorKinds.parse(o.get("sensors", "occupancy"));
            CommitPolicy commit = CommitPolicy.parse(o.get("commit", "stable"));
            String start = o.get("start", "startpos");
            if (!o.files().isEmpty() && !start.equals("sfen")) {
                throw new UsageError("unexpected argument '" + o.files().get(0) + "'");
            }
            Position position = StartPositions.parse(start.equals("sfen")
                    ? "sfen " + String.join(" ", o.files()) : start);
            GameSettings settings = GameSettings.of(position, InferenceConfig.defaults(kind).withCommitPolicy(commit));
            return settings.withTime(TimeControl.parse(o.get("time", "none")));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** Whether the commands come from a person at a terminal (not a pipe, a file or a test's stream). */
    private boolean interactive() {
        return stdin == System.in && System.console() != null;
    }

    /** Real time for a person at a terminal; stepped time, which never sleeps, for a pipe or a file. */
    static BoardTime timeFor(boolean terminal) {
        return terminal ? BoardTime.real() : BoardTime.stepped(new ManualClock(0));
    }

    @Override
    public int run(List<String> args, PrintStream out) throws Exception {
        Options o = Options.parse(args, Set.of("sensors", "commit", "start", "records", "time", "state", "serial",
                "hall", "board-id", "hall-id", "engine", "engine-option", "lishogi", "lishogi-token-file"));
        GameSettings settings = settings(o);
        Optional<LishogiSettings> lishogi;
        try {
            lishogi = LishogiSettings.of(Optional.ofNullable(o.values().get("lishogi-token-file")),
                    Optional.ofNullable(o.values().get("lishogi")));
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        String state = o.values().get("state");
        String records = o.values().get("records");
        if (records == null && state != null) {
            records = Path.of(state).resolve("records").toString();
        }
        boolean terminal = interactive();
        String serial = o.values().get("serial");
        String engineCommand = o.values().get("engine");
        EngineSettings engineSettings;
        try {
            engineSettings = engineCommand == null ? null
                    : EngineSettings.of(engineCommand, EngineSettings.parseOptions(o.values().get("engine-option")))
                            .requireProgram();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        HallSettings hall = HallOption.settings(o, System.getenv("SHOGIBAN_ARBITER_PIN"));
        // a hall or an engine, like a serial host or a state directory, lives in real time
        BoardTime time = timeFor(terminal || serial != null || state != null || hall != null
                || engineSettings != null || lishogi.isPresent());
        MemoryBoard hardware = new MemoryBoard(settings.inference().sensorKind(), time.clock());
        BoardAssembly assembly = BoardAssembly.of(settings, hardware.board()).clock(time.clock())
                .wallClock(Clock.systemDefaultZone()).records(records == null ? null : Path.of(records))
                .state(state == null ? null : Path.of(state)).resumptionNotes(line -> out.println("» " + line))
                .arbiterPin(Optional.ofNullable(System.getenv("SHOGIBAN_ARBITER_PIN")));
        if (serial != null) {
            assembly.link(new JSerialCommTransport(Path.of(serial), 115_200), "simulator");
        }
        if (hall != null) {
            assembly.part(HallLinks.part(hall));
        }
        lishogi.ifPresent(l -> assembly.part(l.part()));
        EnginePlayer[] engine = new EnginePlayer[1];
        if (engineSettings != null) {
            assembly.part(EnginePlayer.part(engineSettings, player -> engine[0] = player));
        }
        // the assembly never fails on the state directory: one that cannot be used is shown as the journal's fault
        AssembledBoard assembled;
        try {
            assembled = assembly.assemble();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
        try (AssembledBoard board = assembled) {
            ConsoleSession console = new ConsoleSession(new InputStreamReader(stdin, StandardCharsets.UTF_8), out,
                    time, settings, terminal, hardware, board.application());
            if (engine[0] != null) {
                console.setEngine(engine[0]);
                out.println("engine: " + String.join(" ", engineSettings.command())
                        + " (new engine=gote level=3 to play against it)");
            }
            lishogi.ifPresent(l -> out.println("online: " + l + " (new online=lishogi time=main=600,byoyomi=30 to"
                    + " seek a game; docs/online.md)"));
            if (serial != null) {
                out.println("USB link on " + serial + " (docs/serial-protocol.md)");
            }
            if (hall != null) {
                out.println("in hall " + hall.topics().hallId() + " as board " + hall.topics().boardId() + " via "
                        + hall.broker() + " (docs/hall.md)");
            }
            return console.run();
        }
    }
}
