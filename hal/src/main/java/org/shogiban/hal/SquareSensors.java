package org.shogiban.hal;

/**
 * Port: the sensors under the 81 squares, sampled all at once.
 *
 * <p>Implementations never throw on a hardware fault: a square whose sensor chip cannot be read keeps the value
 * already in the caller's array (its last sample), and the fault goes to the {@link FaultReporter} the
 * implementation was built with. The scan loop calls {@link #sample} from one thread only.
 */
public interface SquareSensors {

    /** What these sensors can tell about a square. */
    SensorKind kind();

    /**
     * Reads every square into {@code into}, indexed in SFEN order (see {@link SensorFrame}).
     *
     * @param into 81 readings, overwritten in place; entries of squares that could not be read are left as they were
     */
    void sample(SquareReading[] into);

    /** How these sensors tell the scan loop of a change; {@link ChangeSignal#NONE} (sampled every pass) by default. */
    default ChangeSignal changeSignal() {
        return ChangeSignal.NONE;
    }
}
