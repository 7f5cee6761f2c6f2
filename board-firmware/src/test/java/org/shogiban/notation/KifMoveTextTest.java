package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** KIF move lines as every reader reads them: a move that declines promotion is written without 不成. */
class KifMoveTextTest {
    private static final Position SILVER = Position.fromSfen("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");

    private static List<String> kifMoveLines(Position start, String... usi) {
        GameRecord record = GameRecord.of(start, java.util.Arrays.stream(usi).map(Move::parseUsi).toList());
        String text = GameRecords.write(record, RecordFormat.KIFU);
        assertThat(GameRecords.read(text).moves()).as("read back").isEqualTo(record.moves());
        return text.lines().filter(l -> l.matches(" *\\d+ .*")).map(String::strip).toList();
    }

    @Test
    void aMoveThatCouldPromoteAndDoesNotIsWrittenWithoutFunari() {
        assertThat(kifMoveLines(SILVER, "3d3c")).containsExactly("1 ３三銀(34)");
        assertThat(kifMoveLines(SILVER, "3d3c+")).containsExactly("1 ３三銀成(34)");
        // the case tsshogi 2.2 failed on: a 不成 line dropped, then 同 had no previous move
        Position silverAndGold = Position.fromSfen("4k4/6g2/9/6S2/9/9/9/9/4K4 b - 1");
        assertThat(kifMoveLines(silverAndGold, "3d3c", "3b3c")).containsExactly("1 ３三銀(34)", "2 同　金(32)");
    }

    @Test
    void readsFunariAsWrittenByOtherProgramsToo() {
        String withFunari = "手合割：平手\n手数----指手---------消費時間--\n"
                + "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角不成(88)\n   4 同　銀(31)\n";
        String without = withFunari.replace("不成", "");
        List<Move> expected = List.of(Move.parseUsi("7g7f"), Move.parseUsi("3c3d"), Move.parseUsi("8h2b"),
                Move.parseUsi("3a2b"));
        assertThat(GameRecords.read(withFunari).moves()).isEqualTo(expected);
        assertThat(GameRecords.read(without).moves()).isEqualTo(expected);
    }
}
