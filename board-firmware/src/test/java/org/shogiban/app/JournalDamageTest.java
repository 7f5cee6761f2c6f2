package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.journal.Journal;
import org.shogiban.rules.Position;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;

/**
 * A damaged journal costs only the damage: every entry holds the whole state, so whatever the damage (a flipped byte,
 * a line repeated, garbage appended, CR LF line ends, a cut), the board resumes the game as of the last whole entry
 * before it, sets the damaged file aside and says so once. A journal written by the code on main before this change
 * resumes too.
 */
class JournalDamageTest {
    static final GameSettings SETTINGS = GameSettings.of(Position.startpos(),
            InferenceConfig.defaults(SensorKind.OCCUPANCY).withCommitPolicy(CommitPolicy.STABLE))
            .withTime(TimeControl.parse("main=600,byoyomi=30")).withBeeps(BeepSchedule.SILENT);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> GAME = List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e");

    @TempDir
    Path dir;
    /** The journal of a game of six moves with clock checkpoints between them. */
    private byte[] played;

    @BeforeEach
    void play() throws Exception {
        Path state = dir.resolve("played");
        try (SessionJournal journal = SessionJournal.open(state, Rig.WALL_CLOCK)) {
            Rig rig = new Rig(SETTINGS, RecordSink.NONE);
            rig.app.setJournal(journal);
            rig.layOut(Position.startpos()).run(600);
            for (String usi : GAME) {
                rig.move(usi.substring(0, 2), usi.substring(2)).run(1200);
            }
        }
        played = Files.readAllBytes(state.resolve(Journal.FILE_NAME));
    }

    /** What the board resumes from these journal bytes: the plies of the game it plays on (-1: a new game). */
    private int resumedPlies(byte[] journal, String name, List<String> said) throws IOException {
        Path state = dir.resolve(name);
        Files.createDirectories(state);
        Files.write(state.resolve(Journal.FILE_NAME), journal);
        try (SessionJournal j = SessionJournal.open(state, Rig.WALL_CLOCK)) {
            GameSession session = Resumption.session(SETTINGS, Rig.WALL_CLOCK, j, 0, said::add);
            return session.game().map(g -> {
                assertThat(g.moves()).extracting(m -> m.usi()).isEqualTo(GAME.subList(0, g.plies()));
                return g.plies();
            }).orElse(-1);
        }
    }

    /** The plies of the last whole entry that ends at or before {@code offset} (-1 when none). */
    private int pliesBefore(int offset) throws IOException {
        int plies = -1;
        int start = 0;
        int line = 0;
        for (int i = 0; i < played.length; i++) {
            if (played[i] == '\n') {
                if (i + 1 > offset) {
                    break;
                }
                if (line > 0) {
                    String text = new String(played, start, i - start, StandardCharsets.UTF_8);
                    plies = JSON.readTree(text.split(" ", 5)[4]).get("state").get("moves").size();
                }
                line++;
                start = i + 1;
            }
        }
        return plies;
    }

    private List<String> lines() {
        return List.of(new String(played, StandardCharsets.UTF_8).split("\n"));
    }

    private static byte[] join(List<String> lines, String end) {
        return (String.join(end, lines) + end).getBytes(StandardCharsets.UTF_8);
    }

    private List<String> filesIn(String name) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve(name))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aFlippedBitInAnEntryResumesAsOfTheEntryBeforeItAndSetsTheFileAsideSayingSoOnce() throws Exception {
        List<String> lines = lines();
        int damaged = lines.size() - 3;
        int offset = String.join("\n", lines.subList(0, damaged)).length() + 1 + 40;
        byte[] bytes = played.clone();
        bytes[offset] ^= 0x04;
        List<String> said = new ArrayList<>();
        assertThat(resumedPlies(bytes, "flip", said)).isEqualTo(pliesBefore(offset)).isPositive();
        assertThat(said).filteredOn(s -> s.startsWith("journal damaged")).singleElement()
                .satisfies(s -> assertThat(s).contains("line " + (damaged + 1) + ": bad checksum")
                        .contains("the board goes on as of the last whole entry before the damage"));
        assertThat(filesIn("flip")).containsExactly("journal.log", "journal.log.damaged-20250301T050509Z");
        assertThat(Files.readAllBytes(dir.resolve("flip").resolve("journal.log.damaged-20250301T050509Z")))
                .isEqualTo(bytes);
    }

    @Test
    void aRepeatedLineAtTheEndCostsNothing() throws Exception {
        List<String> lines = new ArrayList<>(lines());
        lines.add(lines.get(lines.size() - 2));
        List<String> said = new ArrayList<>();
        assertThat(resumedPlies(join(lines, "\n"), "repeated", said)).isEqualTo(GAME.size());
        assertThat(said.get(0)).contains("does not follow");
    }

    @Test
    void garbageAppendedCostsNothing() throws Exception {
        byte[] garbage = "\u0000\u0001PK garbage\nmore garbage\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = Arrays.copyOf(played, played.length + garbage.length);
        System.arraycopy(garbage, 0, bytes, played.length, garbage.length);
        assertThat(resumedPlies(bytes, "garbage", new ArrayList<>())).isEqualTo(GAME.size());
    }

    @Test
    void crLfLineEndsFromACopyThroughAnotherSystemCostNothingAndTheJournalGoesOnInLf() throws Exception {
        List<String> said = new ArrayList<>();
        assertThat(resumedPlies(join(lines(), "\r\n"), "crlf", said)).isEqualTo(GAME.size());
        assertThat(said.get(0)).contains("CR LF line ends");
        assertThat(Files.readString(dir.resolve("crlf").resolve(Journal.FILE_NAME))).doesNotContain("\r");
        // the next start finds a clean journal
        List<String> again = new ArrayList<>();
        try (SessionJournal j = SessionJournal.open(dir.resolve("crlf"), Rig.WALL_CLOCK)) {
            assertThat(j.recovery().clean()).isTrue();
            assertThat(j.gameInProgress().orElseThrow().moves()).hasSize(GAME.size());
        }
        assertThat(again).isEmpty();
    }

    @Test
    void theJournalOfTheCodeOnMainBeforeThisChangeResumes() throws Exception {
        byte[] old;
        try (InputStream in = getClass().getResourceAsStream("/journal/main-2026-11-25.journal")) {
            old = in.readAllBytes();
        }
        List<String> said = new ArrayList<>();
        Path state = dir.resolve("upgrade");
        Files.createDirectories(state);
        Files.write(state.resolve(Journal.FILE_NAME), old);
        try (SessionJournal j = SessionJournal.open(state, Rig.WALL_CLOCK)) {
            assertThat(j.recovery().clean()).isTrue();
            GameSession session = Resumption.session(SETTINGS, Rig.WALL_CLOCK, j, 0, said::add);
            assertThat(session.game().orElseThrow().moves()).extracting(m -> m.usi())
                    .containsExactly("7g7f", "3c3d", "2g2f", "8c8d");
            assertThat(said).containsExactly("resuming the game in progress after 4 plies: check the pieces");
            // and the numbering goes on above the old journal's
            assertThat(j.journal().append("move", "{}", 0)).isEqualTo(9);
        }
    }

    /**
     * Random cuts, flipped bytes, appended garbage (seeded: a failure names its seed): the resumed game is never
     * shorter than the last whole entry before the first damage, and always the game's own moves.
     */
    @Test
    void fuzzedDamageNeverCostsMoreThanTheDamage() throws Exception {
        long seed = 20261125L;
        Random random = new Random(seed);
        for (int round = 0; round < 150; round++) {
            byte[] bytes;
            int firstDamage;
            String kind;
            switch (round % 3) {
                case 0 -> {
                    kind = "cut";
                    firstDamage = random.nextInt(played.length);
                    bytes = Arrays.copyOf(played, firstDamage);
                }
                case 1 -> {
                    kind = "flip";
                    bytes = played.clone();
                    firstDamage = played.length;
                    for (int n = 1 + random.nextInt(3); n > 0; n--) {
                        int at = random.nextInt(bytes.length);
                        bytes[at] = (byte) (bytes[at] ^ (1 + random.nextInt(255)));
                        firstDamage = Math.min(firstDamage, at);
                    }
                }
                default -> {
                    kind = "garbage";
                    byte[] garbage = new byte[1 + random.nextInt(300)];
                    random.nextBytes(garbage);
                    bytes = Arrays.copyOf(played, played.length + garbage.length);
                    System.arraycopy(garbage, 0, bytes, played.length, garbage.length);
                    firstDamage = played.length;
                }
            }
            int least = pliesBefore(firstDamage);
            int resumed = resumedPlies(bytes, "fuzz-" + round, new ArrayList<>());
            assertThat(resumed).as("round %d (%s at byte %d, seed %d)", round, kind, firstDamage, seed)
                    .isGreaterThanOrEqualTo(least);
        }
    }
}
