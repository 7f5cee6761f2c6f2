package org.shogiban.app;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.shogiban.port.BoardChange;
import org.shogiban.port.ChangeListener;
import org.shogiban.port.Subscription;
import org.shogiban.session.BoardListener;

/**
 * The runtime's listeners stage: each listener (told event by event, the whole change, or a part's subscription) in
 * the order added, a failure of one said as that listener's while the others are still told. Listeners are added and
 * removed from any thread; the changes are told on the runtime's.
 */
final class ListenerStage implements BoardStage {
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final StageFailures failures;

    ListenerStage(StageFailures failures) {
        this.failures = Objects.requireNonNull(failures, "failures");
    }

    /** One listener, under the key it is removed by and the name its failures are said under. */
    private record Listener(Object key, String name, BoardStage stage) {
    }

    /** Tells {@code listener} each change's events, one by one. */
    void addEvents(BoardListener listener) {
        Objects.requireNonNull(listener);
        listeners.add(new Listener(listener, "listener " + listener, c -> c.events().forEach(listener::onEvent)));
    }

    /** Tells {@code listener} each whole change. */
    void addChanges(BoardStage listener) {
        Objects.requireNonNull(listener);
        listeners.add(new Listener(listener, "listener " + listener, listener));
    }

    /** Stops telling the listener added under {@code key}. */
    void remove(Object key) {
        listeners.removeIf(l -> l.key() == key);
    }

    /** Tells {@code listener} each change until the subscription is closed; its failures said under {@code name}. */
    Subscription subscribe(String name, ChangeListener listener) {
        Objects.requireNonNull(listener);
        Listener l = new Listener(listener, name, listener::changed);
        listeners.add(l);
        return () -> listeners.remove(l);
    }

    @Override
    public void accept(BoardChange change) {
        for (Listener l : listeners) {
            failures.run(l.name(), l.stage(), change);
        }
    }
}
