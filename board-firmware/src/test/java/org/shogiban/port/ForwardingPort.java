package org.shogiban.port;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import org.shogiban.notation.GameRecord;
import org.shogiban.session.BoardFacts;
import org.shogiban.session.GameSettings;
import org.shogiban.session.SessionInput;

/** A port that passes everything on to another: tests and harnesses override what they watch or change. */
public class ForwardingPort implements BoardPort {
    private final BoardPort port;

    public ForwardingPort(BoardPort port) {
        this.port = Objects.requireNonNull(port, "port");
    }

    @Override
    public String name() {
        return port.name();
    }

    @Override
    public BoardFacts facts() {
        return port.facts();
    }

    @Override
    public Optional<GameRecord> record() {
        return port.record();
    }

    @Override
    public Subscription subscribe(ChangeListener listener) {
        return port.subscribe(listener);
    }

    @Override
    public EventStream events() {
        return port.events();
    }

    @Override
    public long now() {
        return port.now();
    }

    @Override
    public void submit(SessionInput.Command command) {
        port.submit(command);
    }

    @Override
    public void health(PartHealth health) {
        port.health(health);
    }

    @Override
    public boolean hasPart(String name) {
        return port.hasPart(name);
    }

    @Override
    public GameSettings boardSettings() {
        return port.boardSettings();
    }

    @Override
    public Optional<Path> records() {
        return port.records();
    }

    @Override
    public Optional<Path> state() {
        return port.state();
    }

    @Override
    public Optional<String> arbiterPin() {
        return port.arbiterPin();
    }

    @Override
    public void showHostClocks(long senteMs, long goteMs, long byoyomiMs) {
        port.showHostClocks(senteMs, goteMs, byoyomiMs);
    }

    @Override
    public void showSiteClocks(long senteMs, long goteMs, org.shogiban.rules.Side running) {
        port.showSiteClocks(senteMs, goteMs, running);
    }
}
