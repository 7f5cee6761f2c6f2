package org.shogiban.session;

/**
 * Receives what the board application does. Called on the thread that drives the application (the scan thread);
 * must return quickly. the runtime's view already shows the state after the event.
 */
@FunctionalInterface
public interface BoardListener {

    /** Something happened. */
    void onEvent(BoardEvent event);
}
