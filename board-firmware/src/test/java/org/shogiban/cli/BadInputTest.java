package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.notation.formats.GameRecords;

/**
 * What a fuzzing run found in {@code judge} and {@code convert}, each reproducer a fixture under
 * {@code src/test/resources/bad-input/}: every one ends with exit code 2 and one line naming the file, the line
 * and what is wrong, never a stack trace, never exit code 1.
 */
class BadInputTest {
    private static final Path FIXTURES = Path.of("src/test/resources/bad-input");

    record Run(int code, byte[] out, String err) {
        String text() {
            return new String(out, StandardCharsets.UTF_8);
        }
    }

    static Run run(InputStream stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ShogibanCli.standard().run(args, stdin, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    static void assertRefusedInOneLine(Run r, String command) {
        assertThat(r.code()).as("exit code; stderr: %s", r.err()).isEqualTo(2);
        assertThat(r.err()).as("one line").endsWith("\n").doesNotContain("Exception").startsWith(command + ": ");
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err().length()).as("a short line").isLessThan(500);
        assertThat(r.out()).isEmpty();
    }

    static Stream<Arguments> fixtures() {
        return Stream.of(
                Arguments.of("kif-negative-time.kifu", "line 3: expected the move's time as minutes:seconds"),
                Arguments.of("kif-ten-digit-move-number.kifu", "line 3: move number '1234567890' is too long"),
                Arguments.of("kif-hand-count-overflow.kifu", "expected pieces in hand such as 飛二　香四"),
                Arguments.of("garbage-hello-colon-world.txt", "line 1: not a game record"),
                Arguments.of("garbage-full-width-colon.txt", "line 1: not a game record"),
                Arguments.of("garbage-six-bytes-with-colon.bin", "line 1: not a game record"),
                Arguments.of("csa-header-only.csa", "not a game record"),
                Arguments.of("csa-row-too-long.csa", "line 2: expected 9 squares of 3 characters"),
                Arguments.of("csa-row-too-short.csa", "line 2: expected 9 squares of 3 characters"),
                Arguments.of("csa-time-too-long.csa", "line 5: expected a time in seconds such as T12 (at most 9"),
                Arguments.of("sfen-two-digits.sfen", "two digits in a row"),
                Arguments.of("jkf-hand-count-wraps.jkf", "hands[0].FU must be a whole number 0..18"),
                Arguments.of("jkf-negative-hand-count.jkf", "hands[0].FU must be a whole number 0..18, found"),
                Arguments.of("jkf-king-in-hand.jkf", "'OU' is not a piece that can be in hand"),
                Arguments.of("jkf-king-dropped.jkf", "a drop (no 'from') of OU, which is never in hand"),
                Arguments.of("jkf-fractional-square.jkf", "moves[1].move.from.x must be a whole number 1..9"),
                Arguments.of("jkf-trailing-garbage.jkf", "expected JSON (JKF)"),
                Arguments.of("jkf-header-array.jkf", "JKF header must be an object of strings, found array"),
                Arguments.of("jkf-null-move.jkf", "JKF moves[0] must be an object, found null"),
                Arguments.of("jkf-promote-yes.jkf", "moves[1].move.promote must be true or false, found string"),
                Arguments.of("jkf-empty-object.jkf", "expected a JKF object"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void judgeRefusesTheReproducerInOneLine(String fixture, String message) {
        String path = FIXTURES.resolve(fixture).toString();
        Run r = run(InputStream.nullInputStream(), "judge", path);
        assertRefusedInOneLine(r, "judge");
        assertThat(r.err()).startsWith("judge: " + path + ": ").contains(message);
        Run convert = run(InputStream.nullInputStream(), "convert", "--to", "kif", path);
        assertRefusedInOneLine(convert, "convert");
    }

    /** An endless stream of zero bytes, as {@code /dev/zero} is. */
    private static InputStream zeros() {
        return new InputStream() {
            @Override
            public int read() {
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 0);
                return len;
            }
        };
    }

    @Test
    void endlessInputIsCutAtTheCapAndRefused() {
        Run stdin = run(zeros(), "judge", "-");
        assertRefusedInOneLine(stdin, "judge");
        assertThat(stdin.err()).isEqualTo("judge: standard input is larger than 4194304 bytes (4 MiB), the most a"
                + " game record may be\n");
        Path devZero = Path.of("/dev/zero");
        if (Files.exists(devZero)) {
            Run file = run(InputStream.nullInputStream(), "judge", devZero.toString());
            assertRefusedInOneLine(file, "judge");
            assertThat(file.err()).contains("/dev/zero is larger than 4194304 bytes");
            Run random = run(InputStream.nullInputStream(), "convert", "--to", "csa", "/dev/urandom");
            assertRefusedInOneLine(random, "convert");
        }
    }

    @Test
    void aRecordJustUnderTheCapIsRead(@TempDir Path dir) throws IOException {
        StringBuilder kif = new StringBuilder("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n");
        String comment = "*" + "あ".repeat(1000) + "\n";
        while (kif.length() * 3 + comment.length() * 3 < GameRecords.MAX_RECORD_BYTES) {
            kif.append(comment);
        }
        Path file = dir.resolve("long-comments.kifu");
        Files.writeString(file, kif);
        assertThat(Files.size(file)).isLessThanOrEqualTo(GameRecords.MAX_RECORD_BYTES);
        Run r = run(InputStream.nullInputStream(), "judge", file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.text()).contains("\"plies\":1");
    }

    @Test
    void aDirectoryOrAPathThroughAFileIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Run directory = run(InputStream.nullInputStream(), "judge", dir.toString());
        assertRefusedInOneLine(directory, "judge");
        assertThat(directory.err()).isEqualTo("judge: " + dir + " is a directory; expected a game record file\n");
        Path file = Files.writeString(dir.resolve("a.kif"), "x");
        Run through = run(InputStream.nullInputStream(), "convert", "--to", "usi", file + "/b.kif");
        assertRefusedInOneLine(through, "convert");
        assertThat(through.err()).startsWith("convert: cannot read " + file + "/b.kif: ");
    }

    @Test
    void anUnreadableFileIsRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("secret.kif"), "手合割：平手\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(file), "this user (root?) reads files without permission");
        Run r = run(InputStream.nullInputStream(), "judge", file.toString());
        assertRefusedInOneLine(r, "judge");
        assertThat(r.err()).isEqualTo("judge: cannot read " + file + ": permission denied\n");
    }

    @Test
    void aMillionDigitCsaTimeIsRefusedAtOnce() {
        String csa = "V2.2\nPI\n+\n+7776FU\nT" + "9".repeat(1_000_000) + "\n";
        Run r = run(new ByteArrayInputStream(csa.getBytes(StandardCharsets.UTF_8)), "judge", "-");
        assertRefusedInOneLine(r, "judge");
        assertThat(r.err()).startsWith("judge: line 5: expected a time in seconds such as T12").contains("...'");
    }

    @Test
    void aHugeLineIsQuotedCutTo80Characters() {
        String kif = "手合割：平手\n手数----指手---------消費時間--\n   1 " + "７".repeat(1_000_000) + "\n";
        Run r = run(new ByteArrayInputStream(kif.getBytes(StandardCharsets.UTF_8)), "judge", "-");
        assertRefusedInOneLine(r, "judge");
        assertThat(r.err()).contains("'" + "７".repeat(77) + "...'");
    }

    @Test
    void convertNeverWritesWhatItCannotReadBack() {
        String path = FIXTURES.resolve("jkf-header-nul-byte.jkf").toString();
        for (String format : new String[] {"kif", "kifu", "ki2", "csa", "jkf", "usi"}) {
            Run converted = run(InputStream.nullInputStream(), "convert", "--to", format, path);
            assertThat(converted.code()).as("%s: %s", format, converted.err()).isZero();
            if (!format.equals("jkf")) {
                for (byte b : converted.out()) {
                    assertThat(b == '\r' || b == '\n' || b == '\t' || (b & 0xff) >= 0x20).as("%s: control byte %s",
                            format, b).isTrue();
                }
            }
            Run back = run(new ByteArrayInputStream(converted.out()), "judge", "-");
            assertThat(back.code()).as("%s read back: %s", format, back.err()).isZero();
            assertThat(back.text()).contains("\"plies\":1");
        }
        Run kif = run(InputStream.nullInputStream(), "convert", "--to", "kifu", path);
        assertThat(kif.text()).contains("棋戦：ab").contains("先手：xy").contains("*cd");
    }
}
