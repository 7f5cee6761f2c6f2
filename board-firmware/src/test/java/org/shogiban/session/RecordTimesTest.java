package org.shogiban.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.clock.TimeControl;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.rules.Position;

/**
 * The time control in the records' headers: KIF {@code 持ち時間} (and {@code 先手持ち時間}/{@code 後手持ち時間} when the
 * sides differ), CSA V3.0 {@code $TIME}, or {@code $TIME+} and {@code $TIME-} when the sides differ; written, then
 * read back by our own readers to the same time control.
 */
class RecordTimesTest {

    private static GameRecord recordWith(TimeControl control) {
        RecordHeader header = RecordTimes.write(RecordHeader.EMPTY.with(RecordHeader.SITE, "ShogiBan"), control);
        return new GameRecord(Position.startpos(), header, List.of(), List.of(), RecordEnd.NONE);
    }

    private static String written(TimeControl control, RecordFormat format) {
        return GameRecords.write(recordWith(control), format);
    }

    private static TimeControl readBack(String text) {
        return RecordTimes.read(GameRecords.read(text).header()).orElseThrow();
    }

    @Test
    void csaWritesEachSidesTimeWhenTheyDiffer() {
        TimeControl handicap = TimeControl.parse("sente.main=600,gote.main=300,byoyomi=30,increment=0");
        String csa = written(handicap, RecordFormat.CSA);

        assertThat(csa).contains("\n$TIME+:600+30+0\n", "\n$TIME-:300+30+0\n").doesNotContain("$TIME:");
        assertThat(readBack(csa)).isEqualTo(handicap);
    }

    @Test
    void csaWritesOneTimeWhenBothSidesHaveTheSame() {
        TimeControl same = TimeControl.parse("main=900,increment=5");
        String csa = written(same, RecordFormat.CSA);

        assertThat(csa).contains("\n$TIME:900+0+5\n").doesNotContain("$TIME+", "$TIME-");
        assertThat(readBack(csa)).isEqualTo(same);
    }

    @Test
    void kifWritesEachSidesTimeUnderTheKeysTsshogiReadsAndOurReaderGetsItAllBack() {
        TimeControl handicap = TimeControl.parse(
                "sente.main=1200,gote.main=600,byoyomi=30,sente.periods=3,gote.periods=2,consider=2");
        String kif = written(handicap, RecordFormat.KIFU);

        assertThat(kif).contains("持ち時間：先手20分 秒読み30秒×3回 考慮時間1分×2回 後手10分 秒読み30秒×2回",
                "先手持ち時間：20分 秒読み30秒×3回 考慮時間1分×2回 (main=1200,byoyomi=30,periods=3,increment=0,consider=2)",
                "後手持ち時間：10分 秒読み30秒×2回 考慮時間1分×2回 (main=600,byoyomi=30,periods=2,increment=0,consider=2)");
        assertThat(readBack(kif)).isEqualTo(handicap);
        // through Shift_JIS too, as .kif files are written
        assertThat(RecordTimes.read(GameRecords.read(GameRecords.encode(recordWith(handicap), RecordFormat.KIF))
                .header())).contains(handicap);
    }

    @Test
    void theKifSidesAreReadWhenThe持ち時間LineHasNoSpec() {
        RecordHeader header = RecordHeader.EMPTY.with(RecordHeader.TIME_CONTROL, "先手20分 後手10分")
                .with(RecordTimes.KIF_TIME_SENTE, "20分 (main=1200,byoyomi=0,periods=1,increment=0,consider=0)")
                .with(RecordTimes.KIF_TIME_GOTE, "10分 (main=600,byoyomi=0,periods=1,increment=0,consider=0)");

        assertThat(RecordTimes.read(header)).contains(TimeControl.parse("sente.main=1200,gote.main=600"));
    }

    @Test
    void aCsaRecordFromElsewhereIsReadFromItsTimeFields() {
        String csa = "V3.0\nN+a\nN-b\n$TIME+:300.5+10+0\n$TIME-:600+10+0\nPI\n+\n";

        assertThat(readBack(csa)).isEqualTo(TimeControl.parse("sente.main=300,gote.main=600,byoyomi=10"));
    }

    @Test
    void aHeaderWithoutATimeControlOrWithWordsOnlyGivesNone() {
        assertThat(RecordTimes.read(RecordHeader.EMPTY)).isEmpty();
        assertThat(RecordTimes.read(RecordHeader.EMPTY.with(RecordHeader.TIME_CONTROL, "各10分"))).isEmpty();
        assertThat(RecordTimes.write(RecordHeader.EMPTY, TimeControl.NONE)).isEqualTo(RecordHeader.EMPTY);
    }

    @Test
    void aBadTimeFieldIsAnErrorNamingIt() {
        RecordHeader bad = RecordHeader.EMPTY.with(RecordTimes.CSA_TIME_SENTE, "ten minutes")
                .with(RecordTimes.CSA_TIME_GOTE, "600+0+0");

        assertThatThrownBy(() -> RecordTimes.read(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("$TIME+:ten minutes");
        assertThatThrownBy(() -> RecordTimes.read(RecordHeader.EMPTY.with(RecordTimes.CSA_TIME_GOTE, "600+0+0")))
                .hasMessageContaining("$TIME- without $TIME+");
    }
}
