package org.shogiban.hal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;

class BoardConfigTest {

    static BoardConfig example(String name) throws IOException {
        String path = "/org/shogiban/hal/config/examples/" + name;
        try (InputStream in = BoardConfigTest.class.getResourceAsStream(path)) {
            assertThat(in).as(path).isNotNull();
            return BoardConfig.load(in, name);
        }
    }

    private static Properties props(String... keyValues) {
        Properties p = new Properties();
        p.setProperty("squares.mcp23017.chips", "0x20,0x21,0x22,0x23,0x24,0x25");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    private static ConfigException rejected(Properties p) {
        try {
            BoardConfig.parse(p, "board.properties");
        } catch (ConfigException e) {
            return e;
        }
        throw new AssertionError("configuration was accepted: " + p);
    }

    @Test
    void reedExampleLoadsAsASixChipOccupancyBoard() throws IOException {
        BoardConfig c = example("reed-6x-mcp23017.properties");
        assertThat(c.sensorKind()).isEqualTo(SensorKind.OCCUPANCY);
        SquaresConfig.Mcp23017 sq = (SquaresConfig.Mcp23017) c.squares();
        assertThat(sq.chips()).hasSize(6).first().isEqualTo(new I2cAddress(1, 0x20));
        // 14 inputs per chip: pins 7 and 15 of each chip are skipped, the 81st input is chip 5 GPB3
        assertThat(sq.pins()).hasSize(81).startsWith(0, 1, 2, 3, 4, 5, 6, 8).endsWith(90, 91)
                .noneMatch(BoardConfig::isMcpOutputOnly);
        assertThat(sq.interruptGpio()).hasValue(17);
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) c.komadai();
        assertThat(k.chips()).hasSize(6).first().isEqualTo(new I2cAddress(3, 0x20));
        assertThat(k.slotPins()).hasSize(14);
        assertThat(k.slotPins().get(0)).hasSize(18).endsWith(19);
        assertThat(k.slotPins().get(7)).as("the 39th input: chip 2 GPB3").startsWith(43);
        assertThat(k.slotPins()).allSatisfy(pins -> assertThat(pins).noneMatch(BoardConfig::isMcpOutputOnly));
        assertThat(k.interruptGpio()).as("the komadai chips' INT line: the squares', shared").hasValue(17);
        assertThat(k.backstopPasses()).isEqualTo(10);
        assertThat(c.leds()).isEqualTo(new LedsConfig.Ws2812(0, 0, 2_400_000, true, 96));
        assertThat(c.clock()).isEqualTo(new ClockConfig.Tm1637(23, 24, 25, 12, 5));
        assertThat(c.buzzer()).isEqualTo(new BuzzerConfig.Pwm(18, java.util.OptionalInt.empty(), 2700, 80, 800));
        assertThat(c.buttons().gpio()).hasSize(6).containsEntry(Button.CLOCK_SENTE, 5);
        assertThat(c.scan().rateHz()).isEqualTo(100);
    }

    @Test
    void hallExampleLoadsAsAPolarityBoardOnTwoBuses() throws IOException {
        BoardConfig c = example("hall-polarity.properties");
        assertThat(c.sensorKind()).isEqualTo(SensorKind.POLARITY);
        SquaresConfig.Mcp23017 sq = (SquaresConfig.Mcp23017) c.squares();
        assertThat(sq.chips()).hasSize(12).contains(new I2cAddress(3, 0x23));
        assertThat(sq.pins()).hasSize(162);
        KomadaiConfig.Mcp23017 k = (KomadaiConfig.Mcp23017) c.komadai();
        assertThat(k.encoding()).isEqualTo(KomadaiConfig.Encoding.BINARY);
        assertThat(k.slotPins().get(1)).as("GPA7 skipped").containsExactly(5, 6, 8);
        assertThat(sq.interruptGpio()).hasValue(17);
        assertThat(k.interruptGpio()).as("the komadai chips' INT line, a GPIO of its own").hasValue(4);
        assertThat(c.leds()).isEqualTo(new LedsConfig.Ht16k33(new I2cAddress(1, 0x70), 15));
        assertThat(c.clock()).isInstanceOf(ClockConfig.Ht16k33.class);
        assertThat(c.buzzer()).isEqualTo(new BuzzerConfig.Pwm(12, java.util.OptionalInt.empty(), 2700, 80, 800));
        assertThat(c.i2cRetries()).isEqualTo(3);
    }

    @Test
    void defaultsOfAMinimalFile() {
        BoardConfig c = BoardConfig.parse(props(), "board.properties");
        assertThat(c.sensorKind()).isEqualTo(SensorKind.OCCUPANCY);
        assertThat(c.scan().rateHz()).isEqualTo(100);
        assertThat(c.scan().stableMillis()).isEqualTo(40);
        assertThat(c.activeLow()).isTrue();
        assertThat(c.i2cRetries()).isEqualTo(2);
        assertThat(c.komadai()).isInstanceOf(KomadaiConfig.None.class);
        assertThat(c.leds()).isInstanceOf(LedsConfig.None.class);
        assertThat(c.clock()).isInstanceOf(ClockConfig.None.class);
        assertThat(c.buzzer()).isInstanceOf(BuzzerConfig.None.class);
        assertThat(c.buttons().gpio()).isEmpty();
    }

    @Test
    void loadsAFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("board.properties");
        Files.writeString(file, "squares.mcp23017.chips=0x20,0x21,0x22,0x23,0x24,0x25\nscan.rate-hz=200\n");
        assertThat(BoardConfig.load(file).scan().rateHz()).isEqualTo(200);
        ConfigException missing = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> BoardConfig.load(dir.resolve("nope.properties")));
        assertThat(missing.getMessage()).contains("nope.properties");
    }

    @Test
    void outOfRangeNumberNamesKeyValueAndRange() {
        ConfigException e = rejected(props("scan.rate-hz", "0"));
        assertThat(e.key()).isEqualTo("scan.rate-hz");
        assertThat(e.value()).isEqualTo("0");
        assertThat(e.allowed()).isEqualTo("an integer 1..1000");
        assertThat(e.getMessage())
                .isEqualTo("board.properties: key 'scan.rate-hz' has value '0'; allowed: an integer 1..1000");
    }

    @Test
    void notANumber() {
        ConfigException e = rejected(props("scan.stable-ms", "forty"));
        assertThat(e.key()).isEqualTo("scan.stable-ms");
        assertThat(e.allowed()).contains("0..1000");
    }

    @Test
    void unknownChoiceListsTheChoices() {
        ConfigException e = rejected(props("sensors.kind", "capacitive"));
        assertThat(e.allowed()).isEqualTo("one of occupancy, polarity");
    }

    @Test
    void misspelledKeyIsRejectedWithTheKeysOfItsGroup() {
        ConfigException e = rejected(props("scan.rate", "100"));
        assertThat(e.key()).isEqualTo("scan.rate");
        assertThat(e.allowed()).contains("scan.rate-hz", "scan.stable-ms");
    }

    @Test
    void tooFewChipsForAPolarityBoard() {
        ConfigException e = rejected(props("sensors.kind", "polarity"));
        assertThat(e.key()).isEqualTo("squares.mcp23017.chips");
        assertThat(e.allowed()).contains("at least 12 chips", "162 inputs", "14 inputs per chip",
                "GPA7 and GPB7 are output-only");
    }

    @Test
    void chipAddressOutsideTheMcp23017Range() {
        ConfigException e = rejected(props("squares.mcp23017.chips", "0x20,0x21,0x22,0x23,0x24,0x28"));
        assertThat(e.value()).isEqualTo("0x20,0x21,0x22,0x23,0x24,0x28");
        assertThat(e.allowed()).contains("0x20..0x27", "'0x28' is not");
    }

    @Test
    void sameChipTwice() {
        ConfigException e = rejected(props("komadai.driver", "mcp23017", "komadai.mcp23017.chips", "0x25"));
        assertThat(e.key()).isEqualTo("komadai.mcp23017.chips");
        assertThat(e.allowed()).contains("i2c-1/0x25 is already used by squares.mcp23017.chips");
    }

    @Test
    void pinMapOfTheWrongLengthOrWithARepeat() {
        assertThat(rejected(props("squares.mcp23017.pins", "0,1,2")).allowed()).contains("81 global pins");
        StringBuilder pins = new StringBuilder("0");
        for (int i = 0; i < 80; i++) {
            pins.append(',').append(BoardConfig.mcpInputPin(i));
        }
        assertThat(rejected(props("squares.mcp23017.pins", pins.toString())).allowed()).contains("0 appears twice");
        assertThat(rejected(props("squares.mcp23017.pins", "96")).allowed()).contains("integers 0..95");
    }

    @Test
    void gpioUsedTwiceNamesBothKeys() {
        ConfigException e = rejected(props("buttons.menu-gpio", "5", "buttons.promote-gpio", "5"));
        assertThat(e.key()).isEqualTo("buttons.menu-gpio");
        assertThat(e.allowed()).contains("GPIO 5 is already used by buttons.promote-gpio");
    }

    /** A komadai on MCP23017 with the reference board's chips, and more keys. */
    private static Properties komadai(String... keyValues) {
        Properties p = props("komadai.driver", "mcp23017", "komadai.mcp23017.chips",
                "3:0x20,3:0x21,3:0x22,3:0x23,3:0x24,3:0x25");
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return p;
    }

    @Test
    void komadaiWithoutAnInterruptLineIsPolledAndChecksAtTheSquaresPace() {
        KomadaiConfig.Mcp23017 plain = (KomadaiConfig.Mcp23017) BoardConfig.parse(komadai(), "b").komadai();
        assertThat(plain.interruptGpio()).isEmpty();
        assertThat(plain.backstopPasses()).isEqualTo(10);
        // without a key of its own the komadai keeps the squares' pace, as before the key existed
        KomadaiConfig.Mcp23017 paced = (KomadaiConfig.Mcp23017) BoardConfig.parse(komadai(
                "squares.mcp23017.backstop-passes", "25"), "b").komadai();
        assertThat(paced.backstopPasses()).isEqualTo(25);
        KomadaiConfig.Mcp23017 own = (KomadaiConfig.Mcp23017) BoardConfig.parse(komadai(
                "squares.mcp23017.backstop-passes", "25", "komadai.mcp23017.backstop-passes", "5"), "b").komadai();
        assertThat(own.backstopPasses()).isEqualTo(5);
        assertThat(rejected(komadai("komadai.mcp23017.backstop-passes", "0")).getMessage()).isEqualTo(
                "board.properties: key 'komadai.mcp23017.backstop-passes' has value '0'; allowed: an integer 1..1000");
    }

    @Test
    void theKomadaiMayShareTheSquaresInterruptLine() {
        BoardConfig c = BoardConfig.parse(komadai("squares.mcp23017.interrupt-gpio", "17",
                "komadai.mcp23017.interrupt-gpio", "17"), "board.properties");
        assertThat(((KomadaiConfig.Mcp23017) c.komadai()).interruptGpio()).hasValue(17);
        assertThat(((SquaresConfig.Mcp23017) c.squares()).interruptGpio()).hasValue(17);
    }

    @Test
    void aKomadaiInterruptLineOnAPinInUseIsRefusedInOneSentence() {
        // a button parsed after the komadai names the komadai's line as the owner
        assertThat(rejected(komadai("komadai.mcp23017.interrupt-gpio", "5", "buttons.clock-sente-gpio", "5"))
                .getMessage()).isEqualTo("board.properties: key 'buttons.clock-sente-gpio' has value '5'; allowed:"
                + " a GPIO not used by another key; GPIO 5 is already used by komadai.mcp23017.interrupt-gpio");
        // a matrix row parsed before it is named as the owner
        Properties matrix = komadai("sensors.driver", "matrix", "squares.matrix.rows", "4,5,6,7,8,9,10,11,12",
                "squares.matrix.columns", "13,14,15,16,17,18,19,20,21", "komadai.mcp23017.interrupt-gpio", "9");
        matrix.remove("squares.mcp23017.chips");
        assertThat(rejected(matrix).getMessage()).isEqualTo("board.properties: key 'komadai.mcp23017.interrupt-gpio'"
                + " has value '9'; allowed: a GPIO not used by another key; GPIO 9 is already used by"
                + " squares.matrix.rows");
        // the I2C bus's pins are no interrupt line either
        assertThat(rejected(komadai("komadai.mcp23017.interrupt-gpio", "3")).getMessage()).isEqualTo(
                "board.properties: key 'komadai.mcp23017.interrupt-gpio' has value '3'; allowed: a GPIO other"
                        + " than 3, which I2C bus 1 (SDA, SCL) uses");
        assertThat(rejected(komadai("komadai.mcp23017.interrupt-gpio", "28")).getMessage()).isEqualTo(
                "board.properties: key 'komadai.mcp23017.interrupt-gpio' has value '28'; allowed: an integer 0..27");
    }

    @Test
    void gpioOfTheI2cBusIsRefused() {
        ConfigException e = rejected(props("buttons.menu-gpio", "2"));
        assertThat(e.key()).isEqualTo("buttons.menu-gpio");
        assertThat(e.allowed()).contains("I2C bus 1");
    }

    @Test
    void matrixNeedsNineRowsAndTheRightColumns() {
        Properties p = new Properties();
        p.setProperty("sensors.driver", "matrix");
        p.setProperty("squares.matrix.rows", "4,5,6,7,8,9,10,11,12");
        p.setProperty("squares.matrix.columns", "13,14,15,16,17,18,19,20,21");
        assertThat(BoardConfig.parse(p, "m").squares()).isInstanceOf(SquaresConfig.Matrix.class);
        p.setProperty("squares.matrix.columns", "13,14,15,16,17,18,19,20");
        assertThat(rejected(p).key()).isEqualTo("squares.matrix.columns");
        assertThat(rejected(p).allowed()).contains("9 BCM pins", "got 8");
    }

    @Test
    void tm1637NeedsItsPins() {
        ConfigException e = rejected(props("clock.driver", "tm1637", "clock.tm1637.sente-clk", "23"));
        assertThat(e.key()).isEqualTo("clock.tm1637.sente-dio");
        assertThat(e.value()).isEmpty();
        assertThat(e.allowed()).contains("required");
    }

    @Test
    void buzzerOnAPinWithoutHardwarePwm() {
        ConfigException e = rejected(props("buzzer.driver", "pwm", "buzzer.gpio", "4"));
        assertThat(e.key()).isEqualTo("buzzer.gpio");
        assertThat(e.allowed()).contains("12, 13, 18 or 19");
    }

    @Test
    void ws2812BaudOutsideTheTimingWindow() {
        ConfigException e = rejected(props("leds.driver", "ws2812", "leds.ws2812.spi-baud", "8000000"));
        assertThat(e.allowed()).isEqualTo("an integer 2200000..2800000");
    }

    @Test
    void komadaiWithTooFewChipsForTheDefaultPlaces() {
        ConfigException e = rejected(props("komadai.driver", "mcp23017", "komadai.mcp23017.chips", "3:0x20"));
        assertThat(e.key()).isEqualTo("komadai.mcp23017.chips");
        assertThat(e.allowed()).contains("76 inputs");
    }

    @Test
    void fullWidthDigitsAreNotANumber() {
        ConfigException e = rejected(props("scan.rate-hz", "１００"));
        assertThat(e.getMessage()).isEqualTo("board.properties: key 'scan.rate-hz' has value '１００'; allowed: an integer"
                + " 1..1000");
    }

    @Test
    void arabicIndicDigitsAreNotANumber() {
        ConfigException e = rejected(props("i2c.bus", "٣"));
        assertThat(e.key()).isEqualTo("i2c.bus");
        assertThat(e.value()).isEqualTo("٣");
        assertThat(e.allowed()).isEqualTo("an integer 0..31");
        assertThat(rejected(props("squares.mcp23017.chips", "٣:0x20,0x21,0x22,0x23,0x24,0x25")).allowed())
                .contains("'٣:0x20' is not");
        assertThat(rejected(props("leds.driver", "ht16k33", "leds.ht16k33.address", "0x７0")).key())
                .isEqualTo("leds.ht16k33.address");
    }

    @Test
    void anEmptyValueIsRefusedNotTakenAsTheDefault() {
        ConfigException e = rejected(props("sensors.kind", ""));
        assertThat(e.key()).isEqualTo("sensors.kind");
        assertThat(e.value()).isEmpty();
        assertThat(e.allowed()).contains("`occupancy`", "`polarity`", "an empty value is not allowed");
        assertThat(e.getMessage()).doesNotContain("\n");
        assertThat(rejected(props("scan.rate-hz", "  ")).key()).isEqualTo("scan.rate-hz");
    }

    @Test
    void aBadUnicodeEscapeNamesTheFileAndLine(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("board.properties");
        Files.writeString(file, "squares.mcp23017.chips=0x20,0x21,0x22,0x23,0x24,0x25\nscan.rate-hz=\\uZZZZ\n");
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> BoardConfig.load(file));
        assertThat(e.getMessage()).isEqualTo(file + ":2: key 'scan.rate-hz' has value '\\uZZZZ'; allowed: \\u"
                + " followed by four hexadecimal digits, or the character itself (the file is UTF-8)");
    }

    @Test
    void aBadUnicodeEscapeFromAStreamNamesTheSourceAndLine() {
        String text = "# comment with \\uZZZZ is skipped\nscan.stable-ms=4\\u00\n";
        ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(ConfigException.class,
                () -> BoardConfig.load(new java.io.ByteArrayInputStream(
                        text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "board.properties"));
        assertThat(e.getMessage()).startsWith("board.properties:2: key 'scan.stable-ms' has value '4\\u00'");
    }

    @Test
    void anEscapedBackslashBeforeUIsNoEscape() {
        assertThat(ConfigFile.properties("a=\\\\uZZZZ\n", "x").getProperty("a")).isEqualTo("\\uZZZZ");
    }

    @Test
    void theLinkDeviceBaudAndArbiterPinAreReadAndCheckedAndOffByDefault() {
        assertThat(BoardConfig.parse(props(), "b").link()).isEqualTo(LinkConfig.none());
        LinkConfig link = BoardConfig.parse(props("link.device", "/dev/ttyGS0", "link.baud", "9600", "arbiter.pin",
                "271828"), "b").link();
        assertThat(link.device()).contains("/dev/ttyGS0");
        assertThat(link.baud()).isEqualTo(9600);
        assertThat(link.arbiterPin()).contains("271828");

        assertThat(rejected(props("link.device", "ttyGS0")).getMessage()).isEqualTo("board.properties: key"
                + " 'link.device' has value 'ttyGS0'; allowed: an absolute device path without spaces, e.g."
                + " /dev/ttyGS0, or nothing for no link");
        assertThat(rejected(props("link.baud", "fast")).allowed()).isEqualTo("an integer 1200..4000000");
        ConfigException pin = rejected(props("arbiter.pin", "12a4"));
        assertThat(pin.key()).isEqualTo("arbiter.pin");
        assertThat(pin.allowed()).isEqualTo("4 to 12 digits, or nothing to turn the arbiter's commands off");
        assertThat(rejected(props("arbiter.pin", "123")).key()).isEqualTo("arbiter.pin");
    }

    @Test
    void theHallKeysAreReadAndCheckedAndInNoHallByDefault() {
        assertThat(BoardConfig.parse(props(), "b").hall()).isEqualTo(HallConfig.none());
        HallConfig hall = BoardConfig.parse(props("hall.broker", "tcp://hall.local:1883", "hall.id", "meijin",
                "board.id", "board-07", "hall.username", "board-07", "hall.password", "s3cret"), "b").hall();
        assertThat(hall.broker()).contains("tcp://hall.local:1883");
        assertThat(hall.hallId()).isEqualTo("meijin");
        assertThat(hall.boardId()).contains("board-07");
        assertThat(hall.username()).contains("board-07");
        assertThat(hall.password()).contains("s3cret");
        assertThat(rejected(props("hall.broker", "hall.local:1883")).key()).isEqualTo("hall.broker");
        assertThat(rejected(props("board.id", "board 7")).key()).isEqualTo("board.id");
        assertThat(rejected(props("hall.id", "a/b")).key()).isEqualTo("hall.id");
    }
}
