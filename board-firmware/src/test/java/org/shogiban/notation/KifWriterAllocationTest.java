package org.shogiban.notation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * The board writes its record as KIF after every move, so the writer's copies of the text count: the text is built
 * once, in a builder of about its size made for Japanese text (a Latin-1 builder of 4,096 characters was allocated
 * and then again twice as large when the first kanji came, for a record of a few hundred characters), and each move
 * line is appended without strings of its own. Counted with the JVM's per-thread allocation counter.
 */
class KifWriterAllocationTest {
    private static final int WRITES = 200;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void aShortGamesKifIsWrittenWithLittleMoreThanItsText() {
        GameRecord record = played(1);
        String text = GameRecords.write(record, RecordFormat.KIFU);
        long perWrite = allocatedPerWrite(record);
        // the builder (2 bytes a character, with room for the header), the string, the moves' replay: bounded by
        // the text's own size; the 4,096-character builder and its copy alone were 12 KB
        assertThat(perWrite).as("bytes allocated per write of a %d-character KIF", text.length())
                .isLessThan(4_000 + 8L * text.length());
    }

    @Test
    void aLongGamesMoveLinesAreAppendedWithoutStringsOfTheirOwn() {
        GameRecord shortGame = played(2);
        GameRecord longGame = played(102);
        long perHundredMoves = allocatedPerWrite(longGame) - allocatedPerWrite(shortGame);
        int extraChars = GameRecords.write(longGame, RecordFormat.KIFU).length()
                - GameRecords.write(shortGame, RecordFormat.KIFU).length();
        // per move: its text in the builder and in the string (2 bytes a character each), the replay's position and
        // move objects; a StringBuilder, padding strings and a copy per line were about 250 bytes more a move
        assertThat(perHundredMoves / 100).as("bytes allocated per move line of %d characters", extraChars / 100)
                .isLessThan(6L * extraChars / 100 + 150);
    }

    @Test
    void theKifuBytesAreTheTextsUtf8BytesMadeOnce() {
        GameRecord record = played(102);
        byte[] bytes = GameRecords.encode(record, RecordFormat.KIFU);
        assertThat(bytes).isEqualTo(GameRecords.write(record, RecordFormat.KIFU).getBytes(StandardCharsets.UTF_8));
        java.util.Random random = new java.util.Random(25);
        for (int i = 0; i < 2_000; i++) {
            // any text, lone and paired surrogates included, as String.getBytes writes it
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(8); k > 0; k--) {
                text.append((char) (random.nextBoolean() ? random.nextInt(0x800) : random.nextInt(0x10000)));
            }
            assertThat(RecordText.utf8(text)).as("UTF-8 of %s", text.chars().mapToObj(Integer::toHexString)
                    .toList()).isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        long before = allocated();
        int total = 0;
        for (int i = 0; i < WRITES; i++) {
            total += GameRecords.encode(record, RecordFormat.KIFU).length;
        }
        long perEncode = (allocated() - before) / WRITES;
        long perWrite = allocatedPerWrite(record);
        assertThat(total).isEqualTo(WRITES * bytes.length);
        // getBytes of the string allocated three bytes a character and then the bytes again, on top of the string
        assertThat(perEncode).as("bytes allocated per encode, against %d per write of the text", perWrite)
                .isLessThan(perWrite + bytes.length + 1_000);
    }

    /** A game of knights' and silvers' shuffles, with times and a header as the board's records have. */
    private static GameRecord played(int plies) {
        List<String> cycle = List.of("3i4h", "7a6b", "4h3i", "6b7a");
        java.util.ArrayList<RecordedMove> moves = new java.util.ArrayList<>();
        for (int i = 0; i < plies; i++) {
            moves.add(RecordedMove.of(Move.parseUsi(cycle.get(i % 4)), Duration.ofSeconds(7 + i % 50)));
        }
        RecordHeader header = RecordHeader.EMPTY.with(RecordHeader.START_TIME, "2025/03/01 14:05:09")
                .with(RecordHeader.SENTE, "先手").with(RecordHeader.GOTE, "後手")
                .with(RecordHeader.TIME_CONTROL, "60分+60秒");
        return new GameRecord(Position.startpos(), header, List.of(), moves, RecordEnd.NONE);
    }

    private long allocatedPerWrite(GameRecord record) {
        for (int i = 0; i < WRITES; i++) {
            GameRecords.write(record, RecordFormat.KIFU);
        }
        long before = allocated();
        int chars = 0;
        for (int i = 0; i < WRITES; i++) {
            chars += GameRecords.write(record, RecordFormat.KIFU).length();
        }
        long perWrite = (allocated() - before) / WRITES;
        assertThat(chars).isPositive();
        return perWrite;
    }

    private long allocated() {
        return threads.getThreadAllocatedBytes(Thread.currentThread().threadId());
    }
}
