package org.shogiban.hal.pi4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.pi4j.context.Context;
import com.pi4j.io.gpio.digital.DigitalInput;
import com.pi4j.io.gpio.digital.DigitalState;
import com.pi4j.io.i2c.I2C;
import com.pi4j.plugin.mock.provider.gpio.digital.MockDigitalInput;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Board;
import org.shogiban.hal.FaultReporter;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.config.BoardConfig;
import org.shogiban.hal.scan.ManualClock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I2C traffic of the scan, counted transfer by transfer on the mock plugin for the Debian package's default
 * board.properties (six MCP23017 for the squares, six for the komadai, all on one interrupt line): how many transfers
 * a pass makes, how long they hold the bus at 100 and 400 kHz, and what the set-up checks (one 14-byte read back every
 * 10 passes per sensor set) add. The figures are logged; docs/benchmarks.md quotes them. Command:
 * {@code ./mvnw -q -B -pl hal test -Dtest=I2cBusLoadTest}.
 */
class I2cBusLoadTest {
    private static final Logger log = LoggerFactory.getLogger(I2cBusLoadTest.class);
    private static final int PASSES = 1000;

    private final ManualClock clock = new ManualClock();

    private static Path shipped() {
        return Path.of(System.getProperty("basedir", "."), "..", "packaging", "src", "deb", "etc", "board.properties")
                .normalize();
    }

    /** Runs {@link #PASSES} passes; the interrupt line stays high (quiet board) or low (always read). */
    private Map<String, Long> run(boolean interruptIdle) {
        BoardConfig config = BoardConfig.load(shipped());
        Map<String, Long> out = new TreeMap<>();
        Context pi4j = MockBoard.context();
        try (Board board = Pi4jBoardFactory.build(config, pi4j, java.util.Optional.empty(), clock,
                new FaultReporter(clock))) {
            ((MockDigitalInput) pi4j.registry().get("mcp23017-interrupt", DigitalInput.class))
                    .mockState(interruptIdle ? DigitalState.HIGH : DigitalState.LOW);
            RegisterI2C[] chips = new RegisterI2C[12];
            for (int c = 0; c < 6; c++) {
                chips[c] = (RegisterI2C) pi4j.registry().get("mcp23017-squares-" + c, I2C.class);
                chips[6 + c] = (RegisterI2C) pi4j.registry().get("mcp23017-komadai-" + c, I2C.class);
            }
            long[] bitsBefore = new long[12];
            Map<String, Integer> kindsBefore = new TreeMap<>();
            for (int c = 0; c < 12; c++) {
                bitsBefore[c] = chips[c].bitTimes();
                chips[c].kinds().forEach((k, v) -> kindsBefore.merge(k, v, Integer::sum));
            }
            SquareReading[] squares = new SquareReading[81];
            Arrays.fill(squares, SquareReading.EMPTY);
            int[] komadai = new int[14];
            for (int pass = 0; pass < PASSES; pass++) {
                for (RegisterI2C chip : chips) {
                    MockBoard.answerGpio(chip, 0xFF, 0xFF);
                }
                board.squares().sample(squares);
                board.komadai().sample(komadai);
                clock.advance(10);
            }
            long squareBits = 0;
            long komadaiBits = 0;
            for (int c = 0; c < 12; c++) {
                long bits = chips[c].bitTimes() - bitsBefore[c];
                if (c < 6) {
                    squareBits += bits;
                } else {
                    komadaiBits += bits;
                }
                chips[c].kinds().forEach((k, v) -> out.merge(k, (long) v, Long::sum));
            }
            kindsBefore.forEach((k, v) -> out.merge(k, (long) -v, Long::sum));
            out.values().removeIf(v -> v == 0);
            out.put("bits squares (bus 1)", squareBits);
            out.put("bits komadai (bus 3)", komadaiBits);
        } finally {
            pi4j.shutdown();
        }
        return out;
    }

    private static String perPass(long bits) {
        double perPass = (double) bits / PASSES;
        return String.format("%.1f bit times a pass: %.2f ms at 100 kHz (%.1f %% of a 10 ms pass), %.2f ms at 400 kHz"
                + " (%.1f %%)", perPass, perPass / 100, perPass / 100 / 10 * 100, perPass / 400,
                perPass / 400 / 10 * 100);
    }

    @Test
    void transfersAndBusTimePerPassAt100Hz() {
        for (boolean idle : new boolean[] {true, false}) {
            Map<String, Long> r = run(idle);
            long gpioReads = r.getOrDefault("read 0x12 x2", 0L);
            long checks = r.getOrDefault("read 0x00 x14", 0L);
            // each set reads its 6 chips every pass while the line is low, else every 10th pass (the backstop)
            long expectedGpio = 2 * (idle ? 6L * (PASSES / 10) : 6L * PASSES);
            assertThat(gpioReads).as("GPIO reads, interrupt idle: " + idle).isEqualTo(expectedGpio);
            // one chip of each set read back every 10 passes
            assertThat(checks).as("set-up read backs").isEqualTo(2L * PASSES / 10);
            assertThat(r.keySet()).as("nothing else on the bus: " + r).containsExactlyInAnyOrder("read 0x12 x2",
                    "read 0x00 x14", "bits squares (bus 1)", "bits komadai (bus 3)");
            long checkBits = checks * (30 + 9 * 14);
            log.info("interrupt line {}: {} GPIO reads (2 bytes) and {} set-up read backs (14 bytes) in {} passes",
                    idle ? "quiet" : "always low (polling)", gpioReads, checks, PASSES);
            log.info("  squares, bus 1: {}", perPass(r.get("bits squares (bus 1)")));
            log.info("  komadai, bus 3: {}", perPass(r.get("bits komadai (bus 3)")));
            log.info("  the set-up checks in these: {}", perPass(checkBits));
            log.info("  a check pass on one bus, at worst: one 14-byte read, {} bit times: {} ms at 100 kHz, {} ms"
                    + " at 400 kHz", 30 + 9 * 14, (30 + 9 * 14) / 100.0, (30 + 9 * 14) / 400.0);
        }
    }
}
