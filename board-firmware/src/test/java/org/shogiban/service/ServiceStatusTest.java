package org.shogiban.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.BoardView;
import org.shogiban.rules.Game;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

class ServiceStatusTest {
    @Test
    void playingNamesThePlyToBePlayedAndWhoMoves() {
        Game game = new Game(Position.startpos());
        game.play(Move.parseUsi("7g7f"));
        BoardView view = new BoardView(BoardPhase.PLAYING, game.current(), 1, Move.parseUsi("7g7f"), List.of(),
                List.of(), null, null, GameResult.ONGOING, Set.of("MCP23017 squares #2 at 1:0x22"));
        assertThat(ServiceStatus.of(view))
                .isEqualTo("playing ply 2, gote to move; failing: MCP23017 squares #2 at 1:0x22");
    }

    @Test
    void gameOverNamesTheWinner() {
        BoardView view = new BoardView(BoardPhase.OVER, Position.startpos(), 0, null, List.of(), List.of(), null,
                null, GameResult.ONGOING, Set.of());
        assertThat(ServiceStatus.of(view)).isEqualTo("game over after 0 plies: no winner");
    }
}
