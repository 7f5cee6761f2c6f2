package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.StatusLed;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordJudge;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.SessionInput;

/**
 * Whole games through the runtime and the session, from the memory sensors to the saved record: resignation,
 * declaration, the arbiter's actions, and the snapshot.
 */
class SessionGamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String VALID_DECLARATION = "RRBBK4/PPPPPP3/9/9/9/9/9/9/8k b 2P4g4s4n4l10p 1";
    private static final String SHORT_DECLARATION = "RRBBK4/PPPPP4/9/9/9/9/9/9/8k b 3P4g4s4n4l10p 1";

    @TempDir
    Path dir;

    private Rig rig(CommitPolicy commit, Position start) {
        return new Rig(SensorKind.OCCUPANCY, commit, start, new RecordDirectory(dir)).layOut(start).run(600);
    }

    private GameRecord saved(Rig rig) throws Exception {
        return GameRecords.read(Files.readAllBytes(dir.resolve(rig.app.recordName())));
    }

    private static List<Move> usi(String... moves) {
        return Stream.of(moves).map(Move::parseUsi).toList();
    }

    private static JsonNode state(Rig rig) throws Exception {
        return JSON.readTree(rig.app.snapshot().toJson());
    }

    @Test
    void senteResignsOnTheirButtonAndTheRecordEndsWithTheResignation() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
        rig.move("7g", "7f").move("3c", "3d");
        rig.press(Button.RESIGN_SENTE);

        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.RESIGNATION);
        assertThat(rig.app.session().result().winner()).isEqualTo(Side.GOTE);
        GameRecord record = saved(rig);
        assertThat(record.moves()).isEqualTo(usi("7g7f", "3c3d"));
        assertThat(record.end().kind()).isEqualTo(EndKind.RESIGNATION);
        assertThat(record.end().side()).isEqualTo(Side.SENTE);
        assertThat(rig.hardware.leds.current().status(StatusLed.GOTE_TO_MOVE)).isEqualTo(LedPlanner.WINNER);
    }

    @Test
    void goteResignsInATournamentGameEvenWhenSenteIsToMove() throws Exception {
        Rig rig = rig(CommitPolicy.CLOCK, Position.startpos());
        rig.lift("7g").place("7f").press(Button.CLOCK_SENTE).run(300);
        rig.lift("3c").place("3d").press(Button.CLOCK_GOTE).run(300);
        rig.press(Button.RESIGN_GOTE);

        GameRecord record = saved(rig);
        // KIF's 投了 is the side to move's: gote's resignation is written on gote's turn, its last move a comment
        assertThat(record.moves()).isEqualTo(usi("7g7f"));
        assertThat(record.recordedMoves().get(0).comments()).contains("終局前の着手：△３四歩");
        assertThat(record.end()).isEqualTo(RecordEnd.of(EndKind.RESIGNATION, Side.GOTE));
        assertThat(RecordJudge.rule(record, ImpasseRule.POINTS_27).winner()).isEqualTo(Side.SENTE);
        assertThat(rig.app.session().result().winner()).isEqualTo(Side.SENTE);
        JsonNode state = state(rig);
        assertThat(state.get("phase").asText()).isEqualTo("OVER");
        assertThat(state.get("result").get("status").asText()).isEqualTo("RESIGNATION");
        assertThat(state.get("result").get("winner").asText()).isEqualTo("sente");
    }

    @Test
    void senteResignsRightAfterTheirMoveAndEveryFormatNamesGoteTheWinner() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
        rig.move("7g", "7f");
        rig.press(Button.RESIGN_SENTE);

        assertThat(rig.app.session().result().winner()).isEqualTo(Side.GOTE);
        GameRecord record = saved(rig);
        assertThat(record.end()).isEqualTo(RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
        assertThat(RecordJudge.rule(record, ImpasseRule.POINTS_27).winner()).isEqualTo(Side.GOTE);
        GameRecord inMemory = rig.app.session().record();
        for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.KI2, RecordFormat.CSA, RecordFormat.JKF)) {
            GameRecord read = GameRecords.read(GameRecords.encode(inMemory, format));
            assertThat(RecordJudge.rule(read, ImpasseRule.POINTS_27).winner()).as("%s", format)
                    .isEqualTo(Side.GOTE);
        }
    }

    @Test
    void aValidDeclarationUnderThe27PointRuleWins() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.fromSfen(VALID_DECLARATION));
        rig.press(Button.DECLARE);

        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.IMPASSE_DECLARATION);
        assertThat(rig.app.session().result().winner()).isEqualTo(Side.SENTE);
        assertThat(saved(rig).end().kind()).isEqualTo(EndKind.IMPASSE_DECLARATION);
    }

    @Test
    void aDeclarationOnePointShortLosesForTheDeclarer() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.fromSfen(SHORT_DECLARATION));
        rig.press(Button.DECLARE);

        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(rig.app.session().result().reason()).isEqualTo(IllegalReason.INVALID_DECLARATION);
        assertThat(rig.app.session().result().winner()).isEqualTo(Side.GOTE);
        GameRecord record = saved(rig);
        assertThat(record.end().kind()).isEqualTo(EndKind.ILLEGAL_MOVE);
        assertThat(record.end().side()).isEqualTo(Side.SENTE);
    }

    @Test
    void theArbiterOverrulesAFoulThePiecesArePutBackAndTheGameGoesOn() throws Exception {
        Rig rig = rig(CommitPolicy.CLOCK, Position.startpos());
        rig.lift("7g").place("7f").press(Button.CLOCK_SENTE).run(300);
        rig.lift("3c").place("3d").press(Button.CLOCK_GOTE).run(300);
        // the pawn slid two squares: the board rules a foul and calls the arbiter
        rig.lift("2g").place("2e").run(600).press(Button.CLOCK_SENTE).run(300);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(rig.events(BoardEvent.ArbiterCalled.class)).hasSize(1);
        assertThat(rig.hardware.leds.current().status(StatusLed.ATTENTION)).isEqualTo(LedPlanner.ATTENTION);
        assertThat(state(rig).get("waitingFor").findValuesAsText("kind")).contains("arbiter");

        rig.app.submit(new SessionInput.Overrule(rig.clock.millis()));
        rig.run(100);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(rig.app.session().result().status()).isEqualTo(GameStatus.ONGOING);
        assertThat(rig.app.view().illegalMove()).isEqualTo(Move.parseUsi("2g2e"));
        assertThat(state(rig).get("waitingFor").findValuesAsText("kind")).contains("put-back");

        rig.lift("2e").place("2g").run(600);
        assertThat(rig.events(BoardEvent.BackInSync.class)).isNotEmpty();
        assertThat(rig.app.view().illegalMove()).isNull();
        rig.lift("2g").place("2f").press(Button.CLOCK_SENTE).run(300);

        GameRecord record = saved(rig);
        assertThat(record.moves()).isEqualTo(usi("7g7f", "3c3d", "2g2f"));
        assertThat(record.end().kind()).isEqualTo(EndKind.NONE);
        assertThat(record.recordedMoves().get(1).comments()).singleElement().asString()
                .matches("arbiter \\d\\d:\\d\\d:\\d\\d: overrule");
    }

    @Test
    void theArbiterUndoesTheLastMoveAndThePiecesAreGuidedBack() throws Exception {
        Rig rig = rig(CommitPolicy.CLOCK, Position.startpos());
        rig.lift("7g").place("7f").press(Button.CLOCK_SENTE).run(300);
        rig.lift("3c").place("3d").press(Button.CLOCK_GOTE).run(300);

        rig.app.submit(new SessionInput.Undo(rig.clock.millis()));
        rig.run(100);
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f"));
        assertThat(rig.events(BoardEvent.CheckPieces.class)).hasSize(1);
        assertThat(state(rig).get("waitingFor").get(0).get("squares").toString()).contains("3c", "3d");

        rig.lift("3d").place("3c").run(600);
        assertThat(state(rig).get("waitingFor")).isEmpty();
        rig.lift("8c").place("8d").press(Button.CLOCK_GOTE).run(300);
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "8c8d"));
        assertThat(saved(rig).recordedMoves().get(0).comments()).singleElement().asString().endsWith(": undo");
    }

    @Test
    void whilePausedNothingCountsAndAfterResumeTheGameGoesOn() {
        Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
        rig.app.submit(new SessionInput.Pause(rig.clock.millis()));
        rig.run(100);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PAUSED);
        rig.move("7g", "7f");
        assertThat(rig.app.game().orElseThrow().plies()).isZero();

        rig.app.submit(new SessionInput.Resume(rig.clock.millis()));
        rig.run(700);
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f"));
    }

    @Test
    void theArbiterSetsAResultWithAReasonAndAbortIsRefusedAfterIt() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
        rig.move("7g", "7f");
        rig.app.submit(new SessionInput.SetResult(rig.clock.millis(), GameStatus.TIME_UP, Side.SENTE, "flag fell"));
        rig.app.submit(new SessionInput.Abort(rig.clock.millis()));
        rig.run(100);

        JsonNode result = state(rig).get("result");
        assertThat(result.get("status").asText()).isEqualTo("TIME_UP");
        assertThat(result.get("winner").asText()).isEqualTo("sente");
        assertThat(result.get("reason").asText()).isEqualTo("arbiter: flag fell");
        assertThat(rig.events(BoardEvent.Refused.class)).singleElement()
                .satisfies(r -> assertThat(r.describe()).contains("abort"));
        assertThat(saved(rig).end().kind()).isEqualTo(EndKind.TIME_UP);
        assertThat(saved(rig).end().side()).isEqualTo(Side.GOTE);
    }

    @Test
    void anArbitersResultOnTheOtherSidesTurnIsSavedForTheWinnerTheArbiterNamed() throws Exception {
        for (GameStatus status : List.of(GameStatus.TIME_UP, GameStatus.RESIGNATION, GameStatus.CHECKMATE)) {
            Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
            rig.move("7g", "7f");
            // gote is to move; the arbiter rules against sente (its flag fell before the press, say)
            rig.app.submit(new SessionInput.SetResult(rig.clock.millis(), status, Side.GOTE, "ruled"));
            rig.run(100);

            GameRecord record = saved(rig);
            assertThat(record.end().side()).as("%s", status).isEqualTo(Side.SENTE);
            for (RecordFormat format : List.of(RecordFormat.KIF, RecordFormat.CSA, RecordFormat.JKF)) {
                GameRecord read = GameRecords.read(GameRecords.encode(rig.app.session().record(), format));
                assertThat(read.end().side()).as("%s in %s", status, format).isEqualTo(Side.SENTE);
                if (status != GameStatus.CHECKMATE) {
                    // a checkmate the position does not bear out is for the arbiter, not for judge, to rule
                    assertThat(RecordJudge.rule(read, ImpasseRule.POINTS_27).winner()).as("%s in %s", status, format)
                            .isEqualTo(Side.GOTE);
                }
            }
        }
    }

    @Test
    void theSnapshotHasTheContractKeys() throws Exception {
        Rig rig = rig(CommitPolicy.STABLE, Position.startpos());
        rig.move("7g", "7f");
        JsonNode state = state(rig);

        assertThat(state.get("phase").asText()).isEqualTo("PLAYING");
        assertThat(state.get("ply").asInt()).isEqualTo(1);
        assertThat(state.get("sfen").asText()).isEqualTo(Position.startpos().play(Move.parseUsi("7g7f")).toSfen());
        assertThat(state.get("moves").toString()).isEqualTo("[\"7g7f\"]");
        assertThat(state.get("toMove").asText()).isEqualTo("gote");
        // no time control: the clock says so, with no figures a host could read as a fallen flag
        assertThat(state.get("timeControl").isNull()).isTrue();
        assertThat(state.get("clock").toString()).isEqualTo("{\"running\":\"none\",\"sente\":null,\"gote\":null}");
        assertThat(state.get("result").isNull()).isTrue();
        assertThat(state.get("waitingFor").isArray()).isTrue();
        assertThat(rig.app.snapshot().toJson()).doesNotContain("\n");
    }
}
