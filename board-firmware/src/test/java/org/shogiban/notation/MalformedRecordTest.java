package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** Malformed records fail with {@link RecordFormatException} naming the line and what was expected there. */
class MalformedRecordTest {
    private static final String KIF_HEAD = "手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n";

    static Stream<Arguments> malformed() {
        return Stream.of(
                // truncated files
                Arguments.of("KIF cut inside a move", KIF_HEAD + "   1 ７六歩(77)\n   2 ３", 6, "expected a square"),
                Arguments.of("KIF cut inside the source square", KIF_HEAD + "   1 ７六歩(7", 5,
                        "expected the source square"),
                Arguments.of("CSA cut inside a move", "V2.2\nPI\n+\n+7776FU\n-33", 5, "expected a move such as -7776FU"),
                Arguments.of("KIF board diagram cut short", "後手の持駒：なし\n+---------------------------+\n"
                        + "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n" + "手数----指手--\n"
                        + "   1 ５八玉(59)\n", 5, "the board diagram has 2 rows; expected 9"),
                // unknown pieces
                Arguments.of("CSA unknown piece in a move", "V2.2\nPI\n+\n+7776XX\n", 4, "unknown piece 'XX'"),
                Arguments.of("CSA unknown piece on the board", "V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-ZZ\n", 2,
                        "expected ' * ' or a piece"),
                Arguments.of("KIF unknown piece", KIF_HEAD + "   1 ７六犬(77)\n", 5, "expected a piece"),
                Arguments.of("KI2 unknown piece", "手合割：平手\n\n▲７六象\n", 3, "expected a piece"),
                // moves from empty squares, or naming the wrong piece
                Arguments.of("KIF move from an empty square", KIF_HEAD + "   1 ７四歩(75)\n", 5,
                        "moves from 7e, which is empty"),
                Arguments.of("CSA move from an empty square", "V2.2\nPI\n+\n+5554FU\n", 4,
                        "moves from 5e, which is empty"),
                Arguments.of("KIF move naming the wrong piece", KIF_HEAD + "   1 ７六飛(77)\n", 5,
                        "7g holds sente's pawn, not the rook"),
                Arguments.of("CSA move naming the wrong piece", "V2.2\nPI\n+\n+7776KA\n", 4,
                        "7g holds sente's pawn, which cannot become KA"),
                Arguments.of("KIF drop of a piece not in hand", KIF_HEAD + "   1 ５五角打\n", 5,
                        "sente has no bishop in hand"),
                Arguments.of("KI2 move no piece can make", "手合割：平手\n\n▲５五金\n", 3,
                        "no sente gold can move to 5e"),
                Arguments.of("KI2 ambiguous move", "手合割：平手\n\n▲５八金\n", 3, "is ambiguous: 2 golds"),
                // the wrong side
                Arguments.of("CSA gote's sign on sente's move", "V2.2\nPI\n+\n-3334FU\n", 4,
                        "expected a move by + (sente), found '-3334FU'"),
                Arguments.of("CSA sente moving twice", "V2.2\nPI\n+\n+7776FU\n+2726FU\n", 5,
                        "expected a move by - (gote)"),
                Arguments.of("KI2 sente moving twice", "手合割：平手\n\n▲７六歩    ▲２六歩\n", 3,
                        "expected a move by △ (gote)"),
                Arguments.of("KIF moving the opponent's piece", KIF_HEAD + "   1 ３四歩(33)\n", 5,
                        "which holds gote's pawn, but sente is to move"),
                // other mistakes
                Arguments.of("KIF skipped move number", KIF_HEAD + "   1 ７六歩(77)\n   3 ３四歩(33)\n", 6,
                        "expected move number 2, found 3"),
                Arguments.of("KIF unknown handicap", "手合割：九枚落ち\n", 1, "unknown handicap '九枚落ち'"),
                Arguments.of("KIF stray text", KIF_HEAD + "   1 ７六歩(77)\nhello\n", 6, "expected a move line"),
                Arguments.of("plain text", "hello world\n", 1, "expected a header"),
                Arguments.of("CSA unknown ending", "V2.2\nPI\n+\n%RESIGN\n", 4, "unknown ending '%RESIGN'"),
                Arguments.of("CSA bad time", "V2.2\nPI\n+\n+7776FU\nTten\n", 5, "expected a time in seconds"),
                Arguments.of("USI bad move", "position startpos moves 7g7f 3c3x\n", 1, "move 2"),
                Arguments.of("empty input", "  \n", 1, "the input is empty"),
                Arguments.of("JKF cut short", "{\"header\":{},\"moves\":[{},{\"move\":{\"from\":{\"x\":7,", 1,
                        "expected JSON"),
                Arguments.of("JKF unknown piece", "{\"header\":{},\"moves\":[{},{\"move\":{\"from\":{\"x\":7,\"y\":7},"
                        + "\"to\":{\"x\":7,\"y\":6},\"piece\":\"XX\",\"color\":0}}]}", 0, "unknown piece 'XX'"),
                Arguments.of("JKF move from an empty square", "{\"header\":{},\"moves\":[{},{\"move\":{\"from\":"
                        + "{\"x\":7,\"y\":5},\"to\":{\"x\":7,\"y\":4},\"piece\":\"FU\",\"color\":0}}]}", 0,
                        "which is empty"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void namesTheLineAndWhatWasExpected(String what, String text, int line, String expected) {
        assertThatThrownBy(() -> GameRecords.read(text.getBytes(StandardCharsets.UTF_8)))
                .as(what)
                .isInstanceOf(RecordFormatException.class)
                .hasMessageContaining(expected)
                .hasMessageStartingWith(line > 0 ? "line " + line + ": " : "")
                .satisfies(e -> assertThat(((RecordFormatException) e).line()).isEqualTo(line));
    }

    @Test
    void refusesBinaryData() {
        byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0};
        assertThatThrownBy(() -> GameRecords.read(elf)).isInstanceOf(RecordFormatException.class)
                .hasMessage("line 1: binary data (a NUL byte at offset 7); expected a game record as text");
        byte[] noText = new byte[64];
        for (int i = 0; i < noText.length; i++) {
            noText[i] = (byte) (0x80 + i % 2 * 0x7f); // 0x80 and 0xFF: neither UTF-8, Shift_JIS nor EUC-JP
        }
        assertThatThrownBy(() -> GameRecords.read(noText)).isInstanceOf(RecordFormatException.class)
                .hasMessageContaining("are not UTF-8, Shift_JIS or EUC-JP text");
    }

    @Test
    void neverFailsOtherwiseOnTruncatedOrDamagedRecords() {
        GameRecord game = GameRecord.of(Position.startpos(), java.util.Arrays.stream(
                "7g7f 3c3d 8h2b+ 3a2b B*4e 8b3b 4e3d 3b3d 2g2f B*6e 5i6h 6a5b".split(" "))
                .map(Move::parseUsi).toList());
        Random random = new Random(20240501);
        int refused = 0;
        for (RecordFormat format : RecordFormat.values()) {
            byte[] good = GameRecords.encode(game, format);
            for (int cut = 0; cut < good.length; cut++) {
                refused += readsOrRefuses(java.util.Arrays.copyOf(good, cut));
            }
            for (int n = 0; n < 300; n++) {
                byte[] damaged = good.clone();
                damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
                refused += readsOrRefuses(damaged);
            }
        }
        assertThat(refused).as("damaged records refused").isGreaterThan(500);
    }

    /** 1 when the record is refused with a RecordFormatException, 0 when it reads; anything else fails. */
    private static int readsOrRefuses(byte[] bytes) {
        try {
            GameRecords.read(bytes);
            return 0;
        } catch (RecordFormatException e) {
            assertThat(e.getMessage()).isNotBlank();
            return 1;
        }
    }
}
