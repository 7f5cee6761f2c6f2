package org.shogiban.inference;

import org.shogiban.hal.SensorFrame;
import org.shogiban.rules.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guides the players to set up a start position (even game, a {@link Handicap} or any SFEN): each frame tells which
 * squares and slots are still wrong and what belongs there; once the board has matched for the settle time the game
 * can start with {@link #startGame()}.
 */
public final class PositionSetup {
    private static final Logger log = LoggerFactory.getLogger(PositionSetup.class);
    private static final int[] NO_PENDING = new int[14];

    private final Position target;
    private final ExpectedFrame picture;
    private final InferenceConfig config;
    private long matchingSince = Long.MIN_VALUE;
    private boolean ready;

    public PositionSetup(Position target, InferenceConfig config) {
        this.target = target;
        this.picture = ExpectedFrame.of(target);
        this.config = config;
    }

    public Position target() {
        return target;
    }

    /** Compares a frame with the target position. */
    public SetupStatus onFrame(SensorFrame frame) {
        InferenceEvent.Discrepancy d = FrameComparison.discrepancy(frame.timeMillis(), picture, NO_PENDING, frame,
                config.sensorKind());
        if (!d.isEmpty()) {
            matchingSince = Long.MIN_VALUE;
            ready = false;
        } else {
            if (matchingSince == Long.MIN_VALUE) {
                matchingSince = frame.timeMillis();
            }
            if (!ready && frame.timeMillis() - matchingSince >= config.settleMillis()) {
                ready = true;
                log.info("setup of {} complete", target.toSfen());
            }
        }
        return new SetupStatus(d.squares(), d.slots(), ready);
    }

    /** Whether the board has matched the target for the settle time. */
    public boolean isReady() {
        return ready;
    }

    /** The inference for the game from the set-up position; only once {@link #isReady()}. */
    public MoveInference startGame() {
        if (!ready) {
            throw new IllegalStateException("the board does not show " + target.toSfen() + " yet");
        }
        return new MoveInference(target, config);
    }
}
