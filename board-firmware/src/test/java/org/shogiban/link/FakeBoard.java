package org.shogiban.link;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.shogiban.notation.GameRecord;

/**
 * A board for the link's tests: events are emitted by the test, numbered and kept as the board's event stream numbers
 * and keeps them (on the emitting thread here), then handed over; games and answers are set by it.
 */
class FakeBoard implements LinkedBoard {
    final List<Consumer<LoggedEvent>> listeners = new CopyOnWriteArrayList<>();
    private volatile EventLog numbering = new MemoryEventLog(10_000);
    final Map<String, GameRecord> records = new LinkedHashMap<>();
    final List<StoredGame> games = new ArrayList<>();
    final List<Object> commands = new CopyOnWriteArrayList<>();
    volatile String state = "{\"phase\":\"PLAYING\",\"ply\":0}";

    /** Numbers the events in {@code events} (the log given to the link), as the board's runtime does. */
    FakeBoard numberWith(EventLog events) {
        numbering = events;
        return this;
    }

    /** Emits an event as the board's event stream would: numbered, kept, then handed over. */
    void emit(LinkEvent event) {
        List<LoggedEvent> reserved = numbering.reserve(List.of(event));
        numbering.keep(reserved);
        for (LoggedEvent numbered : reserved) {
            for (Consumer<LoggedEvent> l : listeners) {
                l.accept(numbered);
            }
        }
    }

    @Override
    public String stateJson() {
        return state;
    }

    @Override
    public AutoCloseable subscribe(Consumer<LoggedEvent> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public List<StoredGame> games() {
        return List.copyOf(games);
    }

    @Override
    public Optional<GameRecord> record(String gameId) {
        return Optional.ofNullable(records.get(gameId));
    }

    @Override
    public BoardAnswer newGame(NewGameOptions options) {
        commands.add(options);
        return options.mode().isPresent() ? BoardAnswer.refused("mode is fixed") : BoardAnswer.accepted("new game");
    }

    @Override
    public BoardAnswer arbiter(List<String> words) {
        commands.add(words);
        return words.equals(List.of("undo")) ? BoardAnswer.refused("no move to undo")
                : BoardAnswer.accepted(String.join(" ", words));
    }
}
