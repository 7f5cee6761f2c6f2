package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.shogiban.testdata.SharedData;

/**
 * Every case of ../shared/data/rules/cases.json (from shogi-server, tsshogi, shogiops, python-shogi and YaneuraOu
 * test suites, cross-checked there by two engines) gives the expected verdict.
 */
class PublishedRuleCasesTest {

    private static List<JsonNode> cases() {
        List<JsonNode> list = new ArrayList<>();
        SharedData.json("rules/cases.json").forEach(list::add);
        return list;
    }

    @Test
    void theCaseFileIsComplete() {
        assertThat(cases()).hasSize(42);
    }

    @TestFactory
    Stream<DynamicTest> everyCaseGivesTheExpectedVerdict() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.get("id").asText(), () -> check(c)));
    }

    private static void check(JsonNode c) {
        String sfen = c.get("sfen").asText();
        Position start = sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen);
        Game game = new Game(start);
        if (c.has("moves")) {
            for (String usi : c.get("moves").asText().split(" ")) {
                if (game.isOver()) {
                    break;
                }
                GameResult r = game.play(Move.parseUsi(usi));
                assertThat(r.status()).as("move %s at ply %d", usi, game.plies()).isNotEqualTo(GameStatus.ILLEGAL_MOVE);
            }
        }
        Position position = game.current();
        if (c.has("move")) {
            Verdict verdict = position.verdict(Move.parseUsi(c.get("move").asText()));
            assertThat(verdict.isLegal()).as("%s: %s", c.get("move").asText(), verdict).isEqualTo(c.get("expectLegal").asBoolean());
            assertThat(position.legalMoves().contains(Move.parseUsi(c.get("move").asText())))
                    .as("legal move list agrees with the verdict").isEqualTo(verdict.isLegal());
            expectedReason(c).ifPresent(reason -> {
                if (!c.get("expectLegal").asBoolean()) {
                    assertThat(verdict.reason()).isEqualTo(reason);
                }
            });
        }
        if (c.has("query")) {
            switch (c.get("query").asText()) {
                case "isInCheck" -> assertThat(position.isInCheck()).isEqualTo(c.get("expect").asBoolean());
                case "legalMoveCount" -> assertThat(position.legalMoves()).hasSize(c.get("expect").asInt());
                default -> throw new AssertionError("unknown query " + c.get("query"));
            }
        }
        JsonNode expect = c.get("expect");
        if (expect != null && expect.isObject()) {
            checkExpectation(c, expect, game);
        }
    }

    private static java.util.Optional<IllegalReason> expectedReason(JsonNode c) {
        return java.util.Optional.ofNullable(switch (c.get("category").asText()) {
            case "uchifuzume" -> IllegalReason.PAWN_DROP_MATE;
            case "nifu" -> IllegalReason.TWO_PAWNS;
            case "unmovable" -> IllegalReason.DEAD_PIECE;
            case "game-file" -> IllegalReason.PAWN_DROP_MATE;
            default -> null;
        });
    }

    private static void checkExpectation(JsonNode c, JsonNode expect, Game game) {
        if (expect.has("result")) {
            switch (expect.get("result").asText()) {
                case "perpetual-check" -> {
                    assertThat(game.result().status()).isEqualTo(GameStatus.PERPETUAL_CHECK);
                    assertThat(game.result().winner()).isEqualTo(side(expect.get("loser").asText()).opponent());
                }
                case "sennichite-draw" -> {
                    assertThat(game.result().status()).isEqualTo(GameStatus.REPETITION_DRAW);
                    assertThat(game.result().winner()).isNull();
                }
                case "declaration" -> {
                    Side declarer = side(expect.get("declarer").asText());
                    assertThat(game.current().sideToMove()).isEqualTo(declarer);
                    GameResult r = game.declareImpasse(ImpasseRule.POINTS_27);
                    assertThat(r.status()).isEqualTo(GameStatus.IMPASSE_DECLARATION);
                    assertThat(r.winner()).isEqualTo(declarer);
                }
                default -> throw new AssertionError("unknown result " + expect.get("result"));
            }
            if (expect.has("atPly")) {
                assertThat(game.plies()).isEqualTo(expect.get("atPly").asInt());
            }
        }
        Position position = game.current();
        if (expect.has("rule27") && c.has("declarer")) {
            Side declarer = side(c.get("declarer").asText());
            assertThat(Impasse.judge(position, declarer, ImpasseRule.POINTS_27).name())
                    .isEqualTo(expect.get("rule27").asText());
        }
        for (String key : List.of("black24", "black27", "white24", "white27")) {
            if (expect.has(key)) {
                Side declarer = side(key.substring(0, 5));
                ImpasseRule rule = key.endsWith("24") ? ImpasseRule.POINTS_24 : ImpasseRule.POINTS_27;
                assertThat(Impasse.judge(position, declarer, rule).name()).as(key).isEqualTo(expect.get(key).asText());
            }
        }
        if (expect.has("blackPoint")) {
            assertThat(Impasse.points(position, Side.SENTE)).isEqualTo(expect.get("blackPoint").asInt());
            assertThat(Impasse.points(position, Side.GOTE)).isEqualTo(expect.get("whitePoint").asInt());
        }
    }

    private static Side side(String name) {
        return switch (name) {
            case "black" -> Side.SENTE;
            case "white" -> Side.GOTE;
            default -> throw new AssertionError("unknown side " + name);
        };
    }
}
