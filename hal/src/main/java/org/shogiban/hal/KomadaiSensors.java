package org.shogiban.hal;

/**
 * Port: the sensors of both komadai (piece stands), counting the pieces in each of the 14 slots.
 *
 * <p>Implementations never throw on a hardware fault: a slot whose sensor cannot be read counts
 * {@link SensorFrame#UNKNOWN}, and the fault goes to the {@link FaultReporter} the implementation was built with.
 */
public interface KomadaiSensors {

    /** Slots per komadai. */
    int SLOTS_PER_SIDE = KomadaiSlot.values().length;

    /** Slots of both komadai. */
    int SLOTS = 2 * SLOTS_PER_SIDE;

    /**
     * Reads every slot into {@code into}: sente's 7 slots then gote's, each in {@link KomadaiSlot} order.
     *
     * @param into 14 counts, overwritten in place; a slot that could not be read gets {@link SensorFrame#UNKNOWN}
     */
    void sample(int[] into);

    /** How these sensors tell the scan loop of a change; {@link ChangeSignal#NONE} (sampled every pass) by default. */
    default ChangeSignal changeSignal() {
        return ChangeSignal.NONE;
    }

    /** The index of a slot in the array {@link #sample} fills. */
    static int index(Player player, KomadaiSlot slot) {
        return player.ordinal() * SLOTS_PER_SIDE + slot.ordinal();
    }

    /** Komadai sensors of a board that has none: every slot is always {@link SensorFrame#UNKNOWN}. */
    static KomadaiSensors absent() {
        return new KomadaiSensors() {
            @Override
            public void sample(int[] into) {
                java.util.Arrays.fill(into, SensorFrame.UNKNOWN);
            }

            @Override
            public ChangeSignal changeSignal() {
                return ChangeSignal.NEVER;
            }
        };
    }
}
