package org.shogiban.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The rules' questions on a position allocate nothing per question once a thread has asked one: a verdict used to
 * copy the whole board (about 5 KB with its work arrays) for every candidate move the inference judged, the largest
 * part of a settling scan pass's allocation (docs/benchmarks.md, allocation per acknowledged move). Counted with the
 * JVM's per-thread allocation counter, which only ever overcounts (no sampling, no other thread's bytes).
 */
class RulesAllocationTest {
    private static final int QUESTIONS = 1_000;
    /** Far above the answer's own objects (none for a legal verdict), far below one board copy per question. */
    private static final long BYTES_PER_QUESTION = 200;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void aVerdictDoesNotCopyTheBoard() {
        Position position = Position.startpos().play(Move.parseUsi("7g7f"));
        Move legal = Move.parseUsi("3c3d");
        Move other = Move.parseUsi("8c8d");
        assertThat(position.verdict(legal).isLegal()).isTrue();
        long before = allocated();
        int legalCount = 0;
        for (int i = 0; i < QUESTIONS; i++) {
            legalCount += position.verdict(legal).isLegal() ? 1 : 0;
            legalCount += position.verdict(other).isLegal() ? 1 : 0;
        }
        long perQuestion = (allocated() - before) / (2L * QUESTIONS);
        assertThat(legalCount).isEqualTo(2 * QUESTIONS);
        assertThat(perQuestion).as("bytes allocated per verdict").isLessThan(BYTES_PER_QUESTION);
    }

    @Test
    void whetherAPositionHasALegalMoveIsAskedWithoutListingTheMoves() {
        Position start = Position.startpos();
        assertThat(start.hasNoLegalMove()).isFalse();
        long before = allocated();
        int none = 0;
        for (int i = 0; i < QUESTIONS; i++) {
            // a fresh position each time (its legal moves are cached once listed): the play is measured apart
            none += start.play(Move.parseUsi("7g7f")).hasNoLegalMove() ? 1 : 0;
        }
        long withQuestion = allocated() - before;
        before = allocated();
        for (int i = 0; i < QUESTIONS; i++) {
            none += start.play(Move.parseUsi("7g7f")).moveNumber() == 0 ? 1 : 0;
        }
        long playOnly = allocated() - before;
        assertThat(none).isZero();
        assertThat((withQuestion - playOnly) / QUESTIONS).as("bytes allocated per hasNoLegalMove")
                .isLessThan(BYTES_PER_QUESTION);
    }

    private long allocated() {
        return threads.getThreadAllocatedBytes(Thread.currentThread().threadId());
    }
}
