package org.shogiban.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.testdata.SharedData;

/**
 * Random and mutated bytes (bit flips, truncation, duplicated and deleted lines, huge numbers, spliced records) made
 * from every record under ../shared/data/records are fed to the reader and to {@code judge} and {@code convert}
 * in-process: each must give a valid result or a {@link RecordFormatException} (exit code 2 and one line), never
 * another exception, within a generous hang guard. What is read must be written in every format and read back.
 */
class RecordFuzzTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(2);
    /** Made once, outside the hang guard: loading the commands' classes is not the readers' time. */
    private static final ShogibanCli CLI = ShogibanCli.standard();
    private static final RecordFormat[] WRITTEN = {RecordFormat.KIF, RecordFormat.KIFU, RecordFormat.KI2,
        RecordFormat.CSA, RecordFormat.JKF, RecordFormat.USI, RecordFormat.SFEN};

    @Test
    void aFewThousandMutatedRecords() {
        fuzz(2_500, 20261123L);
    }

    @Test
    @Tag("slow")
    void manyMoreMutatedRecords() {
        fuzz(50_000, System.nanoTime());
    }

    private static List<byte[]> corpus() {
        Path root = SharedData.dataDir().resolve("records");
        try (Stream<Path> files = Files.walk(root)) {
            List<byte[]> list = new ArrayList<>();
            for (Path p : files.filter(Files::isRegularFile).sorted().toList()) {
                list.add(Files.readAllBytes(p));
            }
            return list;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void fuzz(int cases, long seed) {
        List<byte[]> corpus = corpus();
        Random random = new Random(seed);
        check(corpus.get(0), "warm-up", true);
        for (int i = 0; i < cases; i++) {
            byte[] input = mutate(corpus.get(random.nextInt(corpus.size())), corpus, random);
            String what = "case " + i + " (seed " + seed + ")";
            boolean roundTrip = i % 4 == 0; // writing in 7 formats and reading back is the slow part
            assertTimeoutPreemptively(HANG_GUARD, () -> check(input, what, roundTrip), what);
        }
    }

    private static void check(byte[] input, String what, boolean roundTrip) {
        GameRecord record;
        try {
            record = GameRecords.read(input);
        } catch (RecordFormatException e) {
            assertThat(e.getMessage()).as(what).doesNotContain("\n").hasSizeLessThan(500);
            record = null;
        }
        if (record != null && roundTrip) {
            for (RecordFormat format : WRITTEN) {
                byte[] written;
                try {
                    written = GameRecords.encode(record, format);
                } catch (RecordFormatException cannotWrite) {
                    continue; // a move the format cannot hold (e.g. from an empty square, read from USI)
                }
                if (format == RecordFormat.KI2) {
                    // KI2 names no source square: a USI move a piece cannot make by how it moves (read unchecked)
                    // is written but may read back as another move or be refused; it must not fail otherwise
                    try {
                        GameRecords.read(written);
                    } catch (RecordFormatException lossy) {
                        assertThat(lossy.getMessage()).as(what).doesNotContain("\n");
                    }
                } else if (format != RecordFormat.SFEN) {
                    GameRecord back = GameRecords.read(written);
                    assertThat(back.moves()).as("%s via %s", what, format).isEqualTo(record.moves());
                }
            }
        }
        int judge = runCli(input, "judge", "-");
        int convert = runCli(input, "convert", "--to", "kif", "-");
        assertThat(judge).as(what).isIn(0, 2);
        assertThat(convert).as(what).isIn(0, 2);
    }

    private static int runCli(byte[] input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = CLI.run(args, new ByteArrayInputStream(input),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String e = err.toString(StandardCharsets.UTF_8);
        if (code != 0) {
            assertThat(e.strip().lines()).as("one line: %s", e).hasSize(1);
            assertThat(e).doesNotContain("Exception");
        }
        return code;
    }

    private static byte[] mutate(byte[] seed, List<byte[]> corpus, Random random) {
        byte[] b = seed.clone();
        int kind = random.nextInt(8);
        switch (kind) {
            case 0 -> {
                for (int n = 1 + random.nextInt(8); n > 0 && b.length > 0; n--) {
                    b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case 1 -> b = java.util.Arrays.copyOf(b, b.length == 0 ? 0 : random.nextInt(b.length));
            case 2, 3 -> b = lines(b, random, kind == 2);
            case 4 -> b = hugeNumber(b, random);
            case 5 -> {
                b = new byte[random.nextInt(64)];
                random.nextBytes(b);
            }
            case 6 -> {
                byte[] other = corpus.get(random.nextInt(corpus.size()));
                int cut = b.length == 0 ? 0 : random.nextInt(b.length);
                int from = other.length == 0 ? 0 : random.nextInt(other.length);
                byte[] spliced = new byte[cut + other.length - from];
                System.arraycopy(b, 0, spliced, 0, cut);
                System.arraycopy(other, from, spliced, cut, other.length - from);
                b = spliced;
            }
            default -> {
                String text = new String(b, StandardCharsets.UTF_8);
                String[] junk = {":", "：", "\u0000", "同", "不成", "打", "{", "]", "%", "+", "-", "手数＝", "P1", "45"};
                int at = text.isEmpty() ? 0 : random.nextInt(text.length());
                b = (text.substring(0, at) + junk[random.nextInt(junk.length)] + text.substring(at))
                        .getBytes(StandardCharsets.UTF_8);
            }
        }
        return b;
    }

    private static byte[] lines(byte[] b, Random random, boolean duplicate) {
        List<String> lines = new ArrayList<>(new String(b, StandardCharsets.ISO_8859_1).lines().toList());
        if (lines.isEmpty()) {
            return b;
        }
        int i = random.nextInt(lines.size());
        if (duplicate) {
            lines.add(i, lines.get(i));
        } else {
            lines.remove(i);
        }
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] hugeNumber(byte[] b, Random random) {
        String text = new String(b, StandardCharsets.ISO_8859_1);
        List<Integer> digits = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i))) {
                digits.add(i);
            }
        }
        if (digits.isEmpty()) {
            return b;
        }
        int at = digits.get(random.nextInt(digits.size()));
        String number = random.nextBoolean() ? "9".repeat(10 + random.nextInt(100_000)) : "-1";
        return (text.substring(0, at) + number + text.substring(at)).getBytes(StandardCharsets.ISO_8859_1);
    }
}
