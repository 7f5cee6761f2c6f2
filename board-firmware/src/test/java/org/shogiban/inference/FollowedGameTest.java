package org.shogiban.inference;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.shogiban.hal.SensorKind;
import org.shogiban.rules.Game;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * One history: an inference that follows a game reads the agreed position and the moves from it, and follows what
 * its owner does to the game between two inputs (an arbiter's undo, moves played by the owner, a reported move not
 * taken) without being rebuilt.
 */
class FollowedGameTest {
    private final InferenceConfig config = InferenceConfig.defaults(SensorKind.OCCUPANCY);

    @Test
    void theMovesReportedAreReadBackFromTheGameTheOwnerRecords() {
        Game game = Game.fromStart();
        Table t = Table.following(game, config);
        t.move("7g", "7f").settle().move("3c", "3d").settle();
        assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d");
        assertThat(game.moves()).extracting(Move::usi).containsExactly("7g7f", "3c3d");
        assertThat(t.inference.moves()).isEqualTo(game.moves());
        assertThat(t.inference.position()).isSameAs(game.current());
        assertThat(t.inference.game()).isSameAs(game);
    }

    @Test
    void alongItRecordsInAGameOfItsOwn() {
        Table t = Table.occupancy("startpos");
        t.move("7g", "7f").settle().move("3c", "3d").settle();
        assertThat(t.inference.game().moves()).extracting(Move::usi).containsExactly("7g7f", "3c3d");
        assertThat(t.inference.position()).isSameAs(t.inference.game().current());
    }

    @Test
    void anUndoByTheOwnerIsFollowedWithoutATakebackOfItsOwn() {
        Game game = Game.fromStart();
        Table t = Table.following(game, config);
        t.move("7g", "7f").settle().move("3c", "3d").settle();
        game.takeBack(); // the arbiter undoes 3c3d; the players put it back
        t.move("3d", "3c").settle();
        assertThat(t.lines()).containsExactly("move 7g7f", "move 3c3d");
        assertThat(t.inference.position()).isSameAs(game.current());
        t.move("8c", "8d").settle();
        assertThat(t.lines()).endsWith("move 8c8d");
        assertThat(game.moves()).extracting(Move::usi).containsExactly("7g7f", "8c8d");
    }

    @Test
    void movesTheOwnerPlaysAreFollowedFromTheNextInput() {
        Game game = Game.fromStart();
        Table t = Table.following(game, config);
        game.play(Move.parseUsi("7g7f")); // a late clock press: the owner counted the two moves itself
        game.play(Move.parseUsi("3c3d"));
        t.move("7g", "7f").move("3c", "3d").settle();
        assertThat(t.lines()).isEmpty();
        assertThat(t.inference.position()).isSameAs(game.current());
        t.move("2g", "2f").settle();
        assertThat(t.lines()).containsExactly("move 2g2f");
        assertThat(game.plies()).isEqualTo(3);
    }

    @Test
    void aReportedMoveTheOwnerDoesNotTakeIsNotInTheHistory() {
        Game game = Game.fromStart();
        Game other = Game.fromStart();
        Table t = Table.following(other, config);
        t.move("7g", "7f").settle();
        assertThat(t.lines()).containsExactly("move 7g7f");
        assertThat(other.plies()).isEqualTo(1);
        MoveInference inference = new MoveInference(game, config);
        inference.onFrame(ExpectedFrame.of(Position.startpos()).toSensorFrame(0, SensorKind.OCCUPANCY));
        var reported = inference.onFrame(ExpectedFrame.of(other.current()).toSensorFrame(100,
                SensorKind.OCCUPANCY));
        reported.addAll(inference.onTick(1000));
        assertThat(reported).singleElement().isInstanceOf(InferenceEvent.MoveCompleted.class);
        assertThat(inference.position()).isEqualTo(other.current());
        // the owner did not take it (the mover's time ran out): at the next input the game's position counts
        inference.onTick(1100);
        assertThat(inference.position()).isSameAs(game.current());
        assertThat(inference.moves()).isEmpty();
    }

    @Test
    void aReplacedGameWithTheSameMovesKeepsWhatTheInferenceKnows() {
        Game game = Game.fromStart();
        Table t = Table.following(game, config);
        t.move("7g", "7f").settle().move("3c", "3d").settle().move("2g", "2e").settle();
        assertThat(t.lines()).last().asString().startsWith("illegal 2g2e");
        assertThat(t.inference.isOutOfSync()).isTrue();
        Game replayed = new Game(game.start());
        game.moves().forEach(replayed::play);
        t.inference.follow(replayed); // a foul overruled: the owner's game replaced by one with the same moves
        t.settle();
        assertThat(t.inference.isOutOfSync()).isTrue();
        assertThat(t.lines()).filteredOn(l -> l.startsWith("illegal")).hasSize(1);
        t.move("2e", "2g").settle();
        assertThat(t.lines()).last().isEqualTo("in-sync");
    }
}
