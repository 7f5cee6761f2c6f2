package org.shogiban.session;

import org.shogiban.clock.SideTimeControl;
import org.shogiban.clock.TimeControl;
import org.shogiban.rules.Side;

/**
 * The time control as the records' headers write it: KIF {@code 持ち時間} (words, with the spec in brackets so our
 * own reader gets it back exactly) and CSA V3.0 {@code $TIME:main+byoyomi+increment} in seconds.
 */
final class RecordTimes {
    /** The header key CSA V3.0 keeps the time control under (the writer passes {@code $} keys through). */
    static final String CSA_TIME = "$TIME";

    private RecordTimes() {
    }

    /** e.g. {@code 各10分 秒読み30秒 (main=600,byoyomi=30,periods=1,increment=0,consider=0)}. */
    static String kif(TimeControl control) {
        String words = control.sente().equals(control.gote()) ? "各" + words(control.sente())
                : "先手" + words(control.of(Side.SENTE)) + " 後手" + words(control.of(Side.GOTE));
        return words + " (" + control.spec() + ")";
    }

    /** e.g. {@code 600+30+0}: sente's, the CSA field holds one side's time. */
    static String csa(TimeControl control) {
        SideTimeControl s = control.sente();
        return s.mainMs() / 1000 + "+" + s.byoyomiMs() / 1000 + "+" + s.incrementMs() / 1000;
    }

    private static String words(SideTimeControl c) {
        StringBuilder sb = new StringBuilder();
        long main = c.mainMs() / 1000;
        sb.append(main % 60 == 0 ? main / 60 + "分" : main + "秒");
        if (c.byoyomiMs() > 0) {
            sb.append(" 秒読み").append(c.byoyomiMs() / 1000).append("秒");
            if (c.periods() > 1) {
                sb.append("×").append(c.periods()).append("回");
            }
        }
        if (c.incrementMs() > 0) {
            sb.append(" 加算").append(c.incrementMs() / 1000).append("秒");
        }
        if (c.considerUnits() > 0) {
            sb.append(" 考慮時間1分×").append(c.considerUnits()).append("回");
        }
        return sb.toString();
    }
}
