package org.shogiban.session;

import java.util.Locale;
import org.shogiban.inference.CommitPolicy;

/**
 * How a game is played: {@link #CASUAL} (a move counts when the board is still, an illegal move is put back, takebacks
 * allowed) or {@link #TOURNAMENT} (a move counts at the clock press, an illegal move loses, JSA rules).
 */
public enum PlayMode {
    /** Commit stable, illegal moves put back. */
    CASUAL,
    /** Commit at the clock press, an illegal move loses. */
    TOURNAMENT;

    /** The mode's word on the link, the web page and in the snapshot: {@code casual}, {@code tournament}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode settings are played in (by their illegal-move policy, as the snapshot says it). */
    public static PlayMode of(GameSettings settings) {
        return settings.illegalMoves() == IllegalMovePolicy.LOSS ? TOURNAMENT : CASUAL;
    }

    /** Reads {@code casual} or {@code tournament} (any case); an IllegalArgumentException names the word. */
    public static PlayMode parse(String word) {
        return switch (word.strip().toLowerCase(Locale.ROOT)) {
            case "casual" -> CASUAL;
            case "tournament" -> TOURNAMENT;
            default -> throw new IllegalArgumentException("mode '" + word + "' is not casual or tournament");
        };
    }

    /** These settings played in this mode: the commit policy and the illegal-move policy that go with it. */
    public GameSettings applyTo(GameSettings settings) {
        if (of(settings) == this && settings.inference().commitPolicy() == commit()) {
            return settings;
        }
        return new GameSettings(settings.start(), settings.inference().withCommitPolicy(commit()),
                IllegalMovePolicy.forCommit(commit()), settings.impasse(), settings.timeControl(), settings.beeps());
    }

    private CommitPolicy commit() {
        return this == TOURNAMENT ? CommitPolicy.CLOCK : CommitPolicy.STABLE;
    }
}
