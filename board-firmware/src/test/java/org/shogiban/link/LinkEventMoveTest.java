package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/** A {@code MOVE} written from the position the move left is the one written from the position before it. */
class LinkEventMoveTest {

    @Test
    void theMoveFromThePositionAfterIsTheMoveFromThePositionBeforeOverRandomGames() {
        Random random = new Random(25);
        int checked = 0;
        for (int game = 0; game < 40; game++) {
            Position p = Position.startpos();
            for (int ply = 1; ply <= 160; ply++) {
                List<Move> legal = p.legalMoves();
                if (legal.isEmpty()) {
                    break;
                }
                Move m = legal.get(random.nextInt(legal.size()));
                Position after = p.play(m);
                Duration t = Duration.ofSeconds(ply % 7);
                assertThat(LinkEvent.moveAfter(ply, p.sideToMove(), after, m, t).text())
                        .as("ply %d %s in %s", ply, m.usi(), p.toSfen())
                        .isEqualTo(LinkEvent.move(ply, p, m, t).text());
                checked++;
                p = after;
            }
        }
        // drops and promotions come up in random games: checked by the count of moves alone
        assertThat(checked).isGreaterThan(4_000);
    }

    @Test
    void aPromotionAndADropAreWrittenWithThePieceAfterTheMove() {
        Position p = Position.startpos();
        for (String usi : List.of("7g7f", "3c3d")) {
            p = p.play(Move.parseUsi(usi));
        }
        Move promote = Move.parseUsi("8h2b+");
        Position after = p.play(promote);
        assertThat(LinkEvent.moveAfter(3, p.sideToMove(), after, promote, null).text())
                .isEqualTo("MOVE 3 8h2b+ +8822UM");
        Position later = after.play(Move.parseUsi("3a2b"));
        Move drop = Move.parseUsi("B*5e");
        assertThat(LinkEvent.moveAfter(5, later.sideToMove(), later.play(drop), drop, Duration.ofSeconds(12)).text())
                .isEqualTo("MOVE 5 B*5e +0055KA,T12");
    }
}
