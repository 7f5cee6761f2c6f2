package org.shogiban.app;

import org.shogiban.port.BoardChange;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
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
import org.shogiban.notation.EndKind;
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
 * it), the buzzer and clock display ({@link BoardSignals}), the listeners in the order they were added (the
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
    /** How old the snapshot's clock may be while a clock runs (it is made again after every change). */
    static final long SNAPSHOT_MAX_AGE_MILLIS = 100;
    /**
     * How old the snapshot may be while no clock runs: nothing in it moves with time then, but what changes without
     * an event (a prompt's words) shows within this; an idle board does not make its facts ten times a second.
     */
    static final long SNAPSHOT_IDLE_AGE_MILLIS = 1_000;
    /** How late a pass may wake up and still be stamped with its due time ({@link #dueMillis()}). */
    static final long DUE_SLACK_MILLIS = 2;

    private final Board board;
    private final MonotonicClock clock;
    private final GameSession session;
    private final RecordSink records;
    /** The last record saved under {@link #recordName} (kept while a new game is set up), or null. */
    private GameRecord namedRecord;
    private final ScanLoop scanLoop;
    private final BoardSignals signals;
    /** The LEDs and the clock display, written at the end of each pass. */
    private final BoardOutputs outputs;
    /** The listeners stage: each listener (a {@link BoardListener} or a change listener) in the order added. */
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    /** The stages after the numbering, in their fixed order. */
    private final List<Stage> stages;
    /** Stages failing now (each said once until it works again). */
    private final Set<String> failingStages = new HashSet<>();
    /** Told before the record, the sounds and the other listeners. */
    private volatile ChangeJournal journal = ChangeJournal.NONE;
    private volatile EventNumbering numbering;
    /** The board's event stream, told each change's numbered events after the listeners; null without one. */
    private volatile BoardEvents events;
    /** The journal's fault as shown. */
    private final JournalFaultShown journalFault = new JournalFaultShown();
    private final ConcurrentLinkedQueue<SessionInput> inbox = new ConcurrentLinkedQueue<>();
    private final ButtonListener buttonListener = e -> inbox.add(new SessionInput.Press(e));
    private final FaultListener faultListener = f -> inbox.add(new SessionInput.Fault(f));

    private final GameSettings boardSettings;
    private String recordName;
    /** The record as the last change left it (null before the first game). */
    private volatile GameRecord record;
    private long lastMillis = Long.MIN_VALUE;
    /** The last change of the pass whose snapshot is not shown yet (null when none). */
    private SessionChange unshown;
    private long snapshotMillis = Long.MIN_VALUE;
    private BoardView snapshotView;
    private volatile BoardView view;
    private volatile Written written;
    /** The typed facts the snapshot is written from (the same moment, the same seq). */
    private volatile BoardFacts facts;
    private Thread scanThread;
    private final org.shogiban.threads.FailureCounts passFailures = new org.shogiban.threads.FailureCounts(log,
            "a board pass");
    private volatile boolean scanning;
    /** Passes run by the scan thread, and the time of its first (for {@link #dueMillis()}). */
    private long passesRun;
    private long firstPassMillis;

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
        this.records = Objects.requireNonNull(records, "records");
        this.scanLoop = new ScanLoop(board.squares(), board.komadai(), scan, clock, board.faults());
        this.signals = new BoardSignals(board);
        this.outputs = new BoardOutputs(board, session);
        this.stages = List.of(
                new Stage("journal", c -> journal.changed(c)),
                new Stage("sounds and clock display", c -> c.events().forEach(signals::onEvent)),
                new Stage("listeners", this::tellListeners),
                new Stage("event keeper", this::handOverEvents),
                new Stage("record file", this::saveRecord));
        board.buttons().addListener(buttonListener);
        board.faults().addListener(faultListener);
        view = session.view();
        facts = session.facts(clock.millis());
        record = session.record();
        boardSettings = session.boardSettings();
    }

    /** One listener of the listeners stage, under the key it is removed by. */
    private record Listener(Object key, String name, BoardStage stage) {
    }

    /** One stage and the name its failures are reported under. */
    private record Stage(String name, BoardStage stage) {
    }

    /** Starts sending what happens to {@code listener} (after the listeners added before it), event by event. */
    public void addListener(BoardListener listener) {
        Objects.requireNonNull(listener);
        listeners.add(new Listener(listener, "listener " + listener, c -> c.events().forEach(listener::onEvent)));
    }

    /** Starts sending each input's whole change to {@code listener} (after the listeners added before it). */
    public void addChangeListener(BoardStage listener) {
        Objects.requireNonNull(listener);
        listeners.add(new Listener(listener, "listener " + listener, listener));
    }

    /** Stops sending changes to a listener added by {@link #addChangeListener}. */
    public void removeChangeListener(BoardStage listener) {
        listeners.removeIf(l -> l.key() == listener);
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
        listeners.removeIf(l -> l.key() == listener);
    }

    /** Tells {@code listener} about every scan pass that read the sensors (a service watchdog's proof of life). */
    public void addPassListener(PassListener listener) {
        scanLoop.addPassListener(listener);
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

    /**
     * The board's state: the one JSON snapshot, made again after every change and otherwise at least every
     * {@value #SNAPSHOT_MAX_AGE_MILLIS} ms while a clock runs (its clock is at most that old), every
     * {@value #SNAPSHOT_IDLE_AGE_MILLIS} ms while none does. Any thread.
     */
    public BoardSnapshot snapshot() {
        // written from the facts when asked (the edge), once per facts: an idle board writes none
        BoardFacts now = facts;
        Written w = written;
        if (w == null || w.facts() != now) {
            w = new Written(now, BoardSnapshot.of(now));
            written = w;
        }
        return w.snapshot();
    }

    /** The snapshot last written and the facts it was written from. */
    private record Written(BoardFacts facts, BoardSnapshot snapshot) {
    }

    /** The journal's checkpoint of this pass (a stage of its own: its failure is said as the journal's). */
    private void checkpoint(long nowMillis) {
        try {
            journal.passed(session, nowMillis);
            stageWorks("journal");
        } catch (RuntimeException e) {
            stageFailedOn("journal", "checkpoint", e);
        }
    }

    /** The board's typed facts, the ones {@link #snapshot()} is written from. Any thread. */
    public BoardFacts facts() {
        return facts;
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
        Objects.requireNonNull(listener);
        Listener l = new Listener(listener, name, listener::changed);
        listeners.add(l);
        return () -> listeners.remove(l);
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
        inbox.add(Objects.requireNonNull(command, "command"));
    }

    // ------------------------------------------------------------------------------------------------ driving

    /**
     * One pass at {@code nowMillis}: the inbox (buttons, faults, commands), one scan pass (stable frames go to the
     * session), the session's timers, then the LEDs. Call from one thread only, with times that never go back.
     */
    public void step(long nowMillis) {
        for (SessionInput input; (input = inbox.poll()) != null; ) {
            accept(input, Math.max(input.timeMillis(), lastMillis));
        }
        // the scan loop returns what it read; what the session makes of it is the runtime's, not the sensors'
        SensorFrame frame = scanLoop.step(nowMillis).orElse(null);
        if (frame != null) {
            frameRead(frame);
        }
        accept(new SessionInput.Tick(nowMillis), nowMillis);
        lastMillis = nowMillis;
        checkpoint(nowMillis);
        showJournalFault(nowMillis);
        long seq = numbering == null ? journal.lastSeq() : numbering.lastSeq();
        if (unshown != null) {
            // the change's own facts, made once by the session
            facts = unshown.facts().withSeq(seq);
            snapshotMillis = unshown.timeMillis();
            snapshotView = unshown.view();
            unshown = null;
            outputs.clocksChanged();
        }
        long maxAge = facts.clockRunning() != null ? SNAPSHOT_MAX_AGE_MILLIS : SNAPSHOT_IDLE_AGE_MILLIS;
        if (!view.equals(snapshotView) || nowMillis - snapshotMillis >= maxAge) {
            // not every pass: the facts hold the position and the moves, and only their clock changes between
            facts = session.facts(nowMillis).withSeq(seq);
            snapshotMillis = nowMillis;
            snapshotView = view;
        } else if (facts.seq() != seq) {
            facts = facts.withSeq(seq);
        }
        outputs.showLeds(view);
        outputs.showClock(nowMillis);
    }

    /** A stable frame to the session (a failure there is the session's, said by {@link #accept}). */
    private void frameRead(SensorFrame frame) {
        accept(new SessionInput.Frame(frame), frame.timeMillis());
    }

    /**
     * Runs {@link #step(long)} at the scan rate on a thread of its own until {@link #close()}: a plain thread that
     * parks until the next pass is due (at a fixed rate, as a scheduled executor would run it: a late pass is
     * followed by the ones it delayed), since a scheduled executor's queue and lock cost about twice the CPU per
     * wake-up, and at 100 Hz the wake-ups are most of what an idle board costs (docs/benchmarks.md).
     */
    public synchronized void start() {
        if (scanThread != null) {
            throw new IllegalStateException("the board application is already running");
        }
        long period = scanLoop.settings().periodMicros();
        log.info("board running: {} Hz scan, commit {}, illegal moves: {}", scanLoop.settings().rateHz(),
                settings().inference().commitPolicy(), settings().illegalMoves());
        scanning = true;
        scanThread = Thread.ofPlatform().name("shogiban-scan").daemon().unstarted(() -> scan(period * 1000));
        scanThread.setPriority(Thread.MAX_PRIORITY);
        scanThread.start();
    }

    /** The scan thread's loop: a pass, then parked until the next one is due. */
    private void scan(long periodNanos) {
        long next = System.nanoTime();
        while (scanning) {
            guardedStep();
            next += periodNanos;
            for (long wait; scanning && (wait = next - System.nanoTime()) > 0; ) {
                LockSupport.parkNanos(this, wait);
            }
        }
    }

    /**
     * The time of this pass: when it was due (the first pass's time plus whole periods) if the thread woke up at most
     * {@value #DUE_SLACK_MILLIS} ms after that, else the clock. Times truncated to the millisecond at each wake-up
     * would make 40 passes span 399 ms now and then, and a 400 ms settle time would then wait one more pass (10 ms)
     * half the time; the due times keep punctual passes exactly one period apart. A late pass keeps its real time,
     * so a late sample never counts as earlier than it was taken (by more than the slack).
     */
    private long dueMillis() {
        long now = clock.millis();
        if (passesRun == 0) {
            firstPassMillis = now;
        }
        long due = firstPassMillis + passesRun * scanLoop.settings().periodMicros() / 1000;
        passesRun++;
        long late = now - due;
        return Math.max(lastMillis, late >= 0 && late <= DUE_SLACK_MILLIS ? due : now);
    }

    private void guardedStep() {
        try {
            step(dueMillis());
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
            scanning = false;
        }
        if (thread != null) {
            LockSupport.unpark(thread);
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
        List<BoardEvent> events = sessionChange.events();
        record = sessionChange.record();
        unshown = sessionChange;
        noteRecordName(events, namedRecord);
        if (record != null) {
            namedRecord = record;
        }
        EventNumbering numbers = numbering;
        List<LoggedEvent> numbered = List.of();
        if (numbers != null) {
            try {
                numbered = numbers.number(sessionChange);
                stageWorks("event numbering");
            } catch (RuntimeException e) {
                stageFailed("event numbering", events, e);
            }
        }
        BoardChange change = new BoardChange(sessionChange, numbered, nowMillis);
        for (Stage stage : stages) {
            run(stage.name(), stage.stage(), change);
        }
        showJournalFault(nowMillis);
    }

    private void tellListeners(BoardChange change) {
        for (Listener l : listeners) {
            run(l.name(), l.stage(), change);
        }
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
        if (recordName != null && change.events().stream().anyMatch(BoardApplication::changesRecord)) {
            if (change.record() != null) {
                records.save(recordName, change.record());
            }
        }
    }

    /**
     * Runs one stage on a change; a failure is that stage's, said once until it works again, and the board goes on
     * (the change is described only then: nothing is formatted for a stage that works).
     */
    private void run(String stage, BoardStage action, BoardChange change) {
        try {
            action.accept(change);
            stageWorks(stage);
        } catch (RuntimeException e) {
            stageFailedOn(stage, change.events().get(0).describe(), e);
        }
    }

    private void stageFailedOn(String stage, String what, RuntimeException e) {
        if (failingStages.add(stage)) {
            log.error("stage '{}' failed on {}; the later stages go on", stage, what, e);
        } else {
            log.debug("stage '{}' failed again on {}: {}", stage, what, e.toString());
        }
    }

    private void stageFailed(String stage, List<BoardEvent> events, RuntimeException e) {
        if (failingStages.add(stage)) {
            log.error("stage '{}' failed on {}; the later stages go on", stage, events.get(0).describe(), e);
        }
    }

    private void stageWorks(String stage) {
        if (!failingStages.isEmpty() && failingStages.remove(stage)) {
            log.info("stage '{}' works again", stage);
        }
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

    /** Names the record file when a game starts or resumes; a game replaced before any move leaves no record. */
    private void noteRecordName(List<BoardEvent> events, GameRecord before) {
        for (BoardEvent event : events) {
            if (event instanceof BoardEvent.GameStarted || event instanceof BoardEvent.GameResumed) {
                String name = RecordDirectory.fileName(session.startedAt(), session.zone());
                if (event instanceof BoardEvent.GameStarted && recordName != null && !recordName.equals(name)
                        && holdsNothing(before)) {
                    records.discard(recordName);
                }
                recordName = name;
                log.info("record {}", recordName);
            }
        }
    }

    /** A record with no move, no comment and no result (none, or an abort). */
    private static boolean holdsNothing(GameRecord r) {
        return r != null && r.recordedMoves().isEmpty() && r.startComments().isEmpty()
                && (r.end().kind() == EndKind.NONE || r.end().kind() == EndKind.ABORTED);
    }

    private static boolean changesRecord(BoardEvent event) {
        return event instanceof BoardEvent.GameStarted || event instanceof BoardEvent.GameResumed
                || event instanceof BoardEvent.MovePlayed
                || event instanceof BoardEvent.MovesTakenBack || event instanceof BoardEvent.GameOver
                || event instanceof BoardEvent.ArbiterActed;
    }

    /** The record of the game as the last change left it, or null before the first game (and while setting up). */
    GameRecord record() {
        return record;
    }

    /** The file name the current game's record is saved under, or null before the first game started. */
    public String recordName() {
        return recordName;
    }

    /**
     * What the clock display shows when a host keeps the time (the USI bridge's {@code go btime ... wtime ...}):
     * shown while the game has no time control of its own. Any thread.
     */
    public void showHostClocks(long senteMs, long goteMs, long byoyomiMs) {
        outputs.showHostClocks(senteMs, goteMs, byoyomiMs);
    }

    /**
     * Shows a site's clocks (lishogi's {@code btime}/{@code wtime}: sente's, gote's) on the clock display while
     * the game has no time control of its own, {@code running}'s counting down from now until the next update. Any
     * thread.
     */
    public void showSiteClocks(long senteMs, long goteMs, Side running) {
        outputs.showSiteClocks(senteMs, goteMs, running, now());
    }
}
