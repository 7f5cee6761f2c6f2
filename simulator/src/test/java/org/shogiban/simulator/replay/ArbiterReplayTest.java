package org.shogiban.simulator.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.inference.InferenceEvent;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Verdict;
import org.shogiban.simulator.Cli;

/**
 * Records that end in a foul or go on past the end of the game replay up to where an arbiter stops them, and the
 * board must agree with the arbiter: the moves played, then the foul reported as illegal with the same reason.
 */
class ArbiterReplayTest {
    /** Gote's king on 5a can be mated by G*5b, the gold held by the pawn on 5c. */
    private static final String MATE_IN_ONE = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    private static final Path MOG = Path.of("data/records/mog-core-scala/jvm/src/test/resources/kif/game");

    private static RecordedGame usi(String line) {
        return RecordReader.read(line, "test").get(0);
    }

    private static GameReplayer replayer(SensorKind kind, CommitPolicy policy) {
        return new GameReplayer(InferenceConfig.defaults(kind).withCommitPolicy(policy),
                ReplaySettings.standard().withBounce(Noise.bounceMillis(2), 7), 2);
    }

    @Test
    void theArbiterStopsAtAFoulWithTheRulesReason() {
        RecordedGame game = usi("position startpos moves 7g7f 3c3d 2g2f 3d3e 2h2c 8b2b");
        ArbiterRuling ruling = ArbiterRuling.of(game.start(), game.moves());
        assertThat(ruling.played()).extracting(Move::usi).containsExactly("7g7f", "3c3d", "2g2f", "3d3e");
        assertThat(ruling.foul()).isEqualTo(Move.parseUsi("2h2c"));
        assertThat(ruling.reason()).isEqualTo(IllegalReason.INVALID_MOVEMENT);
        assertThat(ruling.result().ply()).isEqualTo(5);
        assertThat(ruling.handled()).hasSize(5).last().isEqualTo(Move.parseUsi("2h2c"));
        assertThat(ruling.stopsEarly()).isTrue();
        assertThat(ruling.describe()).isEqualTo("ply 5 (2h2c) is illegal: INVALID_MOVEMENT");
    }

    @Test
    void theArbiterStopsWhenTheGameIsOverAndPlaysNoMoveAfter() {
        RecordedGame game = usi("position sfen " + MATE_IN_ONE + " moves G*5b 5a4b 5i4h");
        ArbiterRuling ruling = ArbiterRuling.of(game.start(), game.moves());
        assertThat(ruling.played()).containsExactly(Move.parseUsi("G*5b"));
        assertThat(ruling.foul()).isNull();
        assertThat(ruling.result().status()).isEqualTo(GameStatus.CHECKMATE);
        assertThat(ruling.handled()).containsExactly(Move.parseUsi("G*5b"));
        assertThat(ruling.describe()).isEqualTo("the game ends at ply 1: CHECKMATE");
    }

    @Test
    void aRecordWithoutAStopIsPlayedWhole() {
        RecordedGame game = usi("position startpos moves 7g7f 3c3d");
        ArbiterRuling ruling = ArbiterRuling.of(game.start(), game.moves());
        assertThat(ruling.stopsEarly()).isFalse();
        assertThat(ruling.handled()).isEqualTo(game.moves());
        assertThat(ruling.describe()).isEqualTo("all 2 moves played");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"OCCUPANCY, STABLE", "OCCUPANCY, CLOCK", "POLARITY, STABLE", "POLARITY, CLOCK"})
    void aBoardMoveFoulIsReportedAsTheIllegalMoveItIs(SensorKind kind, CommitPolicy policy) {
        // 2h2c jumps over sente's own pawn on 2f and takes gote's pawn: a capture hands can make
        RecordedGame game = usi("position startpos moves 7g7f 3c3d 2g2f 3d3e 2h2c 8b2b");
        GameReplayer.Outcome outcome = replayer(kind, policy).replay(game, 7);
        assertThat(outcome.line()).isEqualTo("test ok 4");
        assertThat(outcome.result().illegalMoves()).map(EventLines::line)
                .containsExactly("illegal 2h2c INVALID_MOVEMENT");
    }

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void aDropFoulIsReportedWithTheRulesReason(SensorKind kind) {
        RecordedGame game = usi("position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e");
        GameReplayer.Outcome outcome = replayer(kind, CommitPolicy.STABLE).replay(game, 3);
        assertThat(outcome.line()).isEqualTo("test ok 0");
        assertThat(outcome.result().illegalMoves()).map(EventLines::line).containsExactly("illegal P*5e TWO_PAWNS");
    }

    @Test
    void movesAfterCheckmateAreNotReplayed() {
        GameReplayer.Outcome outcome = replayer(SensorKind.POLARITY, CommitPolicy.STABLE)
                .replay(usi("position sfen " + MATE_IN_ONE + " moves G*5b 5a4b 5i4h"), 5);
        assertThat(outcome.line()).isEqualTo("test ok 1");
        assertThat(outcome.result().moves()).containsExactly(Move.parseUsi("G*5b"));
        assertThat(outcome.result().illegalMoves()).isEmpty();
    }

    @Test
    void aPromotionOutsideTheZoneIsSeenOnlyByAPolarityBoard() {
        RecordedGame game = usi("position sfen 4k4/9/9/9/9/9/P8/9/4K4 b - 1 moves 9g9f+");
        assertThat(replayer(SensorKind.POLARITY, CommitPolicy.STABLE).replay(game, 1).line())
                .isEqualTo("test ok 0");
        GameReplayer.Outcome blind = replayer(SensorKind.OCCUPANCY, CommitPolicy.STABLE).replay(game, 1);
        assertThat(blind.ok()).isFalse();
        assertThat(blind.line()).isEqualTo("test MISMATCH at ply 1: the arbiter rules 9g9f+ illegal"
                + " (INVALID_PROMOTION), board recorded 9g9f");
    }

    @Test
    void aFoulHandsCannotMakeIsAMismatch() {
        GameReplayer.Outcome outcome = replayer(SensorKind.OCCUPANCY, CommitPolicy.STABLE)
                .replay(usi("position startpos moves 7g7f P*5e"), 1);
        assertThat(outcome.result()).isNull();
        assertThat(outcome.line()).isEqualTo("test MISMATCH at ply 2: the record's move P*5e is illegal"
                + " (NOT_IN_HAND) and cannot be made by hand: gote has no pawn on the komadai");
    }

    @Test
    void theGeneratorHandlesOnlyALastFoulThatHandsCanMake() {
        HandlingGenerator generator = new HandlingGenerator(InferenceConfig.defaults(SensorKind.OCCUPANCY),
                ReplaySettings.standard(), 1);
        List<Move> foulFirst = List.of(Move.parseUsi("2h2c"), Move.parseUsi("3c3d"));
        assertThatThrownBy(() -> generator.generate(Position.startpos(), foulFirst, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only the last move");
        List<Move> ontoOwnPiece = List.of(Move.parseUsi("2h2g"));
        assertThatThrownBy(() -> generator.generate(Position.startpos(), ontoOwnPiece, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a piece of the same side is on 2g");
        assertThat(HandlingGenerator.whyNotByHand(Position.startpos(), Move.parseUsi("5i4h+")))
                .contains("the king has no promoted side");
        assertThat(HandlingGenerator.whyNotByHand(Position.startpos(), Move.parseUsi("5e5d")))
                .contains("no piece on 5e");
        assertThat(HandlingGenerator.whyNotByHand(Position.startpos(), Move.parseUsi("3c3d"))).isEmpty();
    }

    @Test
    void theComparisonWantsTheFoulAndOnlyItReportedIllegal() {
        RecordedGame game = usi("position startpos moves 7g7f 3c3d 2g2f 3d3e 2h2c");
        ArbiterRuling ruling = ArbiterRuling.of(game.start(), game.moves());
        List<Move> played = ruling.played();
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), played,
                List.of(illegal("2h2c", IllegalReason.INVALID_MOVEMENT))))).isNull();
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), played, List.of())))
                .isEqualTo("at ply 5: the arbiter rules 2h2c illegal (INVALID_MOVEMENT), board reported no illegal"
                        + " move");
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), played,
                List.of(illegal("2h2c", IllegalReason.LEAVES_KING_IN_CHECK)))))
                .endsWith("board reported [illegal 2h2c LEAVES_KING_IN_CHECK]");
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), played,
                List.of(illegal("2g2f", IllegalReason.INVALID_MOVEMENT),
                        illegal("2h2c", IllegalReason.INVALID_MOVEMENT)))))
                .endsWith("board reported [illegal 2g2f INVALID_MOVEMENT, illegal 2h2c INVALID_MOVEMENT]");
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), game.moves(), List.of())))
                .isEqualTo("at ply 5: the arbiter rules 2h2c illegal (INVALID_MOVEMENT), board recorded 2h2c");
        assertThat(GameReplayer.compare(ruling, new RunResult(game.start(), played.subList(0, 3), List.of())))
                .isEqualTo("at ply 4: record 3d3e, board recorded nothing");
    }

    @Test
    void theComparisonWantsNoIllegalMoveInALegalGameAndNoMoveAfterTheEnd() {
        RecordedGame legal = usi("position startpos moves 7g7f 3c3d");
        ArbiterRuling whole = ArbiterRuling.of(legal.start(), legal.moves());
        assertThat(GameReplayer.compare(whole, new RunResult(legal.start(), legal.moves(),
                List.of(illegal("2g2f", IllegalReason.INVALID_MOVEMENT)))))
                .isEqualTo("the board reported illegal moves in a legal game: [illegal 2g2f INVALID_MOVEMENT]");
        RecordedGame mate = usi("position sfen " + MATE_IN_ONE + " moves G*5b 5a4b");
        ArbiterRuling mated = ArbiterRuling.of(mate.start(), mate.moves());
        assertThat(GameReplayer.compare(mated, new RunResult(mate.start(), List.of(Move.parseUsi("G*5b"),
                Move.parseUsi("5a4b")), List.of())))
                .isEqualTo("at ply 2: the game is over (CHECKMATE), board recorded 5a4b");
    }

    /** An illegal-move event as the inference reports it. */
    private static InferenceEvent.MoveCompleted illegal(String usi, IllegalReason reason) {
        return new InferenceEvent.MoveCompleted(0, Move.parseUsi(usi), Verdict.illegal(reason));
    }

    @ParameterizedTest
    @EnumSource(SensorKind.class)
    void theReplayCommandPrintsOkWithThePliesTheBoardRecordedForRecordsTheArbiterStops(SensorKind kind) {
        Path dir = Cli.shared().resolve(MOG);
        Cli result = Cli.run("replay", "--sensors", kind.name().toLowerCase(Locale.ROOT),
                dir.resolve("014.kif").toString(), dir.resolve("015.kif").toString(),
                dir.resolve("017.kif").toString());
        assertThat(result.err()).isEmpty();
        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).containsExactly(dir.resolve("014.kif") + " ok 156", dir.resolve("015.kif") + " ok 82",
                dir.resolve("017.kif") + " ok 26");
    }

    @Test
    void theRecordedFoulsAreReportedWithTheArbitersReason() throws IOException {
        Path dir = Cli.shared().resolve(MOG);
        GameReplayer replayer = replayer(SensorKind.OCCUPANCY, CommitPolicy.CLOCK);
        GameReplayer.Outcome mateThenMore = replayer.replay(RecordReader.read(dir.resolve("014.kif")).get(0), 4);
        assertThat(mateThenMore.ruling().result().status()).isEqualTo(GameStatus.CHECKMATE);
        assertThat(mateThenMore.result().illegalMoves()).isEmpty();
        GameReplayer.Outcome kingLeftInCheck = replayer.replay(RecordReader.read(dir.resolve("015.kif")).get(0), 4);
        assertThat(kingLeftInCheck.result().illegalMoves()).map(EventLines::line)
                .containsExactly("illegal 2h1g LEAVES_KING_IN_CHECK");
        GameReplayer.Outcome knight = replayer.replay(RecordReader.read(dir.resolve("017.kif")).get(0), 4);
        assertThat(knight.result().illegalMoves()).map(EventLines::line)
                .containsExactly("illegal 3g4e LEAVES_KING_IN_CHECK");
    }

    @Test
    void aRecordTheBoardCannotAgreeWithExits1(@TempDir Path dir) throws IOException {
        Path record = dir.resolve("mixed.usi");
        Files.writeString(record, "position startpos moves 7g7f 3c3d 2g2f 3d3e 2h2c\n"
                + "position sfen 4k4/9/9/9/9/9/P8/9/4K4 b - 1 moves 9g9f+\n");
        Cli result = Cli.run("replay", "--sensors", "occupancy", record.toString());
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).containsExactly(record + ":1 ok 4", record + ":2 MISMATCH at ply 1: the arbiter"
                + " rules 9g9f+ illegal (INVALID_PROMOTION), board recorded 9g9f");
    }
}
