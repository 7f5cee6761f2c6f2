package org.shogiban.notation;

import org.shogiban.notation.formats.GameRecords;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/** Handicap and other starts in every format, Shift_JIS and UTF-8, and both line endings. */
class HandicapAndEncodingTest {

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void everyHandicapIsNamedAndReadBackInEveryFormat(Handicap handicap) {
        Position start = handicap.start();
        Move first = start.legalMoves().get(0);
        GameRecord record = GameRecord.of(start, List.of(first)).withEnd(RecordEnd.of(EndKind.RESIGNATION,
                start.sideToMove().opponent()));
        assertThat(GameRecords.write(record, RecordFormat.KIF)).contains("手合割：" + handicap.kifName());
        assertThat(GameRecords.write(record, RecordFormat.CSA)).contains("\nPI" + handicap.csaRemoved() + "\n"
                + (handicap.isHandicap() ? "-" : "+") + "\n");
        assertThat(GameRecords.write(record, RecordFormat.JKF)).contains("\"preset\" : \"" + handicap.jkfPreset()
                + "\"");
        if (handicap.isHandicap()) {
            assertThat(start.sideToMove()).as("上手 (gote) moves first").isEqualTo(Side.GOTE);
            assertThat(GameRecords.write(record, RecordFormat.KIF)).contains("上手：").contains("下手：");
        }
        for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.KI2, RecordFormat.CSA, RecordFormat.JKF,
                RecordFormat.USI)) {
            GameRecord back = GameRecords.read(GameRecords.encode(record, format));
            assertThat(back.handicap()).as(format.name()).contains(handicap);
            assertThat(back.moves()).as(format.name()).containsExactly(first);
        }
    }

    @Test
    void otherStartsAreWrittenAsABoardDiagramAndPositionLines() {
        Position tsume = Position.fromSfen("7nk/9/6PPP/9/9/9/9/9/K8 b GS2r2b3g3s3n4l15p 1");
        GameRecord record = GameRecord.of(tsume, List.of(Move.parseUsi("S*2b")));
        String kif = GameRecords.write(record, RecordFormat.KIF);
        assertThat(kif).contains("| ・ ・ ・ ・ ・ ・ ・v桂v玉|一").contains("先手の持駒：金　銀").contains("後手の持駒：飛二　角二　金三");
        assertThat(GameRecords.write(record, RecordFormat.CSA)).contains("P1 *  *  *  *  *  *  * -KE-OU")
                .contains("P+00KI00GI");
        for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.KI2, RecordFormat.CSA, RecordFormat.JKF,
                RecordFormat.USI)) {
            GameRecord back = GameRecords.read(GameRecords.encode(record, format));
            assertThat(back.start().repetitionKey()).as(format.name()).isEqualTo(tsume.repetitionKey());
            assertThat(back.handicap()).isEmpty();
            assertThat(back.moves()).isEqualTo(record.moves());
        }
        Position later = Position.startpos().play(Move.parseUsi("7g7f")).withMoveNumber(31);
        GameRecord fromMove31 = GameRecord.of(later, List.of(Move.parseUsi("3c3d")));
        String laterKif = GameRecords.write(fromMove31, RecordFormat.KIF);
        assertThat(laterKif).contains("手数＝30").contains("後手番").contains("  31 ３四歩(33)");
        assertThat(GameRecords.read(laterKif).start()).isEqualTo(later);
    }

    @Test
    void kifIsShiftJisWithCrlfAndTheRestUtf8() {
        GameRecord record = GameRecords.read("position startpos moves 7g7f 3c3d")
                .withHeader(RecordHeader.EMPTY.with(RecordHeader.SENTE, "羽生善治").with(RecordHeader.GOTE, "藤井聡太"));
        byte[] kif = GameRecords.encode(record, RecordFormat.KIF);
        String asSjis = new String(kif, GameRecords.SHIFT_JIS);
        assertThat(asSjis).startsWith("#KIF version=2.0 encoding=Shift_JIS\r\n").contains("先手：羽生善治\r\n");
        assertThat(new String(kif, StandardCharsets.UTF_8)).doesNotContain("羽生善治");
        byte[] kifu = GameRecords.encode(record, RecordFormat.KIFU);
        assertThat(new String(kifu, StandardCharsets.UTF_8)).contains("encoding=UTF-8").contains("羽生善治");
        assertThat(GameRecords.read(kif)).isEqualTo(GameRecords.read(kifu));
        assertThat(new String(GameRecords.encode(record, RecordFormat.CSA), StandardCharsets.UTF_8))
                .startsWith("'CSA encoding=UTF-8\nV3.0\nN+羽生善治\nN-藤井聡太\n");
    }

    @Test
    void readsAnyLineEndingAndAByteOrderMark() {
        String lf = "開始日時：2024/01/02\n先手：甲\n後手：乙\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n";
        GameRecord expected = GameRecords.read(lf);
        assertThat(expected.moves()).hasSize(2);
        assertThat(GameRecords.read(lf.replace("\n", "\r\n"))).isEqualTo(expected);
        assertThat(GameRecords.read(lf.replace("\n", "\r"))).isEqualTo(expected);
        byte[] utf8 = lf.getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[utf8.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, bom, 3, utf8.length);
        assertThat(GameRecords.read(bom)).isEqualTo(expected);
        assertThat(GameRecords.read(lf.getBytes(GameRecords.SHIFT_JIS))).isEqualTo(expected);
        assertThat(expected.header().startTime()).contains("2024/01/02");
        assertThat(expected.header().sente()).contains("甲");
    }

    @Test
    void tellsFormatsApartByContent() {
        assertThat(GameRecords.detect("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n")).isEqualTo(RecordFormat.KIF);
        assertThat(GameRecords.detect("手合割：平手\n\n▲７六歩    △３四歩\n")).isEqualTo(RecordFormat.KI2);
        assertThat(GameRecords.detect("V2.2\nPI\n+\n+7776FU\n")).isEqualTo(RecordFormat.CSA);
        assertThat(GameRecords.detect("'CSA encoding=UTF-8\nV3.0\n")).isEqualTo(RecordFormat.CSA);
        assertThat(GameRecords.detect("{\"header\":{},\"moves\":[{}]}")).isEqualTo(RecordFormat.JKF);
        assertThat(GameRecords.detect("position startpos moves 7g7f\n")).isEqualTo(RecordFormat.USI);
        assertThat(GameRecords.detect("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"))
                .isEqualTo(RecordFormat.USI);
    }

    @Test
    void aBareSfenIsAStartAndSfenOutputIsTheFinalPosition() {
        GameRecord bare = GameRecords.read("lnsgkgsnl/1r5b1/ppppppppp/9/9/6P2/PPPPPP1PP/1B5R1/LNSGKGSNL w - 2\n");
        assertThat(bare.moves()).isEmpty();
        assertThat(bare.start()).isEqualTo(Position.startpos().play(Move.parseUsi("3g3f")));
        GameRecord game = GameRecords.read("position startpos moves 7g7f 3c3d 8h2b+");
        assertThat(GameRecords.write(game, RecordFormat.SFEN).strip())
                .isEqualTo("lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    }
}
