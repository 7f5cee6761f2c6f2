package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.shogiban.testdata.SharedData;

/**
 * The move generator and the per-move verdict are two separate code paths; over every position of the real games
 * they must agree on every candidate move: all board moves between any two squares, with and without promotion, and
 * every drop.
 */
class LegalMoveConsistencyTest {

    @Test
    void verdictAndGeneratorAgreeOnEveryCandidateInRealGames() throws IOException {
        List<String> lines = Files.readAllLines(SharedData.file("games/lishogi-350.usi.txt"));
        int positions = 0;
        for (int g = 0; g < lines.size(); g += 25) {
            Position p = Position.startpos();
            for (String usi : lines.get(g).split(" ")) {
                assertAgreement(p);
                positions++;
                p = p.play(Move.parseUsi(usi));
            }
        }
        assertThat(positions).isGreaterThan(1000);
    }

    private static void assertAgreement(Position p) {
        Set<Move> legal = new HashSet<>(p.legalMoves());
        assertThat(legal).hasSameSizeAs(p.legalMoves());
        int legalSeen = 0;
        for (Square from : Square.all()) {
            Piece piece = p.pieceAt(from);
            if (piece == null || piece.side() != p.sideToMove()) {
                continue;
            }
            for (Square to : Square.all()) {
                if (to.equals(from)) {
                    continue;
                }
                for (boolean promote : new boolean[] {false, true}) {
                    Move m = Move.of(from, to, promote);
                    boolean isLegal = p.verdict(m).isLegal();
                    assertThat(isLegal).as("%s in %s", m, p).isEqualTo(legal.contains(m));
                    legalSeen += isLegal ? 1 : 0;
                }
            }
        }
        for (PieceType kind : PieceType.HAND_KINDS) {
            for (Square to : Square.all()) {
                Move m = Move.drop(kind, to);
                boolean isLegal = p.verdict(m).isLegal();
                assertThat(isLegal).as("%s in %s", m, p).isEqualTo(legal.contains(m));
                legalSeen += isLegal ? 1 : 0;
            }
        }
        assertThat(legalSeen).isEqualTo(legal.size());
    }
}
