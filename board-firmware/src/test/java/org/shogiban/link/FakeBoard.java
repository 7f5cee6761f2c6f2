package org.shogiban.link;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.shogiban.notation.GameRecord;

/** A board for the link's tests: events are emitted by the test, games and answers are set by it. */
class FakeBoard implements LinkedBoard {
    final List<Consumer<LinkEvent>> listeners = new CopyOnWriteArrayList<>();
    final Map<String, GameRecord> records = new LinkedHashMap<>();
    final List<StoredGame> games = new ArrayList<>();
    final List<Object> commands = new CopyOnWriteArrayList<>();
    volatile String state = "{\"phase\":\"PLAYING\",\"ply\":0}";

    /** Emits an event as the board's thread would. */
    void emit(LinkEvent event) {
        for (Consumer<LinkEvent> l : listeners) {
            l.accept(event);
        }
    }

    @Override
    public String stateJson() {
        return state;
    }

    @Override
    public AutoCloseable subscribe(Consumer<LinkEvent> listener) {
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
