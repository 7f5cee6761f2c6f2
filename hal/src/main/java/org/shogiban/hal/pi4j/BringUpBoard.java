package org.shogiban.hal.pi4j;

import com.pi4j.Pi4J;
import com.pi4j.context.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.bringup.ChipRow;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.readiness.BoardParts;

/**
 * The real board opened for the bring-up tool: unlike {@link Pi4jBoardFactory#openChecked}, a chip that does not
 * answer does not stop it (the builder is there to find out which), so the chips are asked and the buses scanned
 * first, for the tool's table, and the board is built all the same.
 */
public final class BringUpBoard {
    private BringUpBoard() {
    }

    /**
     * The board and its table of chips.
     *
     * @param board the ports, owning the Pi4J context
     * @param chips every configured chip (found or not) and every address that answers unconfigured
     */
    public record Opened(Board board, List<ChipRow> chips) {
    }

    /** Opens the board of {@code config} on this Pi (Pi4J's auto context). */
    public static Opened open(BoardConfig config, MonotonicClock clock, FaultReporter faults) {
        Optional<String> model = RaspberryPi.model();
        model.ifPresent(Pi4jBoardModel::tellPi4j);
        return open(config, Pi4J.newAutoContext(), model, clock, faults);
    }

    /** Opens the board of {@code config} on {@code pi4j}; the board owns the context. */
    public static Opened open(BoardConfig config, Context pi4j, Optional<String> model, MonotonicClock clock,
                              FaultReporter faults) {
        try {
            List<ChipRow> chips = table(pi4j, BoardParts.of(config));
            Board built = Pi4jBoardFactory.build(config, pi4j, model, clock, faults);
            Board board = new Board(built.squares(), built.komadai(), built.leds(), built.clock(), built.buzzer(),
                    built.buttons(), built.faults(), () -> {
                        try {
                            built.close();
                        } finally {
                            pi4j.shutdown();
                        }
                    });
            return new Opened(board, chips);
        } catch (RuntimeException e) {
            pi4j.shutdown();
            throw e;
        }
    }

    /** The configured chips, each asked, and the addresses that answer on their buses where none is configured. */
    public static List<ChipRow> table(Context pi4j, BoardParts parts) {
        List<ChipRow> rows = new ArrayList<>();
        for (ChipProbe.Found f : ChipProbe.probe(pi4j, parts)) {
            rows.add(new ChipRow(f.chip().address().bus(), f.chip().address().address(), f.chip().name(), true,
                    f.answered()));
        }
        for (int bus : parts.buses()) {
            Set<Integer> configured = parts.chipsOn(bus).stream().map(c -> c.address().address())
                    .collect(Collectors.toSet());
            for (int address : ChipProbe.scan(pi4j, bus)) {
                if (!configured.contains(address)) {
                    rows.add(new ChipRow(bus, address, "", false, true));
                }
            }
        }
        rows.sort(Comparator.comparingInt(ChipRow::bus).thenComparingInt(ChipRow::address));
        return rows;
    }
}
