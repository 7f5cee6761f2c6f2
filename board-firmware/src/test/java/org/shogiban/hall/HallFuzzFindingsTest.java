package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttClient;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What fuzzing found in the hall server, each against a real Mosquitto and real boards: a board that numbers its
 * events from 1 again is heard (a new board life, said as a call), a reply counts only from the board the command went
 * to, a record the hall cannot read leaves the relay serving the last one, a board paired twice in a round is refused
 * and the relay's CSA keeps the board's own move times.
 */
class HallFuzzFindingsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aBoardThatStartsItsNumberingAgainIsHeardAndTheArbiterIsTold() throws Exception {
        try (HallRig rig = HallRig.start(dir)) {
            HallClient page = rig.page;
            long before;
            try (HallBoardRig first = rig.board("life1", "b1")) {
                first.move("7g7f").move("3c3d").move("2g2f");
                before = first.app.facts().seq();
                page.await("the first life's moves", v -> HallClient.board(v, "b1").path("seq").asLong() == before);
            }
            // the same board started without its state: its events are numbered from 1 again
            try (HallBoardRig second = rig.board("life2", "b1")) {
                second.move("7g7f");
                second.illegal("8c", "8e").illegal("8e", "8c");
                JsonNode v = page.await("the new life's foul", x -> x.path("calls").findValuesAsText("kind")
                        .contains("illegal"));
                assertThat(v.path("calls").findValuesAsText("kind")).as("the new life said").contains("life");
                assertThat(HallClient.board(v, "b1").path("life").asInt()).isEqualTo(1);
                long last = second.app.facts().seq();
                page.await("every event of the new life", x -> HallClient.board(x, "b1").path("seq").asLong() == last);
            }
        }
    }

    @Test
    void aReplyCountsOnlyFromTheBoardTheCommandWentTo() throws Exception {
        try (HallRig rig = HallRig.start(dir)) {
            HallClient page = rig.page;
            String broker = rig.broker.url();
            // b9 reads every board's commands (an open broker) and answers each at once, as if it were the board
            MqttAsyncClient b9 = new MqttAsyncClient(broker, "rogue-b9", new MemoryPersistence());
            b9.connect(new MqttConnectionOptions()).waitForCompletion(5000);
            Pattern id = Pattern.compile("\"id\":\"([^\"]*)\"");
            MqttListener b9ears = new MqttListener(broker, (topic, m) -> {
                Matcher found = id.matcher(m);
                if (found.find()) {
                    try {
                        b9.publish("shogiban/h1/board/b9/cmd/reply", ("{\"id\":\"" + found.group(1)
                                + "\",\"reply\":\"OK arbiter pause\"}").getBytes(StandardCharsets.UTF_8), 0, false);
                    } catch (org.eclipse.paho.mqttv5.common.MqttException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }, "shogiban/h1/board/+/cmd");
            String pause = "{\"board\":\"b1\",\"line\":\"ARBITER pause\",\"pin\":\"0000\"}";
            try (HallBoardRig b1 = rig.board("b1")) {
                b1.move("7g7f");
                page.await("b1 seen", v -> HallClient.board(v, "b1").path("seq").asLong() > 0);
                HttpResponse<String> r = page.post("/api/cmd", pause);
                assertThat(JSON.readTree(r.body()).path("reply").asText()).as("b1's own answer to a wrong PIN")
                        .startsWith("ERR BADPIN");
            }
            // b1 is away: only b9 answers, and that is no answer from b1
            HttpResponse<String> away = page.post("/api/cmd", pause);
            assertThat(away.statusCode()).as(away.body()).isEqualTo(504);
            b9ears.close();
            b9.disconnect().waitForCompletion(5000);
            b9.close();
        }
    }

    @Test
    void anUnreadableRecordLeavesTheRelayServingTheLastOneAndTheCsaKeepsTheBoardsTimes() throws Exception {
        try (HallRig rig = HallRig.start(dir);
             HallBoardRig b1 = rig.board("b1")) {
            HallClient page = rig.page;
            b1.move("7g7f");
            b1.run(2_220).move("3c3d");
            page.await("b1 at ply 2", v -> HallClient.board(v, "b1").path("state").path("ply").asInt() == 2);
            String own = JSON.readTree(page.post("/api/cmd", "{\"board\":\"b1\",\"line\":\"GET current csa\"}")
                    .body()).path("body").asText();
            String ownTimes = times(own);
            assertThat(ownTimes).as("the board's own CSA has fractions").contains(".");
            HttpResponse<String> csa = awaitRelay(page, "/relay/b1.csa", "-3334FU");
            assertThat(times(csa.body())).as("the relay's CSA times").isEqualTo(ownTimes);

            MqttClient peer = new MqttClient(rig.broker.url(), "garbage", new MemoryPersistence());
            peer.connect(new MqttConnectionOptions());
            peer.publish("shogiban/h1/board/b1/record", "{\"moves\": [{\"move\": {\"to\": 7}}]}"
                    .getBytes(StandardCharsets.UTF_8), 1, false);
            peer.disconnect();
            peer.close();
            Thread.sleep(300);
            HttpResponse<String> kif = page.get("/relay/b1.kifu");
            assertThat(kif.statusCode()).as("the relay goes on with the last record it could read").isEqualTo(200);
            assertThat(kif.body()).contains("３四歩");

            HttpResponse<String> twice = page.post("/api/round", "{\"round\":1,\"pairings\":[{\"board\":\"b1\"},"
                    + "{\"board\":\"b1\"}]}");
            assertThat(twice.statusCode()).isEqualTo(400);
            assertThat(twice.body()).contains("paired twice");
        }
    }

    private static HttpResponse<String> awaitRelay(HallClient page, String path, String text) throws Exception {
        HttpResponse<String> r = page.get(path);
        for (int i = 0; i < 300 && !r.body().contains(text); i++) {
            Thread.sleep(30);
            r = page.get(path);
        }
        return r;
    }

    /** The move lines' times ({@code ,T3.22}) of a CSA text. */
    private static String times(String csa) {
        StringBuilder s = new StringBuilder();
        Matcher m = Pattern.compile(",?T\\d+(\\.\\d+)?").matcher(csa);
        while (m.find()) {
            s.append(m.group()).append(' ');
        }
        return s.toString().strip();
    }
}
