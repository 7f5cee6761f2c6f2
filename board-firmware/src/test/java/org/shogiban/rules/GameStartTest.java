package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.shogiban.app.StartPositions;
import org.shogiban.link.NewGameOptions;
import org.shogiban.notation.Handicap;

/**
 * One check of a game's start ({@link GameStart}), the same for the command line's {@code --start}
 * ({@link StartPositions}) and the link's {@code NEW sfen=} ({@link NewGameOptions}): every standard start passes; a
 * position that is no game of shogi is refused with one sentence.
 */
class GameStartTest {
    private static String problem(String sfen) {
        return GameStart.problem(Position.fromSfen(sfen)).orElse(null);
    }

    @Test
    void everyStandardStartAndAnyRealGamePositionCanStartAGame() {
        for (Handicap h : Handicap.values()) {
            assertThat(GameStart.problem(h.start())).as("%s", h).isEmpty();
        }
        assertThat(problem("RRBBK4/PPPPPP3/9/9/9/9/9/9/8k b 2P4g4s4n4l10p 1")).isNull();
        assertThat(problem("4k4/9/9/9/9/9/9/9/4K4 b 2Pp 1")).isNull();
        assertThat(problem("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")).isNull();
    }

    @Test
    void aStartThatIsNotShogiIsRefusedSayingWhy() {
        assertThat(problem("9/9/9/9/9/9/9/9/4K4 b - 1")).isEqualTo("a game's start needs both kings; gote has none");
        assertThat(problem("4k4/9/9/9/9/9/9/9/9 b - 1")).isEqualTo("a game's start needs both kings; sente has none");
        assertThat(problem("4k3P/9/9/9/9/9/9/9/4K4 b - 1"))
                .isEqualTo("a game's start cannot have sente's pawn on 1a: it could never move");
        assertThat(problem("4k4/9/9/9/9/9/9/n8/4K4 b - 1"))
                .isEqualTo("a game's start cannot have gote's knight on 9h: it could never move");
        assertThat(problem("4k4/9/9/9/9/9/9/9/4K3l w - 1"))
                .isEqualTo("a game's start cannot have gote's lance on 1i: it could never move");
        assertThat(problem("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1"))
                .isEqualTo("a game's start cannot have two of sente's pawns on file 5 (nifu)");
        assertThat(problem("4k4/9/9/9/9/9/9/9/4K4 b 3R 1")).isEqualTo("a game's start has 3 rooks; a set has 2");
        assertThat(problem("4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1")).isEqualTo("a game's start has 19 pawns; a set has 18");
        assertThat(problem("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1")).startsWith("a game's start must leave gote (to move)");
    }

    @Test
    void theCommandLineAndTheLinkSayTheSameSentence() {
        String kingless = "9/9/9/9/9/9/9/9/4K4 b - 1";
        assertThatThrownBy(() -> StartPositions.parse("sfen " + kingless))
                .hasMessage("start SFEN '" + kingless + "': a game's start needs both kings; gote has none");
        assertThatThrownBy(() -> NewGameOptions.parse("sfen=\"" + kingless + "\""))
                .hasMessage("option 'sfen': a game's start needs both kings; gote has none");
        assertThatThrownBy(() -> GameStart.check(Position.fromSfen(kingless)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a game's start needs both kings; gote has none");
    }
}
