package org.shogiban.app;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.shogiban.hal.FaultEvent;
import org.shogiban.notation.GameRecord;
import org.shogiban.port.BoardPort;
import org.shogiban.port.ChangeListener;
import org.shogiban.port.EventStream;
import org.shogiban.port.PartHealth;
import org.shogiban.port.Subscription;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;

/**
 * One part's port over the runtime, made by the assembly: the runtime's facts, changes and inbox, the assembly's
 * event stream, the board's directories and PIN, and the part's health: the one way a part's trouble is shown, as a
 * fault of its device ({@code <chip> at <address>}) or of chip {@code <part> (<detail>)} at {@code part} while it
 * fails.
 */
final class PartPort implements BoardPort {
    /** The address a part's fault is shown under. */
    static final String ADDRESS = "part";

    private final String name;
    private final BoardApplication app;
    private final Path records;
    private final Path state;
    private final Optional<String> arbiterPin;
    private final Supplier<EventStream> events;
    private final Set<String> parts;
    /** The fault shown for each failing device of the part (a null key: the part itself). */
    private final Map<PartHealth.Device, FaultEvent> shown = new HashMap<>();

    /**
     * @param records the records directory, or null
     * @param state the state directory, or null
     * @param events the board's event stream, made when first asked for
     * @param parts the names of every part on the board
     */
    PartPort(String name, BoardApplication app, Path records, Path state, Optional<String> arbiterPin,
             Supplier<EventStream> events, Set<String> parts) {
        this.name = Objects.requireNonNull(name, "name");
        this.app = Objects.requireNonNull(app, "app");
        this.records = records;
        this.state = state;
        this.arbiterPin = Objects.requireNonNull(arbiterPin, "arbiterPin");
        this.events = events;
        this.parts = Set.copyOf(parts);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public BoardFacts facts() {
        return app.facts();
    }

    @Override
    public Optional<GameRecord> record() {
        return Optional.ofNullable(app.record());
    }

    @Override
    public Subscription subscribe(ChangeListener listener) {
        return app.subscribe(name, listener);
    }

    @Override
    public EventStream events() {
        return events.get();
    }

    @Override
    public long now() {
        return app.now();
    }

    @Override
    public void submit(SessionInput.Command command) {
        app.submit(command);
    }

    @Override
    public synchronized void health(PartHealth health) {
        FaultEvent now = shownAs(health);
        PartHealth.Device key = health.device();
        FaultEvent before = shown.get(key);
        if (Objects.equals(now == null ? null : now.chip(), before == null ? null : before.chip())) {
            return; // said again: nothing changes
        }
        if (before != null) {
            app.fault(new FaultEvent(before.chip(), before.address(), FaultEvent.Type.RECOVERED, health.detail(),
                    app.now()));
            shown.remove(key);
        }
        if (now != null) {
            shown.put(key, now);
            app.fault(now);
        }
    }

    /** The fault a failing health is shown as (null while it works): the device's own words, or the part's. */
    private FaultEvent shownAs(PartHealth health) {
        if (health.ok()) {
            return null;
        }
        PartHealth.Device d = health.device();
        return d == null
                ? new FaultEvent(name + " (" + health.detail() + ")", ADDRESS, FaultEvent.Type.FAILED, health.detail(),
                        app.now())
                : new FaultEvent(d.chip(), d.address(), FaultEvent.Type.FAILED, health.detail(), app.now());
    }

    @Override
    public boolean hasPart(String partName) {
        return parts.contains(partName);
    }

    @Override
    public GameSettings boardSettings() {
        return app.boardSettings();
    }

    @Override
    public Optional<Path> records() {
        return Optional.ofNullable(records);
    }

    @Override
    public Optional<Path> state() {
        return Optional.ofNullable(state);
    }

    @Override
    public Optional<String> arbiterPin() {
        return arbiterPin;
    }

    @Override
    public void showHostClocks(long senteMs, long goteMs, long byoyomiMs) {
        app.showHostClocks(senteMs, goteMs, byoyomiMs);
    }

    @Override
    public void showSiteClocks(long senteMs, long goteMs, org.shogiban.rules.Side running) {
        app.showSiteClocks(senteMs, goteMs, running);
    }
}
