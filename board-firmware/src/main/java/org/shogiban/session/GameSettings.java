package org.shogiban.session;

import java.util.Objects;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Position;

/**
 * How the board plays a game.
 *
 * @param start the position the players set up before each game (even game, a handicap, or any position)
 * @param inference how moves are read from the sensors, including the commit policy
 * @param illegalMoves what an illegal move does
 * @param impasse the point rule a declaration (入玉宣言) is judged by
 * @param timeControl the clock's time control ({@link TimeControl#NONE}: no time limit)
 * @param beeps when the clock beeps ({@link BeepSchedule#SILENT} in tests)
 */
public record GameSettings(Position start, InferenceConfig inference, IllegalMovePolicy illegalMoves,
                           ImpasseRule impasse, TimeControl timeControl, BeepSchedule beeps) {
    public GameSettings {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(inference, "inference");
        Objects.requireNonNull(illegalMoves, "illegalMoves");
        Objects.requireNonNull(impasse, "impasse");
        Objects.requireNonNull(timeControl, "timeControl");
        Objects.requireNonNull(beeps, "beeps");
    }

    /** Settings under the 27-point declaration rule, without a time limit. */
    public GameSettings(Position start, InferenceConfig inference, IllegalMovePolicy illegalMoves) {
        this(start, inference, illegalMoves, ImpasseRule.POINTS_27, TimeControl.NONE, BeepSchedule.DEFAULT);
    }

    /** Settings with the illegal-move policy that goes with the commit policy (tournament loses, casual puts back). */
    public static GameSettings of(Position start, InferenceConfig inference) {
        return new GameSettings(start, inference, IllegalMovePolicy.forCommit(inference.commitPolicy()));
    }

    /** These settings with another declaration rule. */
    public GameSettings withImpasse(ImpasseRule rule) {
        return new GameSettings(start, inference, illegalMoves, rule, timeControl, beeps);
    }

    /** These settings with a time control. */
    public GameSettings withTime(TimeControl control) {
        return new GameSettings(start, inference, illegalMoves, impasse, control, beeps);
    }

    /** These settings with another beep schedule. */
    public GameSettings withBeeps(BeepSchedule schedule) {
        return new GameSettings(start, inference, illegalMoves, impasse, timeControl, schedule);
    }
}
