package org.shogiban.simulator.console;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.shogiban.app.BackgroundRecordSink;
import org.shogiban.app.ChangeJournal;
import org.shogiban.app.Resumption;
import org.shogiban.app.SessionJournal;
import org.shogiban.clock.TimeControl;
import org.shogiban.journal.JournalException;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.app.RecordDirectory;
import org.shogiban.app.RecordSink;
import org.shogiban.app.StartPositions;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.simulator.Options;
import org.shogiban.simulator.SensorKinds;
import org.shogiban.simulator.SimulatorCommand;

/**
 * {@code play [--sensors occupancy|polarity] [--commit stable|clock] [--start startpos|<handicap>|sfen <SFEN>]
 * [--records DIR] [--time SPEC] [--state DIR]}: the board firmware in the terminal, on simulated sensors scanned at
 * 100 Hz in real time. Commands come from stdin (a keyboard or a pipe); the end of the input or {@code quit} ends it
 * with exit code 0. With {@code --state DIR} every change is journalled there (records in DIR/records unless
 * {@code --records} says otherwise) and a game in progress is resumed, the simulated pieces where it left them.
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
                + " [--records DIR] [--time SPEC] [--state DIR]   the board in the terminal";
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

    @Override
    public int run(List<String> args, PrintStream out) throws Exception {
        Options o = Options.parse(args, Set.of("sensors", "commit", "start", "records", "time", "state"));
        GameSettings settings = settings(o);
        String state = o.values().get("state");
        String records = o.values().get("records");
        if (records == null && state != null) {
            records = Path.of(state).resolve("records").toString();
        }
        BackgroundRecordSink sink = records == null ? null
                : new BackgroundRecordSink(new RecordDirectory(Path.of(records)));
        Clock wall = Clock.systemDefaultZone();
        BoardTime time = BoardTime.real();
        SessionJournal journal = null;
        try {
            GameSession session;
            if (state == null) {
                session = new GameSession(settings, wall);
            } else {
                try {
                    journal = SessionJournal.open(Path.of(state), wall);
                } catch (JournalException e) {
                    throw new UsageError("state directory " + state + ": " + e.getMessage());
                }
                session = Resumption.session(settings, wall, journal, time.clock().millis(),
                        line -> out.println("» " + line));
            }
            boolean terminal = System.console() != null;
            return new ConsoleSession(new InputStreamReader(stdin, StandardCharsets.UTF_8), out, time, settings,
                    sink == null ? RecordSink.NONE : sink, terminal, session,
                    journal == null ? ChangeJournal.NONE : journal).run();
        } finally {
            if (sink != null) {
                sink.close();
            }
            if (journal != null) {
                journal.close();
            }
        }
    }
}
