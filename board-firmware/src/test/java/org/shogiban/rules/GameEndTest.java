package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Every way a game ends, for both sides: a start, the moves, and the arbiter's ruling. */
class GameEndTest {

    private static Game play(String sfen, String moves) {
        Game game = new Game(sfen.equals("startpos") ? Position.startpos() : Position.fromSfen(sfen));
        if (!moves.isBlank()) {
            Arrays.stream(moves.split(" ")).map(Move::parseUsi).forEach(game::play);
        }
        return game;
    }

    @Test
    void aGameInProgressIsOngoing() {
        Game game = play("startpos", "7g7f 3c3d");
        assertThat(game.result()).isEqualTo(GameResult.ONGOING);
        assertThat(game.plies()).isEqualTo(2);
    }

    @Test
    void senteCheckmatesWithAGoldDrop() {
        Game game = play("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.CHECKMATE, Side.SENTE));
    }

    @Test
    void goteCheckmatesWithAGoldDrop() {
        Game game = play(Mirror.sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"), "G*5h");
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.CHECKMATE, Side.GOTE));
    }

    @Test
    void noLegalMoveWithoutCheckIsALossForTheSideToMove() {
        Game game = new Game(Position.fromSfen("+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200"));
        assertThat(game.current().isInCheck()).isFalse();
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.NO_LEGAL_MOVES, Side.GOTE));
    }

    @Test
    void anIllegalMoveEndsTheGameThereAndIsNotPlayed() {
        Game game = play("startpos", "7g7f 3c3d");
        GameResult r = game.play(Move.parseUsi("8h1a"));
        assertThat(r).isEqualTo(GameResult.illegal(Side.SENTE, IllegalReason.INVALID_MOVEMENT, 3));
        assertThat(r.winner()).isEqualTo(Side.GOTE);
        assertThat(game.plies()).isEqualTo(2);
        assertThatThrownBy(() -> game.play(Move.parseUsi("8h2b+"))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void goteIllegalMoveMakesSenteTheWinner() {
        Game game = play("startpos", "7g7f");
        GameResult r = game.play(Move.parseUsi("P*5e"));
        assertThat(r).isEqualTo(GameResult.illegal(Side.GOTE, IllegalReason.NOT_IN_HAND, 2));
    }

    @Test
    void theFourthOccurrenceIsSennichiteCountingTheStart() {
        String cycle = "2h5h 8b5b 5h2h 5b8b ";
        Game game = play("startpos", (cycle + cycle + cycle).trim());
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.REPETITION_DRAW, null));
        assertThat(game.plies()).isEqualTo(12);
    }

    @Test
    void threeOccurrencesAreNotYetSennichite() {
        String cycle = "2h5h 8b5b 5h2h 5b8b ";
        Game game = play("startpos", (cycle + cycle + "2h5h 8b5b 5h2h").trim());
        assertThat(game.result().status()).isEqualTo(GameStatus.ONGOING);
    }

    @Test
    void senteGivingCheckWithEveryMoveOfTheCycleLoses() {
        Game game = play("k2K5/2R6/9/9/9/9/9/9/9 b - 1", "7b7a 9a9b 7a7b 9b9a 7b7a 9a9b 7a7b 9b9a 7b7a 9a9b 7a7b 9b9a");
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.PERPETUAL_CHECK, Side.GOTE));
    }

    @Test
    void goteGivingCheckWithEveryMoveOfTheCycleLoses() {
        Game game = new Game(Position.fromSfen(Mirror.sfen("k2K5/2R6/9/9/9/9/9/9/9 b - 1")));
        for (String usi : "7b7a 9a9b 7a7b 9b9a 7b7a 9a9b 7a7b 9b9a 7b7a 9a9b 7a7b 9b9a".split(" ")) {
            game.play(Mirror.move(Move.parseUsi(usi)));
        }
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.PERPETUAL_CHECK, Side.SENTE));
    }

    @Test
    void oneQuietMoveInTheCycleMakesItAnOrdinaryDraw() {
        Game game = play("k2K5/2R6/9/9/9/9/9/9/9 b - 1", "7b7a 9a9b 7a7b 9b9a 7b7a 9a9b 7a7d 9b9a 7d7a 9a9b 7a7b 9b9a 7b7a");
        assertThat(game.result()).isEqualTo(GameResult.of(GameStatus.REPETITION_DRAW, null));
    }

    @Test
    void validImpasseDeclarationWinsForTheDeclarer() {
        Game game = new Game(Position.fromSfen("RRBBK4/PPPPPP3/9/9/9/9/9/9/8k b 2P4g4s4n4l10p 1"));
        assertThat(game.declareImpasse(ImpasseRule.POINTS_27)).isEqualTo(GameResult.of(GameStatus.IMPASSE_DECLARATION, Side.SENTE));
    }

    @Test
    void goteValidImpasseDeclarationWins() {
        Game game = new Game(Position.fromSfen(Mirror.sfen("RRBBK4/PPPPPP3/9/9/9/9/9/9/8k b 2P4g4s4n4l10p 1")));
        assertThat(game.declareImpasse(ImpasseRule.POINTS_27)).isEqualTo(GameResult.of(GameStatus.IMPASSE_DECLARATION, Side.GOTE));
    }

    @Test
    void invalidImpasseDeclarationLosesAsAnIllegalAct() {
        Game game = new Game(Position.fromSfen("RRBBK4/PPPPP4/9/9/9/9/9/9/8k b 3P4g4s4n4l10p 1"));
        assertThat(game.declareImpasse(ImpasseRule.POINTS_27))
                .isEqualTo(GameResult.illegal(Side.SENTE, IllegalReason.INVALID_DECLARATION, 1));
    }

    @Test
    void twentyFourPointRuleDrawsBetweenTwentyFourAndThirty() {
        Game game = new Game(Position.fromSfen("RRBBK4/PPPPPP3/9/9/9/9/9/9/8k b 2P4g4s4n4l10p 1"));
        assertThat(game.declareImpasse(ImpasseRule.POINTS_24)).isEqualTo(GameResult.of(GameStatus.IMPASSE_DECLARATION, null));
    }

    @Test
    void resignationTimeUpAndAbort() {
        assertThat(play("startpos", "7g7f").resign(Side.GOTE)).isEqualTo(GameResult.of(GameStatus.RESIGNATION, Side.SENTE));
        assertThat(play("startpos", "").resign(Side.SENTE)).isEqualTo(GameResult.of(GameStatus.RESIGNATION, Side.GOTE));
        assertThat(play("startpos", "").timeUp(Side.SENTE)).isEqualTo(GameResult.of(GameStatus.TIME_UP, Side.GOTE));
        assertThat(play("startpos", "7g7f").timeUp(Side.GOTE)).isEqualTo(GameResult.of(GameStatus.TIME_UP, Side.SENTE));
        assertThat(play("startpos", "7g7f").abort()).isEqualTo(GameResult.of(GameStatus.ABORTED, null));
    }

    @Test
    void takeBackRestoresThePreviousPositionAndReopensAnEndedGame() {
        Game game = play("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b");
        assertThat(game.isOver()).isTrue();
        assertThat(game.takeBack()).isEqualTo(Move.parseUsi("G*5b"));
        assertThat(game.isOver()).isFalse();
        assertThat(game.current()).isEqualTo(Position.fromSfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
        assertThatThrownBy(game::takeBack).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void takeBackAlsoForgetsARepetitionOccurrence() {
        String cycle = "2h5h 8b5b 5h2h 5b8b ";
        Game game = play("startpos", (cycle + cycle + cycle).trim());
        game.takeBack();
        game.play(Move.parseUsi("5b8b"));
        assertThat(game.result().status()).isEqualTo(GameStatus.REPETITION_DRAW);
        game.takeBack();
        game.play(Move.parseUsi("5b7b"));
        assertThat(game.result().status()).isEqualTo(GameStatus.ONGOING);
    }
}
