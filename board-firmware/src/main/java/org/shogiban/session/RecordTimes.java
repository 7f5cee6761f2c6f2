package org.shogiban.session;

import java.math.BigDecimal;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogiban.clock.SideTimeControl;
import org.shogiban.clock.TimeControl;
import org.shogiban.notation.RecordHeader;
import org.shogiban.rules.Side;

/**
 * The time control as the records' headers write it, and read back.
 *
 * <ul>
 *   <li>KIF {@code 持ち時間}: words, with the spec in brackets so our own reader gets it back exactly, e.g.
 *       {@code 各10分 秒読み30秒 (main=600,byoyomi=30,periods=1,increment=0,consider=0)}. When the sides differ
 *       (handicap games) also {@code 先手持ち時間} and {@code 後手持ち時間}, each side's words and own spec (the keys
 *       tsshogi/ShogiHome read and write for per-side times).
 *   <li>CSA V3.0: {@code $TIME:main+byoyomi+increment} in seconds when both sides have the same; when they differ,
 *       {@code $TIME+:} (sente's) and {@code $TIME-:} (gote's) instead, as the V3.0 standard defines them. CSA has
 *       no field for byoyomi periods or consideration units.
 * </ul>
 */
public final class RecordTimes {
    /** The header key CSA V3.0 keeps the time control under (the writer passes {@code $} keys through). */
    public static final String CSA_TIME = "$TIME";
    /** CSA V3.0: sente's time control when the sides differ. */
    public static final String CSA_TIME_SENTE = "$TIME+";
    /** CSA V3.0: gote's time control when the sides differ. */
    public static final String CSA_TIME_GOTE = "$TIME-";
    /** KIF (as tsshogi writes it): sente's time control when the sides differ. */
    public static final String KIF_TIME_SENTE = "先手持ち時間";
    /** KIF (as tsshogi writes it): gote's time control when the sides differ. */
    public static final String KIF_TIME_GOTE = "後手持ち時間";

    private static final Pattern BRACKETED_SPEC = Pattern.compile("\\(([^()]*)\\)\\s*$");
    private static final Pattern CSA_VALUE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\+(\\d+(?:\\.\\d+)?)\\+(\\d+(?:\\.\\d+)?)");

    private RecordTimes() {
    }

    /** The header with the time control's fields (none for a game without a time limit). */
    public static RecordHeader write(RecordHeader header, TimeControl control) {
        if (control.isNone()) {
            return header;
        }
        RecordHeader h = header.with(RecordHeader.TIME_CONTROL, kif(control));
        if (control.sente().equals(control.gote())) {
            return h.with(CSA_TIME, csa(control.sente()));
        }
        return h.with(KIF_TIME_SENTE, words(control.sente()) + " (" + sideSpec(control.sente()) + ")")
                .with(KIF_TIME_GOTE, words(control.gote()) + " (" + sideSpec(control.gote()) + ")")
                .with(CSA_TIME_SENTE, csa(control.sente()))
                .with(CSA_TIME_GOTE, csa(control.gote()));
    }

    /**
     * The time control a record's header gives: KIF {@code 持ち時間} with a bracketed spec (ours), else
     * {@code 先手持ち時間}/{@code 後手持ち時間} with bracketed specs, else CSA {@code $TIME+}/{@code $TIME-}, else
     * CSA {@code $TIME} (one byoyomi period, no consideration units: CSA has no field for them). Empty when the
     * header has none of them.
     *
     * @throws IllegalArgumentException naming the field and its value when a field is there but not readable
     */
    public static Optional<TimeControl> read(RecordHeader header) {
        Optional<String> kif = header.get(RecordHeader.TIME_CONTROL).flatMap(RecordTimes::bracketed);
        if (kif.isPresent()) {
            return Optional.of(parse(RecordHeader.TIME_CONTROL, kif.get()));
        }
        Optional<String> kifSente = header.get(KIF_TIME_SENTE).flatMap(RecordTimes::bracketed);
        Optional<String> kifGote = header.get(KIF_TIME_GOTE).flatMap(RecordTimes::bracketed);
        if (kifSente.isPresent() && kifGote.isPresent()) {
            return Optional.of(parse(KIF_TIME_SENTE + "/" + KIF_TIME_GOTE,
                    perSide("sente", kifSente.get()) + "," + perSide("gote", kifGote.get())));
        }
        Optional<String> csaSente = header.get(CSA_TIME_SENTE);
        Optional<String> csaGote = header.get(CSA_TIME_GOTE);
        Optional<String> both = header.get(CSA_TIME);
        if (csaSente.isPresent() || csaGote.isPresent()) {
            String sente = csaSente.or(() -> both).orElseThrow(() -> new IllegalArgumentException(
                    "time control: " + CSA_TIME_GOTE + " without " + CSA_TIME_SENTE + " or " + CSA_TIME));
            String gote = csaGote.or(() -> both).orElseThrow(() -> new IllegalArgumentException(
                    "time control: " + CSA_TIME_SENTE + " without " + CSA_TIME_GOTE + " or " + CSA_TIME));
            return Optional.of(parse(CSA_TIME_SENTE + "/" + CSA_TIME_GOTE, perSide("sente",
                    csaSpec(CSA_TIME_SENTE, sente)) + "," + perSide("gote", csaSpec(CSA_TIME_GOTE, gote))));
        }
        return both.map(value -> parse(CSA_TIME, csaSpec(CSA_TIME, value)));
    }

    /** e.g. {@code 各10分 秒読み30秒 (main=600,byoyomi=30,periods=1,increment=0,consider=0)}. */
    public static String kif(TimeControl control) {
        String words = control.sente().equals(control.gote()) ? "各" + words(control.sente())
                : "先手" + words(control.of(Side.SENTE)) + " 後手" + words(control.of(Side.GOTE));
        return words + " (" + control.spec() + ")";
    }

    /** e.g. {@code 600+30+0}: one side's main time, byoyomi and increment in seconds. */
    static String csa(SideTimeControl s) {
        return s.mainMs() / 1000 + "+" + s.byoyomiMs() / 1000 + "+" + s.incrementMs() / 1000;
    }

    /** One side's control as a spec without side prefixes, e.g. {@code main=600,byoyomi=30,...}. */
    private static String sideSpec(SideTimeControl s) {
        return TimeControl.both(s).spec();
    }

    private static Optional<String> bracketed(String value) {
        Matcher m = BRACKETED_SPEC.matcher(value);
        return m.find() ? Optional.of(m.group(1).strip()) : Optional.empty();
    }

    /** Prefixes every key of a one-side spec with the side, e.g. {@code sente.main=600,sente.byoyomi=30}. */
    private static String perSide(String side, String spec) {
        StringBuilder sb = new StringBuilder();
        for (String item : spec.split(",")) {
            if (!sb.isEmpty()) {
                sb.append(',');
            }
            sb.append(side).append('.').append(item.strip());
        }
        return sb.toString();
    }

    private static String csaSpec(String key, String value) {
        Matcher m = CSA_VALUE.matcher(value.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("time control: " + key + ":" + value
                    + " is not main+byoyomi+increment in seconds (e.g. 600+30+0)");
        }
        long byoyomi = seconds(m.group(2));
        return "main=" + seconds(m.group(1)) + ",byoyomi=" + byoyomi + ",periods=1,increment=" + seconds(m.group(3));
    }

    /** Whole seconds (the clock's spec has no fractions; CSA V3.0 allows them, and they are cut off). */
    private static long seconds(String decimal) {
        return new BigDecimal(decimal).longValue();
    }

    private static TimeControl parse(String field, String spec) {
        try {
            return TimeControl.parse(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("record header " + field + ": " + e.getMessage(), e);
        }
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
