package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.Position;

/**
 * {@code serve} up to the point where it needs a Raspberry Pi: arguments and the board configuration. Building the
 * Pi4J board is covered by the hal's tests on Pi4J's mock platform; running it needs the hardware.
 */
class ServeCommandTest {


    @Test
    void optionsAreReadWithTheirDefaults() {
        ServeCommand.ServeOptions defaults = ServeCommand.parse(List.of("--config", "/etc/shogiban/board.properties"));
        assertThat(defaults.config()).isEqualTo(Path.of("/etc/shogiban/board.properties"));
        assertThat(defaults.records()).isEqualTo(Path.of("records"));
        assertThat(defaults.commit()).isEqualTo(CommitPolicy.STABLE);
        assertThat(defaults.start()).isEqualTo(Position.startpos());

        ServeCommand.ServeOptions all = ServeCommand.parse(List.of("--config", "b.properties", "--records",
                "/var/lib/shogiban/records", "--commit", "clock", "--start", "two-pieces"));
        assertThat(all.records()).isEqualTo(Path.of("/var/lib/shogiban/records"));
        assertThat(all.commit()).isEqualTo(CommitPolicy.CLOCK);
        assertThat(all.start()).isEqualTo(Handicap.TWO_PIECES.start());
    }

    @Test
    void simulatedNeedsNoConfigurationAndStateHoldsTheRecords() {
        ServeCommand.ServeOptions simulated = ServeCommand.parse(List.of("--simulated", "--state", "/tmp/s"));
        assertThat(simulated.simulated()).isTrue();
        assertThat(simulated.config()).isNull();
        assertThat(simulated.state()).isEqualTo(Path.of("/tmp/s"));
        assertThat(simulated.records()).isEqualTo(Path.of("/tmp/s/records"));
        assertThat(ServeCommand.parse(List.of("--simulated", "--state", "/tmp/s", "--records", "r")).records())
                .isEqualTo(Path.of("r"));
    }

    @Test
    void realHardwareWhereThereIsNoneIsOneLineSuggestingSimulated(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.shogiban.hal.pi4j.RaspberryPi.model().isEmpty(),
                "this computer is a Raspberry Pi");
        Path config = dir.resolve("board.properties");
        try (var example = org.shogiban.hal.config.BoardConfig.class.getResourceAsStream(
                "examples/reed-6x-mcp23017.properties")) {
            Files.copy(example, config);
        }
        CliRun r = CliRun.of("serve", "--config", config.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("serve: no Raspberry Pi hardware found (no device-tree model naming a"
                + " Raspberry Pi); to run the board without hardware use --simulated\n");
    }

    @Test
    void theRehearsalIsOffUnlessAskedAndTakesAWholeNumberOfMoves() {
        assertThat(ServeCommand.parse(List.of("--simulated")).rehearse()).isZero();
        assertThat(ServeCommand.parse(List.of("--simulated", "--rehearse", "1000")).rehearse()).isEqualTo(1000);
        for (String bad : List.of("-1", "many", "10001")) {
            assertThat(CliRun.of("serve", "--simulated", "--rehearse", bad).err().strip())
                    .isEqualTo("serve: --rehearse takes a number of moves from 0 to 10000, not '" + bad + "'");
        }
    }

    @Test
    void anSfenStartMayComeAsOneArgumentOrAsItsWords() {
        String sfen = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1";
        assertThat(ServeCommand.parse(List.of("--start", "sfen", sfen, "--config", "b")).start())
                .isEqualTo(Position.fromSfen(sfen));
        List<String> words = new java.util.ArrayList<>(List.of("--config", "b", "--start", "sfen"));
        words.addAll(List.of(sfen.split(" ")));
        assertThat(ServeCommand.parse(words).start()).isEqualTo(Position.fromSfen(sfen));
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        assertThat(CliRun.of("serve")).satisfies(r -> {
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err().strip()).isEqualTo("serve: --config FILE is required (e.g. /etc/shogiban/board.properties),"
                    + " or --simulated to run without hardware");
        });
        assertThat(CliRun.of("serve", "--config", "b", "--commit", "fast").err().strip())
                .isEqualTo("serve: commit policy 'fast' is not stable or clock");
        CliRun start = CliRun.of("serve", "--config", "b", "--start", "queen-odds");
        assertThat(start.exit()).isEqualTo(2);
        assertThat(start.err().strip()).startsWith("serve: start 'queen-odds' is not startpos, a handicap (lance,")
                .doesNotContain("\n");
        assertThat(CliRun.of("serve", "--config", "b", "--verbose", "yes").err()).contains("unknown option --verbose;");
        // an unknown option is named as such, also when it comes last (not "needs a value")
        assertThat(CliRun.of("serve", "--bogus").err()).startsWith("serve: unknown option --bogus; options: --config,"
                + " --simulated, --records, --state, --commit, --start").doesNotContain("needs a value");
        assertThatThrownBy(() -> ServeCommand.parse(List.of("--config"))).isInstanceOf(UsageException.class)
                .hasMessage("--config needs a value");
    }

    @Test
    void aWrongConfigurationStopsWithOneLineNamingKeyValueAndWhatIsAllowed(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("board.properties");
        try (var example = org.shogiban.hal.config.BoardConfig.class.getResourceAsStream(
                "examples/reed-6x-mcp23017.properties")) {
            Files.writeString(config, new String(example.readAllBytes(), StandardCharsets.UTF_8)
                    .replace("sensors.kind=occupancy", "sensors.kind=magnetic"));
        }
        // --simulated: the configuration is read on any computer (without it, a computer that is no Pi stops first)
        CliRun r = CliRun.of("serve", "--simulated", "--config", config.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).endsWith("\n").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip()).doesNotContain("\n")
                .startsWith("serve: " + config + ": key 'sensors.kind' has value 'magnetic'; allowed: ");
    }

    @Test
    void aMissingConfigurationFileIsAConfigurationError(@TempDir Path dir) {
        Path absent = dir.resolve("absent.properties");
        CliRun r = CliRun.of("serve", "--simulated", "--config", absent.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("serve: the configuration file " + absent + " does not exist\n");
        // and without --simulated, whether or not this computer is a Pi: the missing file is said first
        CliRun real = CliRun.of("serve", "--config", absent.toString());
        assertThat(real.exit()).isEqualTo(2);
        assertThat(real.err()).isEqualTo("serve: the configuration file " + absent + " does not exist\n");
    }

    @Test
    void aRecordsDirectoryThatCannotBeUsedStopsTheServiceAtStartInOneLine() {
        CliRun r = CliRun.of("serve", "--simulated", "--records", "/proc/nope");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("serve: records directory /proc/nope cannot be used: ")
                .endsWith("; no game could be saved there").doesNotContain("\n");
    }

    @Test
    void helpListsServe() {
        assertThat(CliRun.of("help").out()).contains("serve (--config FILE | --simulated)");
    }
}
