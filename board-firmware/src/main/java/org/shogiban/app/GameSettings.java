package org.shogiban.app;

import java.util.Objects;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;

/**
 * How the board plays a game.
 *
 * @param start the position the players set up before each game (even game, a handicap, or any position)
 * @param inference how moves are read from the sensors, including the commit policy
 * @param illegalMoves what an illegal move does
 */
public record GameSettings(Position start, InferenceConfig inference, IllegalMovePolicy illegalMoves) {
    public GameSettings {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(inference, "inference");
        Objects.requireNonNull(illegalMoves, "illegalMoves");
    }

    /** Settings with the illegal-move policy that goes with the commit policy (tournament loses, casual puts back). */
    public static GameSettings of(Position start, InferenceConfig inference) {
        return new GameSettings(start, inference, IllegalMovePolicy.forCommit(inference.commitPolicy()));
    }
}
