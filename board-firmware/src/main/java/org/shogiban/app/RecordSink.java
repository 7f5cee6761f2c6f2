package org.shogiban.app;

import org.shogiban.notation.GameRecord;

/** Where the board keeps its game records: saved after every move and when the game ends. */
@FunctionalInterface
public interface RecordSink {

    /** A sink that keeps nothing (the console simulator without {@code --records}). */
    RecordSink NONE = (name, record) -> { };

    /**
     * Saves the record of a game, replacing what was saved under the same name before. Never throws: a failure is
     * logged, the game goes on.
     *
     * @param name the game's file name without directory, e.g. {@code 2025-03-01T14-05-09.kifu}
     * @param record the game so far
     */
    void save(String name, GameRecord record);

    /**
     * Forgets a record that holds nothing (no move, no result): its game was replaced before its first move, and a
     * list of games must not show it. Never throws. Does nothing by default.
     *
     * @param name the file name it was saved under
     */
    default void discard(String name) {
    }
}
