package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;

/** The web simulator's HTTP side, asked as a browser would ask it, on a board stepped in manual time. */
class WebServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path records;

    private BoardApplicationAdapter board;
    private WebServer server;
    private URI base;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        board = new BoardApplicationAdapter(new WebBoard.Setup(SensorKind.OCCUPANCY, "casual",
                "main=600,byoyomi=30", "startpos"), new ManualClock(),
                Clock.fixed(Instant.parse("2025-03-01T05:05:09Z"), ZoneOffset.UTC),
                BoardApplicationAdapter.Storage.records(records).withPin("2468"));
        server = new WebServer(board, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        base = server.start();
        board.advance(600);
    }

    @AfterEach
    void stop() {
        server.close();
        board.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode state() throws Exception {
        HttpResponse<String> r = get("/api/state");
        assertThat(r.statusCode()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static String error(HttpResponse<String> r) throws Exception {
        return JSON.readTree(r.body()).get("error").asText();
    }

    /** A move by hand: lift, put (with a capture taken to the mover's komadai), then the board is left still. */
    private void hand(String... actions) throws Exception {
        for (String a : actions) {
            String[] w = a.split(" ");
            String body = w[0].equals("lift") ? "{\"action\":\"lift\",\"place\":\"" + w[1] + "\"}"
                    : "{\"action\":\"put\",\"place\":\"" + w[1] + "\"}";
            HttpResponse<String> r = post("/api/hand", body);
            assertThat(r.statusCode()).as(a + ": " + r.body()).isEqualTo(200);
            board.advance(100);
        }
        board.advance(600);
    }

    @Test
    void thePageAndItsFilesAreServedFromTheJar() throws Exception {
        HttpResponse<String> page = get("/");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(page.body()).contains("board.js", "board.css", "data-button=\"promote\"");
        assertThat(get("/board.js").body()).contains("EventSource('/api/events')");
        assertThat(get("/board.css").statusCode()).isEqualTo(200);
    }

    @Test
    void theSnapshotHasTheGameSessionsKeys() throws Exception {
        JsonNode s = state();

        assertThat(s.get("phase").asText()).isEqualTo("PLAYING");
        assertThat(s.get("ply").asInt()).isZero();
        assertThat(s.get("sfen").asText()).isEqualTo("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assertThat(s.get("moves")).isEmpty();
        assertThat(s.get("toMove").asText()).isEqualTo("sente");
        assertThat(s.get("clock").get("running").asText()).as("no clock runs before a player starts it")
                .isEqualTo("none");
        assertThat(s.get("clock").get("sente").get("mainMs").asLong()).isEqualTo(600_000);
        assertThat(s.get("clock").get("gote").get("mainMs").asLong()).isEqualTo(600_000);
        assertThat(s.get("clock").get("gote").get("byoyomiMs").asLong()).isEqualTo(30_000);
        assertThat(s.get("clock").get("gote").get("periods").asInt()).isEqualTo(1);
        assertThat(s.get("clock").get("gote").has("considerUnits")).isTrue();
        assertThat(s.get("result").isNull()).isTrue();
        assertThat(s.has("waitingFor")).isTrue();
    }

    @Test
    void aMoveByHandIsPlayedAndLitOnThePage() throws Exception {
        assertThat(post("/api/press", "{\"button\":\"clock-gote\"}").statusCode()).isEqualTo(200);
        board.advance(1000);
        assertThat(state().get("clock").get("running").asText()).isEqualTo("sente");
        hand("lift 7g", "put 7f");

        JsonNode s = state();
        assertThat(s.get("moves").toString()).isEqualTo("[\"7g7f\"]");
        assertThat(s.get("toMove").asText()).isEqualTo("gote");
        assertThat(s.get("clock").get("running").asText()).isEqualTo("gote");
        assertThat(s.get("clock").get("sente").get("mainMs").asLong()).isLessThan(600_000);
        JsonNode view = JSON.readTree(get("/api/view").body());
        assertThat(view.get("squares").get("7f").get("piece").asText()).isEqualTo("P");
        assertThat(view.get("squares").get("7g").get("piece").asText()).isEmpty();
        assertThat(view.get("squares").get("7f").get("led").asText()).isEqualTo("blue");
        assertThat(view.get("squares").get("7g").get("led").asText()).isEqualTo("blue");
        assertThat(view.get("status").get("gote-to-move").asText()).isEqualTo("green");
    }

    @Test
    void aCaptureGoesToTheKomadaiAndIsCountedThere() throws Exception {
        hand("lift 7g", "put 7f");
        hand("lift 3c", "put 3d");
        hand("lift 2b", "lift 8h", "put 2b", "put sente:B");
        board.advance(2000);

        JsonNode s = state();
        assertThat(s.get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\",\"8h2b+\"]");
        JsonNode view = JSON.readTree(get("/api/view").body());
        assertThat(view.get("komadai").get("sente:B").get("count").asInt()).isEqualTo(1);
        assertThat(view.get("squares").get("2b").get("piece").asText()).isEqualTo("B");
    }

    @Test
    void aNewGameFromThePageLaysOutAHandicapAndPlaysInTheModeAsked() throws Exception {
        hand("lift 7g", "put 7f");

        HttpResponse<String> r = post("/api/new-game",
                "{\"mode\":\"tournament\",\"time\":\"main=300,byoyomi=10\",\"start\":\"bishop\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        board.advance(600);

        JsonNode s = state();
        assertThat(s.get("phase").asText()).isEqualTo("PLAYING");
        assertThat(s.get("mode").asText()).isEqualTo("tournament");
        assertThat(s.get("moves")).isEmpty();
        assertThat(s.get("sfen").asText()).isEqualTo("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assertThat(s.get("toMove").asText()).as("the handicap giver moves first").isEqualTo("gote");
        assertThat(s.get("clock").get("running").asText()).as("the clock waits for the players").isEqualTo("none");
        assertThat(s.get("clock").get("sente").get("mainMs").asLong()).isEqualTo(300_000);
        JsonNode view = JSON.readTree(get("/api/view").body());
        assertThat(view.get("squares").get("2b").get("piece").asText()).isEmpty();
        assertThat(view.get("squares").get("7g").get("piece").asText()).isEqualTo("P");
        assertThat(view.get("setup").get("time").asText()).isEqualTo("main=300,byoyomi=10,periods=1,increment=0,consider=0");
    }

    @Test
    void unknownPathsAre404AndWrongMethods405() throws Exception {
        assertThat(get("/nothing").statusCode()).isEqualTo(404);
        assertThat(get("/api/../../etc/passwd").statusCode()).isEqualTo(404);
        assertThat(get("/org/shogiban/simulator/web/board.js").statusCode()).isEqualTo(404);
        HttpResponse<String> wrong = get("/api/hand");
        assertThat(wrong.statusCode()).isEqualTo(405);
        assertThat(wrong.headers().firstValue("Allow")).hasValue("POST");
        assertThat(post("/api/state", "{}").statusCode()).isEqualTo(405);
    }

    @Test
    void badInputIs400WithAMessageNamingIt() throws Exception {
        HttpResponse<String> notJson = post("/api/hand", "lift 7g");
        assertThat(notJson.statusCode()).isEqualTo(400);
        assertThat(error(notJson)).startsWith("the body is not JSON");

        assertThat(error(post("/api/hand", "[1,2]"))).isEqualTo("the body must be a JSON object");
        assertThat(error(post("/api/hand", "{\"action\":\"throw\",\"place\":\"7g\"}")))
                .isEqualTo("action 'throw' is not lift, put or flip");
        HttpResponse<String> square = post("/api/hand", "{\"action\":\"lift\",\"place\":\"7j\"}");
        assertThat(square.statusCode()).isEqualTo(400);
        assertThat(error(square)).contains("'7j'");
        assertThat(error(post("/api/hand", "{\"action\":\"lift\"}"))).isEqualTo("'place' is missing or not a string");
        assertThat(error(post("/api/press", "{\"button\":\"self-destruct\"}"))).startsWith("unknown button");
        assertThat(post("/api/new-game", "{\"time\":\"main=ten\"}").statusCode()).isEqualTo(400);
        assertThat(error(post("/api/new-game", "{\"start\":\"queen-odds\"}"))).contains("queen-odds");
    }

    @Test
    void onlyAJsonObjectTheRequestUnderstandsIsTaken() throws Exception {
        String before = state().toString();
        HttpResponse<String> empty = post("/api/declare", "");
        assertThat(empty.statusCode()).isEqualTo(400);
        assertThat(error(empty)).startsWith("the body is empty");
        assertThat(error(post("/api/resign", "{\"side\":\"gote\"} {\"side\":\"sente\"}")))
                .startsWith("the body is not JSON");
        assertThat(error(post("/api/resign", "{\"side\":\"gote\",\"side\":\"sente\"}")))
                .startsWith("the body is not JSON").contains("side");
        HttpResponse<String> yes = post("/api/new-game", "{\"layOut\":\"yes\"}");
        assertThat(yes.statusCode()).isEqualTo(400);
        assertThat(error(yes)).isEqualTo("'layOut' must be true or false, not \"yes\"");
        assertThat(error(post("/api/declare", "{\"side\":\"sente\"}")))
                .isEqualTo("'side' is not understood here; this request takes {}");
        assertThat(error(post("/api/press", "{\"button\":\"menu\",\"twice\":true}")))
                .isEqualTo("'twice' is not understood here; the keys are button");
        HttpResponse<String> sandboxed = http.send(HttpRequest.newBuilder(base.resolve("/api/declare"))
                .header("Content-Type", "application/json").header("Origin", "null")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(sandboxed.statusCode()).isEqualTo(403);
        assertThat(state().toString()).as("no refused request changed the game").isEqualTo(before);
        assertThat(state().get("phase").asText()).isNotEqualTo("OVER");
    }

    private HttpResponse<String> postAs(String path, String type, String origin) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", type);
        if (origin != null) {
            b.header("Origin", origin);
        }
        return http.send(b.POST(HttpRequest.BodyPublishers.ofString("{\"button\":\"menu\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void onlyTheExactJsonMediaTypeAndThePagesOwnOriginAreTaken() throws Exception {
        String page = "http://" + base.getHost() + ":" + base.getPort();
        String before = state().toString();
        for (String type : List.of("application/jsonp", "application/json-seq", "application/jsonx",
                "application/json; charset=latin1", "application/json;x=y")) {
            HttpResponse<String> r = postAs("/api/press", type, page);
            assertThat(r.statusCode()).as(type).isEqualTo(415);
            assertThat(error(r)).as(type).startsWith("the body must be application/json");
        }
        for (String origin : List.of("https://" + base.getHost() + ":" + base.getPort(), "null",
                "http://evil.example" + page.substring("http://".length()), page + ".evil.example", page + "/")) {
            assertThat(postAs("/api/press", "application/json", origin).statusCode()).as(origin).isEqualTo(403);
        }
        assertThat(state().toString()).as("no refused request changed the board").isEqualTo(before);
        assertThat(postAs("/api/press", "application/json; charset=UTF-8", page).statusCode()).isEqualTo(200);
        assertThat(postAs("/api/press", "Application/JSON", null).statusCode()).isEqualTo(200);
    }

    @Test
    void aNewGameFromAStartThatIsNotShogiIsRefusedWithTheSentenceEveryEntrySays() throws Exception {
        HttpResponse<String> r = post("/api/new-game", "{\"start\":\"sfen 9/9/9/9/9/9/9/9/4K4 b - 1\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(error(r)).isEqualTo("start SFEN '9/9/9/9/9/9/9/9/4K4 b - 1': a game's start needs both kings;"
                + " gote has none");
        board.advance(600);
        assertThat(state().get("phase").asText()).isEqualTo("PLAYING");
        assertThat(state().get("result").isNull()).as("no game was recorded as won").isTrue();
    }

    @Test
    void whatHandsCannotDoIs409AndTheBoardGoesOn() throws Exception {
        HttpResponse<String> empty = post("/api/hand", "{\"action\":\"lift\",\"place\":\"5e\"}");
        assertThat(empty.statusCode()).isEqualTo(409);
        assertThat(error(empty)).isEqualTo("there is no piece on 5e");
        assertThat(error(post("/api/hand", "{\"action\":\"put\",\"place\":\"5e\"}")))
                .isEqualTo("no piece is held: lift one first");

        hand("lift 7g", "put 7f");
        assertThat(state().get("moves").toString()).isEqualTo("[\"7g7f\"]");
    }

    @Test
    void oversizedAndMistypedBodiesAreRefused() throws Exception {
        String big = "{\"action\":\"lift\",\"place\":\"7g\",\"pad\":\"" + "x".repeat(WebServer.MAX_BODY) + "\"}";
        assertThat(post("/api/hand", big).statusCode()).isEqualTo(413);
        HttpResponse<String> text = http.send(HttpRequest.newBuilder(base.resolve("/api/hand"))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(text.statusCode()).isEqualTo(415);
        HttpResponse<String> foreign = http.send(HttpRequest.newBuilder(base.resolve("/api/press"))
                .header("Content-Type", "application/json").header("Origin", "http://evil.example")
                .POST(HttpRequest.BodyPublishers.ofString("{\"button\":\"menu\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(foreign.statusCode()).isEqualTo(403);
    }

    @Test
    void recordsDownloadByValidatedIdInEveryFormat() throws Exception {
        hand("lift 7g", "put 7f");

        HttpResponse<String> csa = get("/api/games/current?format=csa");
        assertThat(csa.statusCode()).isEqualTo(200);
        assertThat(csa.body()).contains("+7776FU");
        assertThat(csa.headers().firstValue("Content-Disposition")).hasValue("attachment; filename=\"current.csa\"");
        assertThat(get("/api/games/current?format=usi").body()).contains("7g7f");
        assertThat(get("/api/games/current?format=jkf").body()).startsWith("{");
        assertThat(get("/api/games/current?format=ki2").statusCode()).isEqualTo(200);
        assertThat(get("/api/games/current?format=kif").statusCode()).isEqualTo(200);
        JsonNode games = JSON.readTree(get("/api/games").body());
        assertThat(games.get(0).get("id").asText()).isEqualTo("current");
        assertThat(games.get(0).get("plies").asInt()).isEqualTo(1);

        assertThat(get("/api/games/current?format=pdf").statusCode()).isEqualTo(400);
        assertThat(get("/api/games/..%2F..%2Fetc%2Fpasswd").statusCode()).isEqualTo(400);
        assertThat(get("/api/games/x.kifu").statusCode()).isEqualTo(400);
        assertThat(get("/api/games/1999-01-01T00-00-00.kifu").statusCode()).isEqualTo(404);
        assertThat(get("/api/games/2025-03-01T05-05-09.kifu?format=usi").body()).contains("7g7f");
    }

    @Test
    void theArbitersActionsNeedThePinAndReachTheSession() throws Exception {
        HttpResponse<String> wrong = post("/api/arbiter", "{\"pin\":\"1111\",\"action\":\"pause\"}");
        assertThat(wrong.statusCode()).isEqualTo(403);
        assertThat(error(wrong)).isEqualTo("wrong PIN");
        assertThat(post("/api/arbiter", "{\"pin\":\"2468\",\"action\":\"explode\"}").statusCode()).isEqualTo(400);
        HttpResponse<String> north = post("/api/arbiter",
                "{\"pin\":\"2468\",\"action\":\"adjust\",\"side\":\"north\",\"seconds\":30}");
        assertThat(north.statusCode()).isEqualTo(400);
        assertThat(error(north)).isEqualTo("side 'north' is not sente or gote");
        HttpResponse<String> won = post("/api/arbiter",
                "{\"pin\":\"2468\",\"action\":\"result\",\"status\":\"WON\",\"winner\":\"sente\"}");
        assertThat(won.statusCode()).isEqualTo(400);
        assertThat(error(won)).startsWith("result status 'WON' is none of");
        HttpResponse<String> pause = post("/api/arbiter", "{\"pin\":\"2468\",\"action\":\"pause\"}");
        assertThat(pause.statusCode()).isEqualTo(200);
        board.advance(100);
        assertThat(Snapshots.of(board).get("phase").asText()).isEqualTo("PAUSED");
        assertThat(post("/api/arbiter", "{\"pin\":\"2468\",\"action\":\"resume\"}").statusCode()).isEqualTo(200);
        board.advance(100);
        assertThat(Snapshots.of(board).get("phase").asText()).isEqualTo("PLAYING");
        assertThat(post("/api/resign", "{\"side\":\"gote\"}").statusCode()).isEqualTo(200);
        board.advance(100);
        assertThat(Snapshots.of(board).get("result").get("status").asText()).isEqualTo("RESIGNATION");
        assertThat(Snapshots.of(board).get("result").get("winner").asText()).isEqualTo("sente");
        assertThat(post("/api/resign", "{\"side\":\"nobody\"}").statusCode()).isEqualTo(400);
    }

    @Test
    void twoStreamsSeeTheSameChangeAndAClosedOneIsLetGo() throws Exception {
        InputStream first = http.send(HttpRequest.newBuilder(base.resolve("/api/events")).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream()).body();
        InputStream second = http.send(HttpRequest.newBuilder(base.resolve("/api/events")).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream()).body();
        assertThat(server.awaitOpenStreams(2, 5000)).isTrue();
        BufferedReader a = new BufferedReader(new InputStreamReader(first, StandardCharsets.UTF_8));
        BufferedReader b = new BufferedReader(new InputStreamReader(second, StandardCharsets.UTF_8));
        assertThat(viewsUntil(a, "\"7g\":{\"piece\":\"P\"")).isNotEmpty();
        assertThat(viewsUntil(b, "\"7g\":{\"piece\":\"P\"")).isNotEmpty();

        assertThat(post("/api/hand", "{\"action\":\"lift\",\"place\":\"7g\"}").statusCode()).isEqualTo(200);

        assertThat(viewsUntil(a, "\"7g\":{\"piece\":\"\"")).isNotEmpty();
        assertThat(viewsUntil(b, "\"7g\":{\"piece\":\"\"")).isNotEmpty();
        first.close();
        assertThat(server.awaitOpenStreams(1, 5000)).as("the closed stream is let go").isTrue();
        second.close();
        assertThat(server.awaitOpenStreams(0, 5000)).isTrue();
    }

    /** Reads events until a view holding {@code text}; returns the views read. */
    private static List<String> viewsUntil(BufferedReader in, String text) throws Exception {
        List<String> views = new ArrayList<>();
        for (String line; (line = in.readLine()) != null; ) {
            if (line.startsWith("data: {\"state\"")) {
                views.add(line);
                if (line.contains(text)) {
                    return views;
                }
            }
        }
        throw new AssertionError("the stream ended before a view with " + text);
    }
}
