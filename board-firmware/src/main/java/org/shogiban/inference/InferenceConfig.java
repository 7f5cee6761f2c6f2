package org.shogiban.inference;

import org.shogiban.hal.SensorKind;

/**
 * How the move inference reads a board.
 *
 * @param sensorKind what the square sensors can tell
 * @param commitPolicy when a move counts as made
 * @param settleMillis how long the readings must stay unchanged for the board to count as still
 * @param discrepancyMillis how long a still board that no move explains waits before it is reported (at least the
 *     settle time: a player holding a piece in the air is not yet a discrepancy)
 * @param promotionWindowMillis on occupancy boards, how long after an optional promotion is announced the player may
 *     promote by lifting the piece and putting it down again; when it runs out the default choice applies
 * @param defaultPromotion the choice taken when the player neither presses a button nor lifts the piece
 * @param maxTakebackPlies how many plies back a restored position is recognised as a takeback (待った, matta)
 */
public record InferenceConfig(SensorKind sensorKind, CommitPolicy commitPolicy, long settleMillis,
                              long discrepancyMillis, long promotionWindowMillis, PromotionChoice defaultPromotion,
                              int maxTakebackPlies) {

    public InferenceConfig {
        if (sensorKind == null || commitPolicy == null || defaultPromotion == null) {
            throw new IllegalArgumentException("sensor kind, commit policy and default promotion are required");
        }
        if (settleMillis <= 0 || discrepancyMillis < settleMillis || promotionWindowMillis <= 0) {
            throw new IllegalArgumentException("need 0 < settle (" + settleMillis + ") <= discrepancy ("
                    + discrepancyMillis + ") and a positive promotion window (" + promotionWindowMillis + ")");
        }
        if (maxTakebackPlies < 0) {
            throw new IllegalArgumentException("max takeback plies must be 0 or more, was " + maxTakebackPlies);
        }
    }

    /** Casual play on a board of a sensor kind: 400 ms settle, 1.2 s to report, 2 s promotion window, promote. */
    public static InferenceConfig defaults(SensorKind kind) {
        return new InferenceConfig(kind, CommitPolicy.STABLE, 400, 1200, 2000, PromotionChoice.PROMOTE, 2);
    }

    public InferenceConfig withCommitPolicy(CommitPolicy policy) {
        return new InferenceConfig(sensorKind, policy, settleMillis, discrepancyMillis, promotionWindowMillis,
                defaultPromotion, maxTakebackPlies);
    }

    public InferenceConfig withSensorKind(SensorKind kind) {
        return new InferenceConfig(kind, commitPolicy, settleMillis, discrepancyMillis, promotionWindowMillis,
                defaultPromotion, maxTakebackPlies);
    }

    public InferenceConfig withDefaultPromotion(PromotionChoice choice) {
        return new InferenceConfig(sensorKind, commitPolicy, settleMillis, discrepancyMillis, promotionWindowMillis,
                choice, maxTakebackPlies);
    }

    public InferenceConfig withTimes(long settle, long discrepancy, long promotionWindow) {
        return new InferenceConfig(sensorKind, commitPolicy, settle, discrepancy, promotionWindow, defaultPromotion,
                maxTakebackPlies);
    }
}
