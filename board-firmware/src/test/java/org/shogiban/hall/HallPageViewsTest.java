package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's long poll of changes ({@code /api/hall?since=}): over thousands of random changes of a hall (boards
 * appearing, going on- and offline, new snapshots, calls raised and acknowledged, players named, rounds and faults,
 * some changes the hall did not count as a version), several pages that poll at random moments and keep their picture
 * with the page's own {@code hall-delta.js} (run in node) always hold exactly the whole hall's document of that
 * moment; pages at the same version in a frame share one answer; an answer carries only the boards that changed.
 */
class HallPageViewsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] KINDS = {"ILLEGAL", "CALLED", "FAULT", "LIFE"};

    @TempDir
    Path temp;

    /** The simulated hall: its boards, rounds and faults, and its version. */
    private final Map<String, HallBoard> boards = new TreeMap<>();
    private final ArrayNode rounds = JSON.createArrayNode();
    private final List<String> faults = new ArrayList<>();
    private long version = 1_000_000;

    private HallPageViews.Now now() {
        return new HallPageViews.Now("h1", version, boards.values(), List.copyOf(faults), rounds::deepCopy,
                () -> ++version);
    }

    private ObjectNode whole(long at) {
        return HallView.of("h1", at, boards.values(), faults, rounds.deepCopy());
    }

    @Test
    void pagesThatApplyTheChangesHoldTheWholeHallAfterThousandsOfRandomChanges() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        HallPageViews views = new HallPageViews();
        int pages = 6;
        long[] after = new long[pages];
        java.util.Arrays.fill(after, -1);
        StringBuilder steps = new StringBuilder();
        List<JsonNode> expected = new ArrayList<>();
        long frame = 0;
        int deltas = 0;
        for (int step = 0; step < 300; step++) {
            for (int k = random.nextInt(4); k > 0; k--) {
                change(random);
            }
            frame++;
            HallPageViews.Answer first = null;
            JsonNode wholeThen = null;
            Map<Long, HallPageViews.Answer> byVersion = new java.util.HashMap<>();
            for (int p = 0; p < pages; p++) {
                if (random.nextInt(3) == 0) {
                    continue; // this page is still drawing
                }
                if (random.nextInt(200) == 0) {
                    after[p] = random.nextBoolean() ? 42 : after[p] + 1_000_000_000L; // another hall's version
                }
                HallPageViews.Answer a = views.changes(after[p], frame, now());
                if (first == null) {
                    first = a;
                    wholeThen = JSON.readTree(whole(a.version).toString());
                    if (random.nextBoolean()) {
                        change(random); // a change within the frame waits for the next one
                    }
                }
                HallPageViews.Answer shared = byVersion.putIfAbsent(after[p], a);
                if (shared != null) {
                    assertThat(a).as("pages at one version in one frame read the same answer").isSameAs(shared);
                }
                JsonNode doc = JSON.readTree(a.json);
                assertThat(doc.path("version").asLong()).isEqualTo(first.version);
                if (!doc.path("full").asBoolean()) {
                    deltas++;
                    assertThat(doc.path("boards").size()).as("a change carries the changed boards only")
                            .isLessThanOrEqualTo(boards.size());
                }
                steps.append("{\"page\":").append(p).append(",\"answer\":").append(doc).append("}\n");
                expected.add(wholeThen);
                after[p] = doc.path("version").asLong();
                assertThat(JSON.readTree(new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(
                        a.gzip())).readAllBytes())).isEqualTo(doc);
            }
        }
        assertThat(deltas).as("most answers are changes, not the whole hall").isGreaterThan(expected.size() / 2);
        List<JsonNode> held = applyInNode(steps.toString());
        assertThat(held).hasSameSizeAs(expected);
        for (int i = 0; i < held.size(); i++) {
            assertThat(held.get(i)).as("seed %d, answer %d", seed, i).isEqualTo(expected.get(i));
        }
    }

    @Test
    void anAnswerCarriesOnlyTheBoardsThatChangedAndTheRoundsOnlyWhenTheyChanged() throws Exception {
        HallPageViews views = new HallPageViews();
        for (int i = 1; i <= 50; i++) {
            HallBoard b = board(String.format("b%02d", i));
            b.status = "online";
            b.state = BoardState.of(JSON.createObjectNode().put("ply", 0));
        }
        rounds.addObject().put("round", 1);
        JsonNode whole = JSON.readTree(views.changes(-1, 1, now()).json);
        assertThat(whole.path("full").asBoolean()).isTrue();
        assertThat(whole.path("boards")).hasSize(50);
        long v = whole.path("version").asLong();

        boards.get("b07").status = "offline";
        boards.get("b07").call(3, HallBoard.CallKind.ILLEGAL, "ILLEGAL 3 x", 1);
        version++;
        JsonNode delta = JSON.readTree(views.changes(v, 2, now()).json);
        assertThat(delta.path("full").asBoolean()).isFalse();
        assertThat(delta.path("boards")).hasSize(1);
        assertThat(delta.path("boards").get(0).path("id").asText()).isEqualTo("b07");
        assertThat(delta.path("calls")).hasSize(1);
        assertThat(delta.has("rounds")).as("rounds unchanged: not sent").isFalse();
        assertThat(views.changes(v, 2, now()).json.length).isLessThan(views.changes(-1, 2, now()).json.length / 10);

        // a change the hall did not count as a version gets one of its own, so a page at the last one sees it
        long v2 = delta.path("version").asLong();
        rounds.addObject().put("round", 2);
        JsonNode next = JSON.readTree(views.changes(v2, 3, now()).json);
        assertThat(next.path("version").asLong()).isGreaterThan(v2);
        assertThat(next.path("rounds")).hasSize(2);
        assertThat(next.path("boards")).isEmpty();

        // a snapshot changed in place (no new object, no new version) is found within a second's frames
        long v3 = next.path("version").asLong();
        ((ObjectNode) boards.get("b09").state.tree()).put("ply", 99);
        JsonNode found = null;
        for (long f = 4; f < 4 + HallPageViews.CHECK_EVERY; f++) {
            JsonNode d = JSON.readTree(views.changes(v3, f, now()).json);
            if (!d.path("boards").isEmpty()) {
                found = d;
                break;
            }
        }
        assertThat(found).as("found within %d frames", HallPageViews.CHECK_EVERY).isNotNull();
        assertThat(found.path("boards").get(0).path("state").path("ply").asInt()).isEqualTo(99);
        assertThat(found.path("version").asLong()).isGreaterThan(v3);
    }

    private HallBoard board(String id) {
        return boards.computeIfAbsent(id, HallBoard::new);
    }

    /** One random change of the hall; most are counted as a version, some not. */
    private void change(Random random) {
        String id = String.format("b%02d", 1 + random.nextInt(40));
        HallBoard b = board(id);
        switch (random.nextInt(8)) {
            case 0 -> b.status = random.nextBoolean() ? "online" : "offline";
            case 1, 2 -> {
                ObjectNode s = JSON.createObjectNode().put("ply", random.nextInt(200)).put("phase", "PLAYING")
                        .put("sfen", "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b " + random.nextInt(3) + "P 1");
                s.putObject("clock").put("running", random.nextBoolean() ? "sente" : "gote");
                b.state = BoardState.of(s);
            }
            case 3 -> b.call(random.nextInt(500), HallBoard.CallKind.valueOf(KINDS[random.nextInt(4)]),
                    "ILLEGAL " + random.nextInt(100) + " 7g7f", System.currentTimeMillis());
            case 4 -> {
                for (int i = 0; i < b.calls.size(); i++) {
                    HallBoard.Call c = b.calls.get(i);
                    if (!c.acknowledged()) {
                        b.calls.set(i, new HallBoard.Call(c.board(), c.life(), c.seq(), c.kind(), c.text(),
                                c.wallMillis(), random.nextBoolean() ? "-" : "alice", System.currentTimeMillis()));
                        break;
                    }
                }
            }
            case 5 -> b.recordHeader = JSON.createObjectNode().put("先手", "羽生" + random.nextInt(9))
                    .put("後手", "Fujii");
            case 6 -> {
                ObjectNode r = rounds.isEmpty() || random.nextInt(4) == 0 ? rounds.addObject()
                        .put("round", rounds.size() + 1) : (ObjectNode) rounds.get(rounds.size() - 1);
                ArrayNode ps = r.has("pairings") ? (ArrayNode) r.get("pairings") : r.putArray("pairings");
                ps.addObject().put("board", id).put("reply", random.nextBoolean() ? "OK" : null);
            }
            default -> {
                if (random.nextBoolean() || faults.isEmpty()) {
                    faults.add("the disk is full " + random.nextInt(9));
                } else {
                    faults.clear();
                }
            }
        }
        if (random.nextInt(5) != 0) {
            version++;
        }
    }

    /** Applies each page's answers in order with the page's own hall-delta.js; the page's picture after each. */
    private List<JsonNode> applyInNode(String steps) throws Exception {
        Path script = temp.resolve("hall-delta.js");
        try (InputStream in = HallServer.class.getResourceAsStream("hall-delta.js")) {
            Files.write(script, in.readAllBytes());
        }
        Path input = Files.writeString(temp.resolve("steps.jsonl"), steps);
        String program = """
                const fs = require('fs'), vm = require('vm');
                const ctx = {module: {exports: {}}};
                vm.runInNewContext(fs.readFileSync(process.argv[1], 'utf8'), ctx);
                const views = {}, out = [];
                for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\\n')) {
                  if (!line) continue;
                  const s = JSON.parse(line);
                  views[s.page] = ctx.module.exports.applyHall(views[s.page] || null, s.answer);
                  out.push(JSON.stringify(views[s.page]));
                }
                fs.writeFileSync(process.argv[3], out.join('\\n') + '\\n');
                """;
        Path output = temp.resolve("held.jsonl");
        Process p = new ProcessBuilder("node", "-e", program, script.toString(),
                input.toString(), output.toString()).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("node finished").isTrue();
        assertThat(p.exitValue()).as("node: " + said).isZero();
        List<JsonNode> held = new ArrayList<>();
        for (String line : Files.readAllLines(output)) {
            if (!line.isBlank()) {
                held.add(JSON.readTree(line));
            }
        }
        return held;
    }
}

