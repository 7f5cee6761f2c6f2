package org.shogiban.app;

/**
 * A part put on an assembled board besides the sensors, journal and records: the USB link today; an engine opponent
 * or a hall connection later. {@link BoardAssembly} attaches the parts in the order given, after the journal and
 * before the first scan pass (so no event is missed), and closes them in the reverse order.
 */
@FunctionalInterface
public interface BoardPart {

    /**
     * Puts the part on the runtime (listeners, journal steps, threads of its own); the runtime does not run yet.
     *
     * @param board what the part may use: the runtime and the board's settings of directories and PIN
     * @return what takes the part off again
     * @throws Exception when the part cannot be attached; the assembly then closes what it already built
     */
    AutoCloseable attach(AssembledBoard board) throws Exception;
}
