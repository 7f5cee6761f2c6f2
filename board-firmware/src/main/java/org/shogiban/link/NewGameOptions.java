package org.shogiban.link;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.shogiban.clock.TimeControl;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.Position;
import org.shogiban.session.GameRequest;
import org.shogiban.session.PlayMode;
import org.shogiban.session.OnlineSeat;
import org.shogiban.session.RemotePlayer;

/**
 * What a host asks of a new game ({@code NEW sente=羽生 gote="Fujii Sota" time=main=600,byoyomi=30 handicap=bishop
 * mode=tournament}); every option may be left out, and the board keeps its setting for it.
 *
 * @param sente sente's player (先手; 下手 in a handicap game)
 * @param gote gote's player (後手; 上手)
 * @param timeControl the time control as one text, {@code main=600,byoyomi=30,periods=1,increment=0,consider=0}
 *     (seconds; {@code sente.main=...} and {@code gote.main=...} for different times), checked for its form here
 * @param handicap the start: {@code even} or a handicap
 * @param mode {@code casual} (illegal moves are put back) or {@code tournament} (commit at the clock press, an illegal
 *     move loses)
 * @param remote the side a USI engine plays and its level ({@code engine=gote level=3}; level 5 when left out), or
 *     the side the host plays itself ({@code host=gote}: its moves come with {@code PLAY <usi>})
 * @param sfen a start that is no handicap's: any position ({@code sfen="<board> <side> <hands> <move number>"})
 * @param moves with {@code host=}: the moves the host's game has had so far ({@code moves=7g7f,3c3d}; {@code -} for
 *     none): a game being played from the same start with exactly these moves and no side played from elsewhere is
 *     kept and becomes the host's game, instead of being replaced
 */
public record NewGameOptions(Optional<String> sente, Optional<String> gote, Optional<String> timeControl,
                             Optional<Handicap> handicap, Optional<Mode> mode, Optional<RemotePlayer> remote,
                             Optional<Position> sfen, Optional<List<String>> moves) {

    /** Options without moves to keep. */
    public NewGameOptions(Optional<String> sente, Optional<String> gote, Optional<String> timeControl,
                          Optional<Handicap> handicap, Optional<Mode> mode, Optional<RemotePlayer> remote,
                          Optional<Position> sfen) {
        this(sente, gote, timeControl, handicap, mode, remote, sfen, Optional.empty());
    }

    /** How the game is played. */
    public enum Mode {
        /** A move counts when the board is still; an illegal move is put back; takebacks allowed. */
        CASUAL,
        /** A move counts at the clock press; an illegal move loses (JSA rules). */
        TOURNAMENT
    }

    /** The option names, in the order the documentation gives them. */
    public static final List<String> NAMES = List.of("sente", "gote", "time", "handicap", "mode", "engine", "level",
            "host", "sfen", "moves", "online", "color", "rated", "user");
    /** The options of a game on a site ({@code online=lishogi time=... [color=] [rated=] [user=]}). */
    private static final List<String> ONLINE = List.of("color", "rated", "user");
    /** The engine's level when {@code engine=} names no {@code level=}. */
    public static final int DEFAULT_LEVEL = 5;
    private static final Set<String> TIME_KEYS = Set.of("main", "byoyomi", "periods", "increment", "consider");

    /** No option: the board's settings. */
    public static final NewGameOptions DEFAULTS = new NewGameOptions(Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    /** Options with both sides at the board. */
    public NewGameOptions(Optional<String> sente, Optional<String> gote, Optional<String> timeControl,
                          Optional<Handicap> handicap, Optional<Mode> mode) {
        this(sente, gote, timeControl, handicap, mode, Optional.empty(), Optional.empty());
    }

    /** Options with a side played from elsewhere, from a handicap's start or the board's. */
    public NewGameOptions(Optional<String> sente, Optional<String> gote, Optional<String> timeControl,
                          Optional<Handicap> handicap, Optional<Mode> mode, Optional<RemotePlayer> remote) {
        this(sente, gote, timeControl, handicap, mode, remote, Optional.empty());
    }

    /** Whether nothing was asked beyond the board's settings. */
    public boolean isEmpty() {
        return equals(DEFAULTS);
    }

    /**
     * Reads {@code name=value} words (a value in double quotes may hold spaces); throws {@link IllegalArgumentException}
     * naming the option and value that are wrong.
     */
    public static NewGameOptions parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String word : words(text)) {
            int eq = word.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("option '" + word + "' is not name=value; options: "
                        + String.join(", ", NAMES));
            }
            String name = word.substring(0, eq).toLowerCase(Locale.ROOT);
            String value = unquote(word.substring(eq + 1));
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException("unknown option '" + name + "'; options: " + String.join(", ",
                        NAMES));
            }
            if (values.put(name, value) != null) {
                throw new IllegalArgumentException("option '" + name + "' given twice");
            }
            if (value.isBlank()) {
                throw new IllegalArgumentException("option '" + name + "' needs a value");
            }
        }
        if (values.containsKey("level") && !values.containsKey("engine")) {
            throw new IllegalArgumentException("option 'level' needs engine=sente or engine=gote");
        }
        if (values.containsKey("host") && values.containsKey("engine")) {
            throw new IllegalArgumentException("options 'host' and 'engine' exclude each other: one side is remote");
        }
        if (values.containsKey("moves") && !values.containsKey("host")) {
            throw new IllegalArgumentException("option 'moves' needs host=sente or host=gote");
        }
        if (values.containsKey("sfen") && values.containsKey("handicap")) {
            throw new IllegalArgumentException("options 'sfen' and 'handicap' both give the start: give one");
        }
        if (values.containsKey("online")) {
            return online(values);
        }
        for (String name : ONLINE) {
            if (values.containsKey(name)) {
                throw new IllegalArgumentException("option '" + name + "' needs online=lishogi");
            }
        }
        Optional<RemotePlayer> remote = values.containsKey("host")
                ? Optional.of(RemotePlayer.parseHost(values.get("host")))
                : Optional.ofNullable(values.get("engine")).map(side -> RemotePlayer.parse(side, values.get("level"),
                        DEFAULT_LEVEL));
        return new NewGameOptions(Optional.ofNullable(values.get("sente")).map(n -> name("sente", n)),
                Optional.ofNullable(values.get("gote")).map(n -> name("gote", n)),
                Optional.ofNullable(values.get("time")).map(NewGameOptions::checkTime),
                Optional.ofNullable(values.get("handicap")).map(NewGameOptions::handicap),
                Optional.ofNullable(values.get("mode")).map(NewGameOptions::mode), remote,
                Optional.ofNullable(values.get("sfen")).map(NewGameOptions::start),
                Optional.ofNullable(values.get("moves")).map(NewGameOptions::moves));
    }

    private static List<String> moves(String text) {
        if (text.equals("-")) {
            return List.of();
        }
        List<String> moves = List.of(text.split(","));
        for (String m : moves) {
            try {
                org.shogiban.rules.Move.parseUsi(m);
            } catch (org.shogiban.rules.NotationException e) {
                throw new IllegalArgumentException("option 'moves': '" + m + "' is no USI move", e);
            }
        }
        return moves;
    }

    /** A game on a site: {@code online=lishogi time=<spec> [color=sente|gote|random] [rated=yes|no] [user=NAME]}. */
    private static NewGameOptions online(Map<String, String> values) {
        for (String other : List.of("sente", "gote", "handicap", "mode", "engine", "level", "host", "sfen",
                "moves")) {
            if (values.containsKey(other)) {
                throw new IllegalArgumentException("option '" + other + "' is not for an online game: the site "
                        + "gives the players, the start and the rules");
            }
        }
        if (!values.containsKey("time")) {
            throw new IllegalArgumentException("online=" + values.get("online") + " needs time=<spec>, e.g. "
                    + "time=main=600,byoyomi=30");
        }
        RemotePlayer seek = OnlineSeat.ask(values.get("online"), checkTime(values.get("time")), values.get("color"),
                values.get("rated"), values.get("user"));
        return new NewGameOptions(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.of(seek), Optional.empty(), Optional.empty());
    }

    /**
     * What the session is asked: these options as a {@link GameRequest} (the board's settings where one is left out).
     *
     * @param whilePlaying what the request does to a game being played
     */
    public GameRequest toRequest(GameRequest.WhilePlaying whilePlaying) {
        return new GameRequest(sente, gote, timeControl.map(TimeControl::parse),
                sfen.isPresent() ? sfen : handicap.map(Handicap::start),
                mode.map(m -> m == Mode.TOURNAMENT ? PlayMode.TOURNAMENT : PlayMode.CASUAL), whilePlaying, remote);
    }

    private static Position start(String sfen) {
        try {
            return org.shogiban.rules.GameStart.check(Position.fromSfen(sfen));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option 'sfen': " + e.getMessage(), e);
        }
    }

    private static String name(String option, String value) {
        try {
            return GameRequest.checkName(option, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option '" + option + "': " + e.getMessage());
        }
    }

    /** The words of a line, a double-quoted part kept whole with its quotes. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"') {
                quoted = !quoted;
                word.append(c);
            } else if (Character.isWhitespace(c) && !quoted) {
                if (!word.isEmpty()) {
                    words.add(word.toString());
                    word.setLength(0);
                }
            } else {
                word.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("a double quote is not closed: " + text.strip());
        }
        if (!word.isEmpty()) {
            words.add(word.toString());
        }
        return words;
    }

    private static String unquote(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }

    private static String checkTime(String spec) {
        if (spec.strip().equalsIgnoreCase("none")) {
            return "none";
        }
        for (String part : spec.split(",", -1)) {
            int eq = part.indexOf('=');
            String key = eq < 0 ? part : part.substring(0, eq);
            String bare = key.startsWith("sente.") ? key.substring(6) : key.startsWith("gote.") ? key.substring(5) : key;
            if (eq < 0 || !TIME_KEYS.contains(bare)) {
                throw new IllegalArgumentException("time control '" + spec + "': '" + part + "' is not key=seconds"
                        + " with a key of main, byoyomi, periods, increment, consider (or sente./gote. before it)");
            }
            if (!part.substring(eq + 1).matches("\\d{1,6}")) {
                throw new IllegalArgumentException("time control '" + spec + "': " + key + " needs a whole number,"
                        + " not '" + part.substring(eq + 1) + "'");
            }
        }
        try {
            // and as strictly as the board reads it (a key twice, one side with a clock and not the other...)
            TimeControl.parse(spec);
            return spec;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("option 'time' '" + spec + "': " + e.getMessage());
        }
    }

    private static Handicap handicap(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace('_', '-');
        if (n.equals("even") || n.equals("startpos")) {
            return Handicap.EVEN;
        }
        return Arrays.stream(Handicap.values()).filter(h -> handicapName(h).equals(n)).findFirst()
                .or(() -> Handicap.fromKifName(name))
                .orElseThrow(() -> new IllegalArgumentException("handicap '" + name + "' is not even or one of "
                        + Arrays.stream(Handicap.values()).filter(Handicap::isHandicap)
                        .map(NewGameOptions::handicapName).collect(Collectors.joining(", "))));
    }

    /** The name a handicap goes by on the link and the command line: {@code two-pieces}. */
    public static String handicapName(Handicap handicap) {
        return handicap.isHandicap() ? handicap.name().toLowerCase(Locale.ROOT).replace('_', '-') : "even";
    }

    private static Mode mode(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "casual" -> Mode.CASUAL;
            case "tournament" -> Mode.TOURNAMENT;
            default -> throw new IllegalArgumentException("mode '" + name + "' is not casual or tournament");
        };
    }
}
