package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.Position;

/**
 * The hall server killed with SIGKILL in the middle of a round and started again on its state directory (a real
 * Mosquitto, two real boards): the same calls (open ones open, the acknowledged one acknowledged, by whom), the same
 * round table with its result and its zip, the finished game's relay file with the same ETag, and the moves made
 * while the hall was down fetched from the board.
 */
class HallRestartTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aHallKilledMidRoundStartsAgainWithEverythingTheArbiterSaw() throws Exception {
        Path state = dir.resolve("hall-state");
        int port = HallProcess.freePort();
        try (Mosquitto broker = Mosquitto.open(dir);
             HallBoardRig b1 = new HallBoardRig(Files.createDirectories(dir.resolve("b1")), broker.url(), "b1", null,
                     null);
             HallBoardRig b2 = new HallBoardRig(Files.createDirectories(dir.resolve("b2")), broker.url(), "b2", null,
                     null)) {
            HallProcess first = HallProcess.start(broker.url(), port, state);
            JsonNode calls;
            JsonNode rounds;
            String etag;
            String game;
            try {
                HallClient page = new HallClient(first.base());
                page.session();
                b1.move("7g7f");
                b2.move("2g2f");
                page.await("both boards at ply 1", v -> HallClient.board(v, "b1").path("state").path("ply")
                        .asInt() == 1 && HallClient.board(v, "b2").path("state").path("ply").asInt() == 1);
                // a foul on each board: b1's acknowledged, b2's left open
                b1.illegal("8c", "8e").illegal("8e", "8c");
                b2.illegal("8c", "8e").illegal("8e", "8c");
                JsonNode v = page.await("two calls", x -> x.path("calls").size() == 2);
                long b1Call = -1;
                for (JsonNode c : v.path("calls")) {
                    if (c.path("board").asText().equals("b1")) {
                        b1Call = c.path("seq").asLong();
                    }
                }
                assertThat(page.post("/api/ack", "{\"board\":\"b1\",\"seq\":" + b1Call + "}").statusCode())
                        .isEqualTo(200);
                // b2's game ends; round 1 pairs b2; its game is played and ends by resignation
                b2.press(Button.RESIGN_SENTE);
                page.await("b2 over", x -> HallClient.board(x, "b2").path("state").path("phase").asText()
                        .equals("OVER"));
                HttpResponse<String> sent = page.post("/api/round", "{\"round\":1,\"pairings\":[{\"board\":\"b2\","
                        + "\"sente\":\"Habu\",\"gote\":\"Fujii\",\"time\":\"main=600\",\"mode\":\"tournament\"}]}");
                assertThat(sent.body()).contains("OK setting up a new game");
                b2.run(200).layOut(Position.startpos());
                page.await("the round's game started", x -> HallClient.board(x, "b2").path("state").path("phase")
                        .asText().equals("PLAYING"));
                b2.press(Button.RESIGN_SENTE);
                JsonNode done = page.await("round 1's result", x -> !x.path("rounds").path(0).path("pairings")
                        .path(0).path("result").isNull());
                calls = done.path("calls");
                rounds = done.path("rounds");
                game = rounds.path(0).path("pairings").path(0).path("gameId").asText();
                HttpResponse<byte[]> kif = page.bytes("/relay/b2.kif");
                for (int i = 0; i < 300 && !new String(kif.body(), GameRecords.SHIFT_JIS).contains("投了"); i++) {
                    Thread.sleep(30);
                    kif = page.bytes("/relay/b2.kif");
                }
                assertThat(new String(kif.body(), GameRecords.SHIFT_JIS)).as("the finished game").contains("投了");
                etag = kif.headers().firstValue("ETag").orElseThrow();
                b1.move("3c3d");
                page.await("b1 at ply 2", x -> HallClient.board(x, "b1").path("state").path("ply").asInt() == 2);
            } finally {
                first.kill();
            }

            // while the hall is down, b1 plays on
            b1.move("2g2f").move("8c8d");
            long b1Last = b1.app.numbering().lastSeq();

            try (HallProcess second = HallProcess.start(broker.url(), port, state)) {
                HallClient page = new HallClient(second.base());
                page.session();
                JsonNode at = page.view();
                assertThat(at.path("calls")).as("the same calls, open and acknowledged").isEqualTo(calls);
                assertThat(at.path("calls").findValuesAsText("acknowledgedBy")).contains("-");
                assertThat(at.path("rounds")).as("the same round table").isEqualTo(rounds);
                HttpResponse<byte[]> kif = page.bytes("/relay/b2.kif");
                assertThat(kif.headers().firstValue("ETag")).as("the finished game's file, the same").hasValue(etag);
                page.await("b1's moves made while the hall was down", x -> HallClient.board(x, "b1").path("seq")
                        .asLong() == b1Last && HallClient.board(x, "b1").path("state").path("ply").asInt() == 4);
                HttpResponse<byte[]> zip = page.bytes("/api/rounds/1/export.zip");
                List<String> names = new ArrayList<>();
                try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip.body()))) {
                    for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                        names.add(e.getName());
                    }
                }
                assertThat(names).containsExactly("round1-b2-" + game + ".kif", "round1-b2-" + game + ".csa");
                assertThat(JSON.readTree(page.get("/api/hall").body()).path("faults")).isEmpty();
            }
        }
    }
}
