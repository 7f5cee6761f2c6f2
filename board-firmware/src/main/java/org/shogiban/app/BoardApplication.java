package org.shogiban.app;

import org.shogiban.port.BoardChange;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.shogiban.hal.Board;
import org.shogiban.hal.ButtonListener;
import org.shogiban.hal.FaultEvent;
import org.shogiban.hal.FaultListener;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.scan.PassListener;
import org.shogiban.hal.SensorFrame;
import org.shogiban.hal.scan.ScanLoop;
import org.shogiban.hal.scan.ScanSettings;
import org.shogiban.link.LoggedEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Game;
import org.shogiban.rules.Side;
import org.shogiban.rules.GameHistory;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.BoardListener;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.BoardView;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionChange;
import org.shogiban.session.SessionInput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The board's runtime: the one thread that drives the {@link GameSession}, and the one inbox every input goes
 * through. Buttons and faults (from the hardware's threads) and commands (from the console, the USB link, the web
 * page) are queued in the inbox from any thread; each {@linkplain #step(long) pass} takes them in order, runs one
 * pass of the {@link ScanLoop} (whose stable frames go to the session), lets time pass for the session, and shows the
 * LEDs planned by {@link LedPlanner}.
 *
 * <p>What the session returns for one input is one {@link BoardChange}, passed through the runtime's stages in an
 * order fixed here: the event numbering (the board's {@link BoardEvents}: the link's numbers, given once, in
 * memory), the journal ({@link #setJournal}: the change and its numbers forced to the disk before anyone is told of
 * it), the facts (the change's own, shown at once with its events' numbers: a host asking for the state on hearing
 * an event finds its change), the buzzer and clock display ({@link BoardSignals}), the listeners in the order they were added (the
 * acknowledgements: console, web pages, the parts' subscriptions), the event keeper (the numbered events to
 * {@code link-events.log}, then to the parts that subscribed to them), the record file handed to the
 * {@link RecordSink} (off the acknowledgement's path: the journal already holds the change); the LEDs at the end of
 * the pass. A stage that fails is logged as that stage's failure (once, until it works again) and the later stages
 * still run. When the journal's disk refuses the change, the board goes on and shows the fault at once (a
 * {@link FaultEvent} of the journal: status light, the snapshot's {@code faults}, the link's {@code FAULT}) until the
 * journal has caught up.
 *
 * <p>One mutable owner (the session), driven from one thread: the scan thread of {@link #start()}, or the caller of
 * {@link #step(long)} in tests and the simulator. {@link #view()} and {@link #submit} may be called from any thread.
 */
public final class BoardApplication implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(BoardApplication.class);

    private final Board board;
    private final MonotonicClock clock;
    private final GameSession session;
    /** The record file: named, saved, discarded. */
    private final RecordFiles recordFiles;
    private final ScanLoop scanLoop;
    private final BoardSignals signals;
    /** The LEDs and the clock display, written at the end of each pass. */
    private final BoardOutputs outputs;
    /** The listeners stage: each listener (a {@link BoardListener} or a change listener) in the order added. */
    private final ListenerStage listeners;
    /** The stages after the numbering, in their fixed order. */
    private final List<Stage> stages;
    /** The stages' failures, each said once until it works again. */
    private final StageFailures failures = new StageFailures(log);
    /** Told before the record, the sounds and the other listeners. */
    private volatile ChangeJournal journal = ChangeJournal.NONE;
    private volatile EventNumbering numbering;
    /** The board's event stream, told each change's numbered events after the listeners; null without one. */
    private volatile BoardEvents events;
    /** The journal's fault as shown. */
    private final JournalFaultShown journalFault = new JournalFaultShown();
    private final ConcurrentLinkedQueue<SessionInput> inbox = new ConcurrentLinkedQueue<>();
    private final ButtonListener buttonListener = e -> queue(new SessionInput.Press(e));
    private final FaultListener faultListener = f -> queue(new SessionInput.Fault(f));

    private final GameSettings boardSettings;
    private long lastMillis = Long.MIN_VALUE;
    private volatile BoardView view;
    /** The typed facts and the snapshot written from them. */
    private final FactsKeeper facts;
    private Thread scanThread;
    private final org.shogiban.threads.FailureCounts passFailures = new org.shogiban.threads.FailureCounts(log,
            "a board pass");
    /** The passes of the scan thread, while it runs. */
    private volatile ScanThread passes;
    /** The last time something came in or changed (a frame, an input, a change): the board is not still soon after. */
    private long stirredMillis = Long.MIN_VALUE / 2;
    /** The longest gap between passes a pass listener asked for (systemd's watchdog), none by default. */
    private volatile long longestGapMillis = Long.MAX_VALUE;

    /**
     * @param board the ports (real, simulated or in memory)
     * @param scan how the sensors are sampled and debounced
     * @param clock the scan clock (a {@code ManualClock} in tests)
     * @param settings the start position, the inference and the illegal-move policy
     * @param records where records are saved
     * @param wallClock the calendar time written in the records and their names
     */
    public BoardApplication(Board board, ScanSettings scan, MonotonicClock clock, GameSettings settings,
                            RecordSink records, Clock wallClock) {
        this(board, scan, clock, new GameSession(settings, wallClock), records);
    }

    /** A runtime around a session made elsewhere (e.g. one resumed from the journal). */
    public BoardApplication(Board board, ScanSettings scan, MonotonicClock clock, GameSession session,
                            RecordSink records) {
        this.board = Objects.requireNonNull(board, "board");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.session = Objects.requireNonNull(session, "session");
        this.recordFiles = new RecordFiles(records, session);
        this.scanLoop = new ScanLoop(board.squares(), board.komadai(), scan, clock, board.faults());
        this.signals = new BoardSignals(board);
        this.outputs = new BoardOutputs(board, session);
        this.listeners = new ListenerStage(failures);
        this.stages = List.of(
                new Stage("journal", c -> journal.changed(c)),
                new Stage("facts", this::showFacts),
                new Stage("sounds and clock display", c -> c.events().forEach(signals::onEvent)),
                new Stage("listeners", listeners),
                new Stage("event keeper", this::handOverEvents),
                new Stage("record file", this::saveRecord));
        board.buttons().addListener(buttonListener);
        board.faults().addListener(faultListener);
        view = session.view();
        facts = new FactsKeeper(session, clock.millis());
        boardSettings = session.boardSettings();
    }

    /** One stage and the name its failures are reported under. */
    private record Stage(String name, BoardStage stage) {
    }

    /** Starts sending what happens to {@code listener} (after the listeners added before it), event by event. */
    public void addListener(BoardListener listener) {
        listeners.addEvents(listener);
    }

    /** Starts sending each input's whole change to {@code listener} (after the listeners added before it). */
    public void addChangeListener(BoardStage listener) {
        listeners.addChanges(listener);
    }

    /** Stops sending changes to a listener added by {@link #addChangeListener}. */
    public void removeChangeListener(BoardStage listener) {
        listeners.remove(listener);
    }

    /**
     * Sets the event numbering (the link's numbers, stored with the journal's entry), or null for none. Set it
     * before the first pass. The assembly sets it with the board's event stream ({@link #setEvents}); tests set it
     * alone.
     */
    void setNumbering(EventNumbering numbering) {
        this.numbering = numbering;
    }

    /** Sets the board's event stream: its numbering stage, and its keeper told each change's numbered events. */
    void setEvents(BoardEvents stream) {
        this.events = stream;
        this.numbering = stream == null ? null : stream.numbering();
    }

    /** The names of the parts put on the board ({@code link}, {@code lishogi}, ...), set by the assembly. */
    private volatile java.util.Set<String> parts = java.util.Set.of();

    /** Says which parts the assembly put on the board. */
    void partsAttached(java.util.Set<String> names) {
        parts = java.util.Set.copyOf(names);
    }

    /** Whether a part of this name is on the board (a game may ask for the site only when {@code lishogi} is). */
    public boolean hasPart(String name) {
        return parts.contains(name);
    }

    /** The event numbering, or null. */
    public EventNumbering numbering() {
        return numbering;
    }

    /**
     * Sets the journal, told of every change before anything acknowledges it (record, sounds, LEDs, other
     * listeners), which forces each change to the disk. Set it before the first pass.
     */
    public void setJournal(ChangeJournal changes) {
        journal = Objects.requireNonNull(changes, "journal");
    }

    /** The journal set by {@link #setJournal} ({@link ChangeJournal#NONE} when none). */
    public ChangeJournal journal() {
        return journal;
    }

    /** Stops sending events to {@code listener}. */
    public void removeListener(BoardListener listener) {
        listeners.remove(listener);
    }

    /** Tells {@code listener} about every scan pass that read the sensors (a service watchdog's proof of life). */
    public void addPassListener(PassListener listener) {
        scanLoop.addPassListener(listener);
        longestGapMillis = Math.min(longestGapMillis, listener.longestGapMillis());
    }

    /**
     * Where a part of the board (the hall's connection) tells its faults, so they are shown as a device's: the status
     * LED, the snapshot's {@code faults}, the link's {@code FAULT}. Any thread.
     */
    public org.shogiban.hal.FaultReporter faults() {
        return board.faults();
    }

    /** What the board shows now. Any thread. */
    public BoardView view() {
        return view;
    }

    /** The board's state: the one JSON snapshot, written from the {@link #facts()} when asked. Any thread. */
    public BoardSnapshot snapshot() {
        return facts.snapshot();
    }

    /** The journal's checkpoint of this pass (a stage of its own: its failure is said as the journal's). */
    private void checkpoint(long nowMillis) {
        try {
            journal.passed(session, nowMillis);
            failures.works("journal");
        } catch (RuntimeException e) {
            failures.failedOn("journal", "checkpoint", e);
        }
    }

    /** The board's typed facts, the ones {@link #snapshot()} is written from. Any thread. */
    public BoardFacts facts() {
        return facts.facts();
    }

    /** The board's own settings (a game's request aside); they never change while the board runs. Any thread. */
    public GameSettings boardSettings() {
        return boardSettings;
    }

    /**
     * Tells {@code listener} each input's change (after the listeners added before it), until the subscription is
     * closed; its failures are reported under {@code name}.
     */
    public org.shogiban.port.Subscription subscribe(String name, org.shogiban.port.ChangeListener listener) {
        return listeners.subscribe(name, listener);
    }

    /** The settings games are played with. */
    public GameSettings settings() {
        return session.settings();
    }

    /** The session; read it only on the runtime's thread (or when the runtime is not running). */
    public GameSession session() {
        return session;
    }

    /** The game being played or last played; empty while the first setup is under way. */
    public Optional<GameHistory> game() {
        return session.game();
    }

    /** The scan clock's time now: the time to give a command submitted from another thread. */
    public long now() {
        return clock.millis();
    }

    /** A fault of a part beside the hardware (the USB link's device), shown as the chips' faults are. Any thread. */
    public void fault(FaultEvent fault) {
        faultListener.onFault(Objects.requireNonNull(fault, "fault"));
    }

    /** Queues a command for the next pass. Any thread. */
    public void submit(SessionInput.Command command) {
        queue(Objects.requireNonNull(command, "command"));
    }

    /** An input for the next pass, which is then due within one period (a still board's scan thread is woken). */
    private void queue(SessionInput input) {
        inbox.add(input);
        wakeScan();
    }

    // ------------------------------------------------------------------------------------------------ driving

    /**
     * One pass at {@code nowMillis}: the inbox (buttons, faults, commands), one scan pass (stable frames go to the
     * session), the session's timers, then the LEDs. Call from one thread only, with times that never go back.
     */
    public void step(long nowMillis) {
        for (SessionInput input; (input = inbox.poll()) != null; ) {
            stirredMillis = nowMillis;
            accept(input, Math.max(input.timeMillis(), lastMillis));
        }
        // the scan loop returns what it read; what the session makes of it is the runtime's, not the sensors'
        SensorFrame frame = scanLoop.step(nowMillis).orElse(null);
        if (frame != null) {
            stirredMillis = nowMillis;
            frameRead(frame);
        }
        accept(new SessionInput.Tick(nowMillis), nowMillis);
        lastMillis = nowMillis;
        checkpoint(nowMillis);
        showJournalFault(nowMillis);
        if (facts.passEnded(nowMillis, view, lastSeq())) {
            // a change of the session (a move, a pause, a new game): the clock faces are asked for again
            outputs.clocksChanged();
        }
        outputs.showLeds(view);
        outputs.showClock(nowMillis);
    }

    /** The change's facts become the board's, after the journal and before anyone is told of it. */
    private void showFacts(BoardChange change) {
        facts.changed(change.change(), lastSeq());
    }

    /** The number of the board's last event: the link's numbering's, else the journal's. */
    private long lastSeq() {
        return numbering == null ? journal.lastSeq() : numbering.lastSeq();
    }

    /** A stable frame to the session (a failure there is the session's, said by {@link #accept}). */
    private void frameRead(SensorFrame frame) {
        accept(new SessionInput.Frame(frame), frame.timeMillis());
    }

    /**
     * Runs {@link #step(long)} at the scan rate on a thread of its own until {@link #close()} (a {@link ScanThread}:
     * while the board is {@linkplain #stillUntil still} and its sensors signal their changes, it waits for a change
     * instead of running passes that would find nothing).
     */
    public synchronized void start() {
        if (scanThread != null) {
            throw new IllegalStateException("the board application is already running");
        }
        log.info("board running: {} Hz scan ({}), commit {}, illegal moves: {}", scanLoop.settings().rateHz(),
                scanLoop.signals() ? "waits for the sensors' change signal while still" : "every pass",
                settings().inference().commitPolicy(), settings().illegalMoves());
        scanThread = passes().start("shogiban-scan");
    }

    /** The scan thread's passes, made once: {@link #start()} runs them on a thread, tests on injected time. */
    synchronized ScanThread passes() {
        if (passes == null) {
            passes = new ScanThread(scanLoop, clock, this::guardedStep, this::guardedStillUntil);
        }
        return passes;
    }

    /**
     * Until when (scan clock time) the board is still after the pass at {@code nowMillis}, so that passes before then
     * would find nothing: no input waiting, the sensors showing their stable values, no change for longer than every
     * timer of the inference and the setup ({@link #quietMillis()}), and then the next thing due: the snapshot's age,
     * and while a clock runs its display's next visible change (its beeps and time up fall on those). Any earlier
     * time (the pass's own) when it is not still.
     */
    long stillUntil(long nowMillis) {
        if (!inbox.isEmpty() || !scanLoop.still() || nowMillis - stirredMillis < quietMillis()) {
            return nowMillis;
        }
        long due = Math.min(facts.nextDue(), outputs.nextClockChange(facts.facts().clockRunning(), nowMillis));
        // a listener that needs passes (systemd's watchdog) gets one at least as often as it asked
        return longestGapMillis == Long.MAX_VALUE ? due : Math.min(due, nowMillis + longestGapMillis);
    }

    /**
     * How long after the last change the board may still change by itself: the longest of the inference's timers
     * (settle, discrepancy, promotion window; a clock press's lag and the setup's settle are within them) and the
     * debounce time.
     */
    private long quietMillis() {
        org.shogiban.inference.InferenceConfig c = session.settings().inference();
        return Math.max(c.settleMillis(), Math.max(c.discrepancyMillis(), c.promotionWindowMillis()))
                + scanLoop.settings().stableMillis();
    }

    /** {@link #stillUntil}, a failure of which is counted as a pass's and means "not still": the passes go on. */
    private long guardedStillUntil(long nowMillis) {
        try {
            return stillUntil(nowMillis);
        } catch (RuntimeException e) {
            passFailures.failed(e);
            return nowMillis;
        }
    }

    private void guardedStep(long nowMillis) {
        try {
            step(nowMillis);
        } catch (RuntimeException e) {
            // an exception escaping here would end the scan thread and stop the board: said once per kind (a
            // failure of every pass would otherwise log 100 stack traces a second), counted, and the board goes on
            passFailures.failed(e);
        }
    }

    /** Stops the scan thread (if started), turns the LEDs off and stops listening to the ports. */
    @Override
    public void close() {
        Thread thread;
        synchronized (this) {
            thread = scanThread;
            scanThread = null;
        }
        if (thread != null) {
            passes.stop();
            try {
                thread.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive()) {
                log.warn("the scan thread did not stop within 2 s");
            }
        }
        board.buttons().removeListener(buttonListener);
        board.faults().removeListener(faultListener);
        board.leds().show(LedFrame.dark());
        board.buzzer().silence();
        log.info("board stopped in phase {}", session.phase());
    }

    // ------------------------------------------------------------------------------------------------ output

    /** One input through the session, then its change through the stages; a failing session is said as such. */
    private void accept(SessionInput input, long nowMillis) {
        SessionChange change;
        try {
            change = session.accept(input);
        } catch (RuntimeException e) {
            // a bug in the session: not a sensor fault, and the board goes on with the next input
            log.error("the session failed on {} (phase {}); the input is dropped", input, session.phase(), e);
            view = session.view();
            return;
        }
        dispatch(change, nowMillis);
    }

    /** One input's change, built once by the session: every stage reads it, none goes back to the session. */
    private void dispatch(SessionChange sessionChange, long nowMillis) {
        view = sessionChange.view();
        if (!sessionChange.changed()) {
            return;
        }
        stirredMillis = Math.max(stirredMillis, nowMillis);
        List<BoardEvent> events = sessionChange.events();
        recordFiles.changed(events, sessionChange.record());
        EventNumbering numbers = numbering;
        List<LoggedEvent> numbered = List.of();
        if (numbers != null) {
            try {
                numbered = numbers.number(sessionChange);
                failures.works("event numbering");
            } catch (RuntimeException e) {
                failures.failed("event numbering", events, e);
            }
        }
        BoardChange change = new BoardChange(sessionChange, numbered, nowMillis);
        for (Stage stage : stages) {
            failures.run(stage.name(), stage.stage(), change);
        }
        showJournalFault(nowMillis);
    }

    /** The numbered events to the keeper, after the listeners (the parts took their look at the change first). */
    private void handOverEvents(BoardChange change) {
        BoardEvents stream = events;
        if (stream != null) {
            stream.handOver(change.numbered());
        }
    }

    /** The record file last: not on the acknowledgement's path (BackgroundRecordSink writes on its own thread). */
    private void saveRecord(BoardChange change) {
        recordFiles.save(change.events(), change.record());
    }

    /**
     * Shows the journal's fault as the session shows a device's: the status light, the snapshot's {@code faults}
     * ({@code journal (disk full) at journal.log}), the link's {@code FAULT}; and its end when the journal caught up.
     */
    private void showJournalFault(long nowMillis) {
        for (FaultEvent f : journalFault.update(journal.fault(), journal.faultDetail(), nowMillis)) {
            accept(new SessionInput.Fault(f), nowMillis);
        }
    }

    /** The record of the game as the last change left it, or null before the first game (and while setting up). */
    GameRecord record() {
        return recordFiles.record();
    }

    /** The file name the current game's record is saved under, or null before the first game started. */
    public String recordName() {
        return recordFiles.recordName();
    }

    /**
     * What the clock display shows when a host keeps the time (the USI bridge's {@code go btime ... wtime ...}):
     * shown while the game has no time control of its own. Any thread.
     */
    public void showHostClocks(long senteMs, long goteMs, long byoyomiMs) {
        outputs.showHostClocks(senteMs, goteMs, byoyomiMs);
        wakeScan();
    }

    /** The clocks to show changed from another thread: the next pass shows them (within one period). */
    private void wakeScan() {
        ScanThread t = passes;
        if (t != null) {
            t.wake();
        }
    }

    /**
     * Shows a site's clocks (lishogi's {@code btime}/{@code wtime}: sente's, gote's) on the clock display while
     * the game has no time control of its own, {@code running}'s counting down from now until the next update. Any
     * thread.
     */
    public void showSiteClocks(long senteMs, long goteMs, Side running) {
        outputs.showSiteClocks(senteMs, goteMs, running, now());
        wakeScan();
    }
}
