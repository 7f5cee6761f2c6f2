package org.shogiban.hal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigCheckTest {
    private static Properties example() throws Exception {
        Properties p = new Properties();
        try (InputStream in = BoardConfig.class.getResourceAsStream("examples/reed-6x-mcp23017.properties")) {
            p.load(in);
        }
        return p;
    }

    @Test
    void aValidFileHasNoProblem() throws Exception {
        assertThat(ConfigCheck.problems(example(), "board.properties")).isEmpty();
    }

    @Test
    void everyProblemIsFoundNotOnlyTheFirst() throws Exception {
        Properties p = example();
        p.setProperty("sensors.kind", "magnetic");
        p.setProperty("scan.rate-hz", "fast");
        p.setProperty("leds.brightness-cap", "300");
        p.setProperty("buzzer.colour", "red");
        assertThat(ConfigCheck.problems(p, "board.properties")).extracting(ConfigException::key)
                .containsExactlyInAnyOrder("buzzer.colour", "sensors.kind", "scan.rate-hz", "leds.brightness-cap");
        assertThat(ConfigCheck.problems(p, "board.properties")).extracting(ConfigException::getMessage)
                .contains("board.properties: key 'leds.brightness-cap' has value '300'; allowed: an integer 0..255");
    }

    @Test
    void aRequiredKeyWithABadValueIsReportedOnce() throws Exception {
        Properties p = example();
        p.setProperty("clock.tm1637.sente-clk", "99");
        assertThat(ConfigCheck.problems(p, "b")).extracting(ConfigException::key)
                .containsExactly("clock.tm1637.sente-clk");
    }

    @Test
    void anUnreadableFileIsOneProblem(@TempDir Path dir) {
        assertThat(ConfigCheck.problems(dir.resolve("absent.properties"))).singleElement()
                .satisfies(e -> assertThat(e.key()).isEqualTo("(file)"));
        assertThat(Files.exists(dir.resolve("absent.properties"))).isFalse();
    }

    /** The Debian package's default board.properties, from the module's folder. */
    private static Path shipped() {
        return Path.of(System.getProperty("basedir", "."), "..", "packaging", "src", "deb", "etc", "board.properties")
                .normalize();
    }

    @Test
    void theDebianPackagesBoardPropertiesPasses() {
        assertThat(shipped()).isRegularFile();
        assertThat(ConfigCheck.problems(shipped())).isEmpty();
    }

    /** The shipped file with some lines changed, as the one line check-config would print for it. */
    private static List<String> check(Path dir, String... keyValues) throws Exception {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(shipped())) {
            p.load(in);
        }
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        Path file = dir.resolve("board.properties");
        StringBuilder text = new StringBuilder();
        p.stringPropertyNames().stream().sorted().forEach(k -> text.append(k).append('=').append(p.getProperty(k))
                .append('\n'));
        Files.writeString(file, text);
        return ConfigCheck.problems(file).stream().map(ConfigException::getMessage).toList();
    }

    @Test
    void pinSevenAsAnInputIsRefusedInOneLineNamingThePinAndWhy(@TempDir Path dir) throws Exception {
        StringBuilder pins = new StringBuilder();
        for (int i = 0; i < 81; i++) {
            pins.append(i == 80 ? "7" : (i > 0 ? "," : "") + BoardConfig.mcpInputPin(i));
        }
        pins.insert(pins.length() - 1, ',');
        assertThat(check(dir, "squares.mcp23017.pins", pins.toString())).singleElement().asString()
                .contains("squares.mcp23017.pins", "pin 7 is chip 0 GPA7", "output-only", "corrupt SDA")
                .doesNotContain("\n");
        assertThat(check(dir, "komadai.sente.rook-pins", "15")).singleElement().asString()
                .contains("komadai.sente.rook-pins", "pin 15 is chip 0 GPB7", "output-only");
    }

    @Test
    void aThreeMegahertzLedClockIsRefused(@TempDir Path dir) throws Exception {
        assertThat(check(dir, "leds.ws2812.spi-baud", "3000000")).singleElement().asString()
                .contains("leds.ws2812.spi-baud", "'3000000'", "2200000..2800000");
    }

    @Test
    void polarityOnADiodeMatrixIsRefused() {
        Properties p = new Properties();
        p.setProperty("sensors.kind", "polarity");
        p.setProperty("sensors.driver", "matrix");
        p.setProperty("squares.matrix.rows", "4,5,6,7,8,9,12,13,16");
        p.setProperty("squares.matrix.columns", "17,18,19,20,21,22,23,24,25");
        List<String> lines = ConfigCheck.problems(p, "board.properties").stream().map(ConfigException::getMessage)
                .toList();
        assertThat(lines).singleElement().asString().contains("sensors.kind", "'polarity'", "diode matrix",
                "active hall sensors");
    }

    @Test
    void tooFewKomadaiChipsForFourteenInputsEachAreRefused(@TempDir Path dir) throws Exception {
        // five chips were enough at 16 inputs each (80 >= 76); at 14 (70) they are not
        assertThat(check(dir, "komadai.mcp23017.chips", "3:0x20,3:0x21,3:0x22,3:0x23,3:0x24")).singleElement()
                .asString().contains("komadai.mcp23017.chips", "at least 6 chips", "76 inputs",
                        "14 inputs per chip: GPA7 and GPB7 are output-only");
    }

    @Test
    void aKeyGivenTwiceIsRefused(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("board.properties");
        // a stray trailing backslash joins the comment-like line to the one before: scan.rate-hz is set twice
        Files.writeString(file, "scan.rate-hz=100\nleds.driver=none \\\n  \nscan.rate-hz=10\n");
        assertThat(ConfigCheck.problems(file)).singleElement().satisfies(e -> {
            assertThat(e.key()).isEqualTo("scan.rate-hz");
            assertThat(e.getMessage()).contains("'100' and '10'", "given 2 times (lines 1 and 4)",
                    "only the last would count");
        });
        assertThatThrownBy(() -> BoardConfig.load(file)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("given 2 times");
    }

    @Test
    void aByteOrderMarkAndInvalidUtf8AreNamedPlainly(@TempDir Path dir) throws Exception {
        Path bom = dir.resolve("bom.properties");
        Files.write(bom, new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 's', '=', '1', '\n'});
        assertThat(ConfigCheck.problems(bom)).singleElement().asString().contains("byte-order mark",
                "EF BB BF", "without BOM");
        Path latin1 = dir.resolve("latin1.properties");
        Files.write(latin1, "scan.rate-hz=100\n# r\u00e9glage\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(ConfigCheck.problems(latin1)).singleElement().asString().contains(latin1 + ":2",
                "byte 0xE9", "not valid UTF-8", "save it as UTF-8");
    }

    @Test
    void aMissingFileIsNamedMissing(@TempDir Path dir) {
        Path absent = dir.resolve("absent.properties");
        assertThat(ConfigCheck.problems(absent)).singleElement().asString()
                .contains(absent + " does not exist");
        assertThatThrownBy(() -> BoardConfig.load(absent)).hasMessageContaining(absent + " does not exist");
    }
}
