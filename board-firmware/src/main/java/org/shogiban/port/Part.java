package org.shogiban.port;

/**
 * A part on the board, made by its {@link PartFactory} from a {@link BoardPort}. The assembly makes every part, then
 * {@linkplain #start() starts} them in the order given, before the runtime's first pass (so no change is missed), and
 * closes them in the reverse order after the runtime stopped. A part keeps its subscriptions and closes them in
 * {@link #close()}.
 */
public interface Part extends AutoCloseable {

    /** Starts the part's own threads; the runtime does not run yet. A failure leaves the board without the part. */
    default void start() throws Exception {
    }

    /** Stops the part: its threads end, its subscriptions are closed. Called once. */
    @Override
    void close();
}
