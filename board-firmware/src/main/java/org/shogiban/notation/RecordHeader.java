package org.shogiban.notation;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The header of a game record: named fields in the order the record gave them. Names are the KIF (and JKF) ones,
 * e.g. {@code 先手} (sente's player), {@code 棋戦} (event); CSA fields without a KIF name keep their CSA name with
 * its {@code $}, e.g. {@code $TIME_LIMIT}. The handicap (手合割) is not a header field: it follows from the start.
 */
public record RecordHeader(Map<String, String> fields) {
    /** Sente's player (先手; 下手 in handicap games). */
    public static final String SENTE = "先手";
    /** Gote's player (後手; 上手 in handicap games). */
    public static final String GOTE = "後手";
    /** The event or tournament (棋戦). */
    public static final String EVENT = "棋戦";
    /** The place (場所). */
    public static final String SITE = "場所";
    /** When the game started (開始日時), as the record wrote it. */
    public static final String START_TIME = "開始日時";
    /** When the game ended (終了日時), as the record wrote it. */
    public static final String END_TIME = "終了日時";
    /** The time control (持ち時間), as the record wrote it. */
    public static final String TIME_CONTROL = "持ち時間";
    /** The opening (戦型). */
    public static final String OPENING = "戦型";
    /** The title of the game (表題). */
    public static final String TITLE = "表題";

    /** A header without fields. */
    public static final RecordHeader EMPTY = new RecordHeader(Map.of());

    public RecordHeader {
        for (Map.Entry<String, String> e : fields.entrySet()) {
            if (e.getKey() == null || e.getKey().isBlank() || e.getValue() == null) {
                throw new IllegalArgumentException("header field names must be non-blank and values non-null");
            }
        }
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** A field's value, if the header has it. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(fields.get(name));
    }

    /** This header with a field set (added at the end when new). */
    public RecordHeader with(String name, String value) {
        Map<String, String> copy = new LinkedHashMap<>(fields);
        copy.put(name, value);
        return new RecordHeader(copy);
    }

    public Optional<String> sente() {
        return get(SENTE);
    }

    public Optional<String> gote() {
        return get(GOTE);
    }

    public Optional<String> event() {
        return get(EVENT);
    }

    public Optional<String> startTime() {
        return get(START_TIME);
    }

    public Optional<String> endTime() {
        return get(END_TIME);
    }

    public Optional<String> timeControl() {
        return get(TIME_CONTROL);
    }
}
