package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** KI2 moves told apart by 右/左/直/上/引/寄 and 打, as the position requires, written and read. */
class Ki2NotationTest {

    private static String ki2Moves(Position start, String... usi) {
        GameRecord record = GameRecord.of(start, java.util.Arrays.stream(usi).map(Move::parseUsi).toList());
        String text = GameRecords.write(record, RecordFormat.KI2);
        assertThat(GameRecords.read(text).moves()).as("read back").isEqualTo(record.moves());
        return text.lines().filter(l -> l.startsWith("▲") || l.startsWith("△")).findFirst().orElseThrow().strip();
    }

    @Test
    void twoGoldsToTheSameSquareAreToldApartByRightAndLeft() {
        assertThat(ki2Moves(Position.startpos(), "4i5h")).isEqualTo("▲５八金右");
        assertThat(ki2Moves(Position.startpos(), "6i5h")).isEqualTo("▲５八金左");
        assertThat(ki2Moves(Position.startpos(), "7g7f", "4a5b")).endsWith("△５二金左");
    }

    @Test
    void upBackSidewaysAndStraight() {
        // golds on 5h and 4i, both can reach 4h: from 4i it moves up, from 5h sideways
        Position golds = Position.fromSfen("4k4/9/9/9/9/9/9/4G4/5G3 b - 1");
        assertThat(ki2Moves(golds, "4i4h")).isEqualTo("▲４八金上");
        assertThat(ki2Moves(golds, "5h4h")).isEqualTo("▲４八金寄");
        // golds on 5h and 4g, both can reach 4h: from 4g it moves back
        Position backAndSide = Position.fromSfen("4k4/9/9/9/9/9/5G3/4G4/9 b - 1");
        assertThat(ki2Moves(backAndSide, "4g4h")).isEqualTo("▲４八金引");
        // silvers on 6i and 5i, both can reach 5h: from 5i straight up (直), from 6i diagonally up
        Position silvers = Position.fromSfen("4k4/9/9/9/9/9/9/9/3SS4 b - 1");
        assertThat(ki2Moves(silvers, "5i5h")).isEqualTo("▲５八銀直");
        assertThat(ki2Moves(silvers, "6i5h")).isEqualTo("▲５八銀左");
    }

    @Test
    void aDropIsMarkedOnlyWhenAPieceOnTheBoardCouldMoveThere() {
        Position withHand = Position.fromSfen("4k4/9/9/9/9/9/9/4G4/9 b G 1");
        assertThat(ki2Moves(withHand, "G*4g")).isEqualTo("▲４七金打");
        assertThat(ki2Moves(withHand, "G*1a")).isEqualTo("▲１一金");
    }

    @Test
    void promotionIsWrittenAndDecliningItToo() {
        Position silver = Position.fromSfen("4k4/9/9/6S2/9/9/9/9/4K4 b - 1");
        assertThat(ki2Moves(silver, "3d3c+")).isEqualTo("▲３三銀成");
        assertThat(ki2Moves(silver, "3d3c")).isEqualTo("▲３三銀不成");
        assertThat(ki2Moves(Position.startpos(), "7g7f", "3c3d", "8h2b+", "3a2b")).contains("▲２二角成")
                .contains("△同　銀");
    }

    @Test
    void readsKi2WithGoteMarksAndNoSpaces() {
        GameRecord record = GameRecords.read("▲７六歩△３四歩▲２二角成△同銀\nまで4手で中断\n");
        assertThat(record.moves()).isEqualTo(List.of(Move.parseUsi("7g7f"), Move.parseUsi("3c3d"),
                Move.parseUsi("8h2b+"), Move.parseUsi("3a2b")));
        assertThat(record.end().kind()).isEqualTo(EndKind.ABORTED);
    }
}
