package org.shogiban.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.shogiban.rules.Side;

class TimeControlParseTest {

    @Test
    void theIssueExampleReadsAsTenMinutesAndThirtySecondsByoyomi() {
        TimeControl tc = TimeControl.parse("main=600,byoyomi=30,periods=1,increment=0,consider=0");
        assertThat(tc.sente()).isEqualTo(new SideTimeControl(600_000, 30_000, 1, 0, 0));
        assertThat(tc.gote()).isEqualTo(tc.sente());
        assertThat(tc.of(Side.GOTE)).isSameAs(tc.gote());
        assertThat(tc.isNone()).isFalse();
    }

    @Test
    void leftOutKeysTakeTheirDefaults() {
        assertThat(TimeControl.parse("byoyomi=30").sente()).isEqualTo(new SideTimeControl(0, 30_000, 1, 0, 0));
        assertThat(TimeControl.parse("main=300").sente()).isEqualTo(SideTimeControl.suddenDeath(300_000));
        assertThat(TimeControl.parse(" main = 60 , increment = 5 ").sente())
                .isEqualTo(new SideTimeControl(60_000, 0, 0, 5_000, 0));
    }

    @Test
    void suddenDeathAcceptsAndIgnoresASinglePeriod() {
        assertThat(TimeControl.parse("main=600,byoyomi=0,periods=1").sente())
                .isEqualTo(SideTimeControl.suddenDeath(600_000));
    }

    @Test
    void aPerSideKeyOverridesTheCommonKeyWhateverTheOrder() {
        TimeControl tc = TimeControl.parse("sente.main=900,main=600,byoyomi=30,gote.byoyomi=60,gote.periods=2");
        assertThat(tc.sente()).isEqualTo(new SideTimeControl(900_000, 30_000, 1, 0, 0));
        assertThat(tc.gote()).isEqualTo(new SideTimeControl(600_000, 60_000, 2, 0, 0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "unlimited", " NONE "})
    void noneIsAGameWithoutAClock(String spec) {
        TimeControl tc = TimeControl.parse(spec);
        assertThat(tc).isEqualTo(TimeControl.NONE);
        assertThat(tc.isNone()).isTrue();
        assertThat(tc.spec()).isEqualTo("none");
    }

    @Test
    void specIsCanonicalAndReadsBackToTheSameControl() {
        TimeControl tc = TimeControl.parse("consider=10, byoyomi=30, main=0");
        assertThat(tc.spec()).isEqualTo("main=0,byoyomi=30,periods=1,increment=0,consider=10");
        TimeControl handicap = TimeControl.parse("main=600,gote.main=1200,byoyomi=30,sente.periods=3");
        assertThat(handicap.spec()).isEqualTo(
                "sente.main=600,gote.main=1200,byoyomi=30,sente.periods=3,gote.periods=1,increment=0,consider=0");
        for (String spec : new String[] {"main=600", "main=600,byoyomi=30,periods=1,increment=0,consider=0",
                "main=3600,byoyomi=60,periods=5", "main=180,increment=2", "byoyomi=30,consider=10",
                "main=600,gote.main=1200,byoyomi=30,sente.periods=3", "none"}) {
            TimeControl read = TimeControl.parse(spec);
            assertThat(TimeControl.parse(read.spec())).as(spec).isEqualTo(read);
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            mian=600                     | time control: unknown key 'mian' in 'mian=600'; keys main, byoyomi, periods, increment, consider, each also as sente.KEY or gote.KEY (or the whole text 'none')
            black.main=600               | time control: unknown key 'black.main' in 'black.main=600'; keys main
            main=600,main=300            | time control: duplicate key main (main=600 and main=300); give each key once
            gote.main=1,gote.main=2      | time control: duplicate key gote.main (gote.main=1 and gote.main=2)
            main=-5                      | time control: main=-5 is negative; allowed 0..360000 seconds (100 hours)
            byoyomi=ten                  | time control: byoyomi=ten is not a whole number; allowed 0..3600 seconds
            main=1.5                     | time control: main=1.5 is not a whole number; allowed 0..360000 seconds (100 hours)
            main=                        | time control: main= is not a whole number
            main=360001                  | time control: main=360001 is too large; allowed 0..360000 seconds (100 hours)
            main=99999999999999999999999 | time control: main=99999999999999999999999 is too large
            increment=3601               | time control: increment=3601 is too large; allowed 0..3600 seconds
            periods=100,byoyomi=30       | time control: periods=100 is too large; allowed 1..99
            consider=100,byoyomi=30      | time control: consider=100 is too large; allowed 0..99 one-minute units
            main=600,,byoyomi=30         | time control: empty item 2 in 'main=600,,byoyomi=30'; items are key=value separated by single commas
            main=600,                    | time control: empty item 2 in 'main=600,'
            main                         | time control: item 'main' has no '='; write key=value
            byoyomi=30,periods=0         | time control: periods=0 with a byoyomi of 30 s; allowed 1..99 (write byoyomi=0 for sudden death)
            main=600,periods=3           | time control: periods=3 but sente has no byoyomi; periods need byoyomi > 0
            main=600,byoyomi=30,gote.byoyomi=0,gote.periods=2 | time control: gote.periods=2 but gote has no byoyomi
            increment=10                 | time control: sente gets no time (main, byoyomi and consider are all 0); give main or byoyomi, or write 'none' for a game without a clock
            main=600,gote.main=0         | time control: gote gets no time
            """)
    void aBadTextIsOneClearErrorNamingKeyValueAndWhatIsAllowed(String spec, String message) {
        assertThatThrownBy(() -> TimeControl.parse(spec))
                .isInstanceOf(TimeControlException.class)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void anEmptyTextIsAnError() {
        assertThatThrownBy(() -> TimeControl.parse("  "))
                .isInstanceOf(TimeControlException.class)
                .hasMessage("time control: empty text; write key=value items such as main=600,byoyomi=30 or 'none' "
                        + "for no clock");
    }

    @Test
    void oneSideWithoutAClockIsRefused() {
        assertThatThrownBy(() -> new TimeControl(SideTimeControl.UNLIMITED, SideTimeControl.suddenDeath(60_000)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("either both sides play with a clock or neither does");
    }
}
