package org.shogiban.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.app.LedPlanner;
import org.shogiban.hal.SensorKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardSnapshot;

/**
 * Whole games on the simulated board against the real Fairy-Stockfish ({@code /usr/games/fairy-stockfish}): the
 * human side plays a lishogi game's moves while the engine's replies follow that game, then random legal moves; the
 * engine's moves are made on the board by following the lights. Each game ends in a result, and its record reads
 * back in KIF and CSA by our readers and by tsshogi.
 */
class EngineGamesTest {
    private static final Path NODE_DIR = Path.of("src/test/node").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static EngineSettings fairyStockfish() {
        boolean ci = "true".equals(System.getenv("CI"));
        if (!ci) {
            assumeThat(EngineSettings.defaultCommand()).as("fairy-stockfish (apt-get install fairy-stockfish)")
                    .isPresent();
        }
        return EngineSettings.of(EngineSettings.defaultCommand().orElseThrow(() -> new AssertionError(
                "fairy-stockfish is not installed: apt-get install fairy-stockfish")), Map.of());
    }

    @Test
    void wholeGamesAgainstFairyStockfishEndInAResultAndReadBack() throws Exception {
        List<String> book = Files.readAllLines(org.shogiban.testdata.SharedData.file("games/lishogi-350.usi.txt"));
        List<Path> written = new ArrayList<>();
        try (EngineRig rig = new EngineRig(SensorKind.POLARITY, dir, fairyStockfish())) {
            written.addAll(play(rig, Side.GOTE, 1, List.of(book.get(0).split(" ")), 1));
            written.addAll(play(rig, Side.SENTE, 2, List.of(book.get(1).split(" ")), 2));
        }
        List<JsonNode> readings = tsshogi(written);
        for (int i = 0; i < written.size(); i++) {
            GameRecord ours = GameRecords.read(Files.readAllBytes(written.get(i)));
            assertThat(readings.get(i).has("error")).as("tsshogi reads %s: %s", written.get(i), readings.get(i))
                    .isFalse();
            List<String> theirs = new ArrayList<>();
            readings.get(i).get("moves").forEach(m -> theirs.add(m.asText()));
            assertThat(theirs).as("tsshogi's moves of %s", written.get(i))
                    .isEqualTo(ours.moves().stream().map(Move::usi).toList());
        }
    }

    /** One game to its end; returns the record written (KIF) and the same as CSA. */
    private List<Path> play(EngineRig rig, Side engineSide, int level, List<String> book, long seed)
            throws Exception {
        Random random = new Random(seed);
        rig.newGame(engineSide, level);
        String engine = engineSide == Side.SENTE ? "sente" : "gote";
        boolean inBook = true;
        int engineMoves = 0;
        while (true) {
            BoardSnapshot s = rig.until(x -> !"PLAYING".equals(x.phase()) || !engine.equals(x.toMove())
                    || EngineRig.opponentMove(x) != null, 20_000);
            if (!"PLAYING".equals(s.phase())) {
                break;
            }
            int ply = s.ply();
            if (engine.equals(s.toMove())) {
                BoardSnapshot.Waiting w = EngineRig.opponentMove(s);
                Move m = Move.parseUsi(w.usi());
                assertThat(w.side()).isEqualTo(engine);
                assertThat(w.to()).isEqualTo(m.to().usi());
                assertThat(rig.hardware.leds.current().square(Square.parse(w.to()).index()))
                        .as("the engine's target square is lit").isIn(LedPlanner.OPPONENT_MOVE, LedPlanner.PROMOTION);
                inBook &= ply < book.size() && book.get(ply).equals(w.usi());
                rig.hands(m);
                engineMoves++;
            } else {
                Position here = rig.app.session().position();
                Move m = inBook && ply < book.size() ? Move.parseUsi(book.get(ply)) : null;
                if (m == null || !here.isLegal(m)) {
                    inBook = false;
                    List<Move> legal = here.legalMoves();
                    m = legal.get(random.nextInt(legal.size()));
                }
                rig.hands(m);
            }
            assertThat(rig.app.snapshot().ply()).as("the move counted: %s", rig.log()).isEqualTo(ply + 1);
            if (ply > 400) {
                throw new AssertionError("no result after 400 plies");
            }
        }
        BoardSnapshot end = rig.app.snapshot();
        assertThat(end.result()).as("the game ended in a result").isNotNull();
        assertThat(engineMoves).isPositive();
        assertThat(end.players().get(engine).get("kind")).isEqualTo("engine");
        assertThat(end.players().get(engine).get("level")).isEqualTo(level);
        Path kif = rig.app.recordName() == null ? null : dir.resolve(rig.app.recordName());
        rig.run(200);
        GameRecord record = GameRecords.read(Files.readAllBytes(kif));
        assertThat(record.moves().stream().map(Move::usi).toList()).isEqualTo(end.moves());
        String header = engineSide == Side.SENTE ? record.header().fields().get(RecordHeader.SENTE)
                : record.header().fields().get(RecordHeader.GOTE);
        assertThat(header).startsWith("Fairy-Stockfish").endsWith("(level " + level + ")");
        assertThat(GameRecords.write(record, RecordFormat.JKF)).contains(header);
        Path csa = dir.resolve(rig.app.recordName() + ".csa");
        Files.writeString(csa, GameRecords.write(record, RecordFormat.CSA));
        GameRecord fromCsa = GameRecords.read(Files.readAllBytes(csa));
        assertThat(fromCsa.moves()).isEqualTo(record.moves());
        assertThat(fromCsa.end()).isEqualTo(record.end());
        Path kifCopy = dir.resolve(rig.app.recordName().replace(".kifu", "") + "-" + engine + ".kifu");
        Files.copy(kif, kifCopy);
        return List.of(kifCopy, csa);
    }

    static List<JsonNode> tsshogi(List<Path> files) throws Exception {
        Path node = Path.of("/usr/bin/node");
        boolean ci = "true".equals(System.getenv("CI"));
        if (!ci) {
            assumeThat(Files.isRegularFile(NODE_DIR.resolve("node_modules/tsshogi/package.json")))
                    .as("tsshogi (npm ci --prefix board-firmware/src/test/node)").isTrue();
        }
        Process p = new ProcessBuilder(node.toString(), NODE_DIR.resolve("read-records.mjs").toString())
                .directory(NODE_DIR.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream in = p.getOutputStream()) {
            for (Path f : files) {
                in.write((f + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<JsonNode> readings = new ArrayList<>();
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                readings.add(JSON.readTree(line));
            }
        }
        assertThat(readings).hasSize(files.size());
        return readings;
    }
}
