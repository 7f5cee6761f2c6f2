package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shogiban.testdata.SharedData;

/**
 * Every game of ../shared/data/games/lishogi-350.usi.txt plays legally to the final position the index gives
 * (cross-checked there by two independent engines), with the same check state, legal-move count and ending.
 */
class LishogiGamesTest {

    @TestFactory
    Stream<DynamicTest> everyGameReachesItsIndexedFinalPosition() throws IOException {
        List<String> lines = Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt"));
        JsonNode index = SharedData.json("games/lishogi-350.index.json");
        assertThat(lines).hasSize(350);
        assertThat(index.size()).isEqualTo(350);
        return IntStream.range(0, lines.size()).mapToObj(i -> DynamicTest.dynamicTest(
                "game " + index.get(i).get("id").asText(), () -> check(lines.get(i), index.get(i))));
    }

    private static void check(String line, JsonNode expected) {
        Game game = Game.fromStart();
        String[] moves = line.trim().split(" ");
        for (String usi : moves) {
            assertThat(game.isOver()).as("game over before %s at ply %d", usi, game.plies() + 1).isFalse();
            GameResult r = game.play(Move.parseUsi(usi));
            assertThat(r.status()).as("ply %d %s", game.plies(), usi).isNotEqualTo(GameStatus.ILLEGAL_MOVE);
        }
        Position end = game.current();
        assertThat(game.plies()).isEqualTo(expected.get("plies").asInt());
        assertThat(end.repetitionKey()).isEqualTo(Position.fromSfen(expected.get("finalSfen").asText()).repetitionKey());
        assertThat(end.isInCheck()).isEqualTo(expected.get("inCheck").asBoolean());
        assertThat(end.legalMoves()).hasSize(expected.get("legalMovesAtEnd").asInt());
        String termination = expected.get("termination").asText();
        if (termination.equals("checkmate")) {
            assertThat(game.result().status()).isEqualTo(GameStatus.CHECKMATE);
        } else if (termination.startsWith("no legal moves")) {
            assertThat(game.result().status()).isEqualTo(GameStatus.NO_LEGAL_MOVES);
        } else {
            assertThat(game.result().status()).isEqualTo(GameStatus.ONGOING);
        }
        if (!expected.get("winner").isNull()) {
            assertThat(game.result().winner().label())
                    .isEqualTo(expected.get("winner").asText().equals("black") ? "sente" : "gote");
        }
    }
}
