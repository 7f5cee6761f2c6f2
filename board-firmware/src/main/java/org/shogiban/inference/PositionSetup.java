package org.shogiban.inference;

import org.shogiban.hal.SensorFrame;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.GameHistory;
import org.shogiban.rules.Position;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guides the players to set up a start position (the even game or a handicap, see {@link #of(Handicap,
 * InferenceConfig)}, or any position): each frame tells which squares and slots are still wrong and what belongs
 * there; once the board has matched for the settle time the game can start with {@link #startGame()}.
 */
public final class PositionSetup {
    private static final Logger log = LoggerFactory.getLogger(PositionSetup.class);
    private static final int[] NO_PENDING = new int[14];

    private final Position target;
    private final ExpectedFrame picture;
    private final InferenceConfig config;
    private long matchingSince = Long.MIN_VALUE;
    private boolean ready;
    /** The last frame compared and what it lacked: a still board is shown again every pass, compared once. */
    private SensorFrame compared;
    private SetupStatus lacking;

    /** The setup of any position, e.g. a tsume problem or an adjourned game. */
    public PositionSetup(Position target, InferenceConfig config) {
        this.target = target;
        this.picture = ExpectedFrame.of(target);
        this.config = config;
    }

    /** The setup of a standard start: the even game or a handicap (駒落ち), whose stronger player moves first. */
    public static PositionSetup of(Handicap handicap, InferenceConfig config) {
        return new PositionSetup(handicap.start(), config);
    }

    /** The position being set up. */
    public Position target() {
        return target;
    }

    /** Compares a frame with the target position. */
    public SetupStatus onFrame(SensorFrame frame) {
        if (compared != null && !lacking.ready() && compared.sameReadings(frame)
                && (!lacking.squares().isEmpty() || !lacking.slots().isEmpty())) {
            // the same readings as last time, still wrong: the same answer (an idle board in setup, every pass)
            return lacking;
        }
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
        SetupStatus status = new SetupStatus(d.squares(), d.slots(), ready);
        compared = frame;
        lacking = status;
        return status;
    }

    /** Whether the board has matched the target for the settle time. */
    public boolean isReady() {
        return ready;
    }

    /**
     * The inference for the game from the set-up position, recording the moves in a game of its own; only once
     * {@link #isReady()}.
     */
    public MoveInference startGame() {
        requireReady();
        return new MoveInference(target, config);
    }

    /**
     * The inference following a game its owner records (the session), started from the set-up position; only once
     * {@link #isReady()}.
     */
    public MoveInference startGame(GameHistory game) {
        requireReady();
        if (!game.current().equals(target)) {
            throw new IllegalArgumentException("the game is at " + game.current().toSfen() + ", not at the set-up "
                    + target.toSfen());
        }
        return new MoveInference(game, config);
    }

    private void requireReady() {
        if (!ready) {
            throw new IllegalStateException("the board does not show " + target.toSfen() + " yet");
        }
    }
}
