package org.shogiban.app;

import org.shogiban.port.PortLinkedBoard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.clock.BeepSchedule;
import org.shogiban.clock.TimeControl;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordJudge;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.rules.ImpasseRule;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardSnapshot;
import org.shogiban.session.GameRequest;
import org.shogiban.session.GameSession;
import org.shogiban.session.GameSettings;
import org.shogiban.session.RemotePlayer;
import org.shogiban.session.SessionInput;
import org.shogiban.session.SessionState;

/**
 * A move from elsewhere (an engine's, handed in as an input), made on the board: lit, counted when the board shows
 * it, the remote clock stopped at its arrival; another move made for it is put back; takeback of both moves.
 * No engine runs here: the inputs are what {@code engine.EnginePlayer} hands in.
 */
class RemoteMovesTest {
    @TempDir
    Path dir;

    private Rig rig() {
        GameSettings settings = GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY)
                .withCommitPolicy(CommitPolicy.STABLE)).withTime(TimeControl.parse("main=600,byoyomi=30"))
                .withBeeps(BeepSchedule.SILENT);
        Rig rig = new Rig(settings, new RecordDirectory(dir));
        rig.app.submit(new SessionInput.NewGame(0, GameRequest.BOARD_SETTINGS.withRemote(
                Optional.of(RemotePlayer.engine(Side.GOTE, 3)))));
        rig.run(20);
        return rig.layOut(Position.startpos()).run(600);
    }

    private static void answer(Rig rig, int ply, String usi) {
        rig.app.submit(new SessionInput.OpponentMove(rig.app.now(), Side.GOTE, ply, usi));
        rig.run(20);
    }

    private static BoardSnapshot.Waiting waiting(Rig rig, String kind) {
        return rig.app.snapshot().waitingFor().stream().filter(w -> w.kind().equals(kind)).findFirst().orElse(null);
    }

    private static Colour led(Rig rig, String square) {
        return rig.hardware.leds.current().square(Square.parse(square).index());
    }

    @Test
    void theEnginesMoveIsLitCountsWhenMadeAndItsClockStopsWhenItArrives() throws Exception {
        Rig rig = rig();
        rig.app.submit(new SessionInput.OpponentReady(rig.app.now(), Side.GOTE, "Fairy-Stockfish 11.1 LB 64"));
        rig.move("7g", "7f");
        assertThat(waiting(rig, "opponent-thinking").side()).isEqualTo("gote");
        assertThat(rig.app.snapshot().clock().running()).isEqualTo("gote");
        rig.run(3000);
        answer(rig, 1, "3c3d");

        BoardSnapshot.Waiting w = waiting(rig, "opponent-move");
        assertThat(w.side()).isEqualTo("gote");
        assertThat(w.usi()).isEqualTo("3c3d");
        assertThat(w.from()).isEqualTo("3c");
        assertThat(w.to()).isEqualTo("3d");
        assertThat(w.promote()).isFalse();
        assertThat(w.detail()).contains("☖３四歩");
        assertThat(led(rig, "3c")).isEqualTo(LedPlanner.OPPONENT_MOVE);
        assertThat(led(rig, "3d")).isEqualTo(LedPlanner.OPPONENT_MOVE);
        assertThat(rig.events(BoardEvent.OpponentMoved.class)).singleElement()
                .satisfies(e -> assertThat(e.describe()).contains("3c3d ☖３四歩"));
        long goteMain = rig.app.snapshot().clock().gote().mainMs();
        long senteMain = rig.app.snapshot().clock().sente().mainMs();
        // the player takes a while to make the engine's move: nobody's time runs meanwhile
        rig.run(5000);
        assertThat(rig.app.snapshot().clock().gote().mainMs()).isEqualTo(goteMain);
        assertThat(rig.app.snapshot().clock().sente().mainMs()).isEqualTo(senteMain);
        rig.move("3c", "3d");

        BoardSnapshot s = rig.app.snapshot();
        assertThat(s.moves()).containsExactly("7g7f", "3c3d");
        assertThat(waiting(rig, "opponent-move")).isNull();
        assertThat(led(rig, "3c")).isEqualTo(LedPlanner.LAST_MOVE);
        assertThat(s.clock().running()).isEqualTo("sente");
        rig.run(1000);
        assertThat(rig.app.snapshot().clock().sente().mainMs()).isLessThan(senteMain);
        // the engine's time is the time to its answer, not to the move made on the board
        GameRecord record = GameRecords.read(Files.readAllBytes(dir.resolve(rig.app.recordName())));
        assertThat(record.recordedMoves().get(1).timeUsed().toMillis()).isBetween(3000L, 3100L);
        assertThat(record.header().fields().get(RecordHeader.GOTE)).isEqualTo("Fairy-Stockfish 11.1 LB 64 (level 3)");
        assertThat(GameRecords.write(record, RecordFormat.CSA)).contains("N-Fairy-Stockfish 11.1 LB 64 (level 3)");
        assertThat(s.players().get("gote")).containsEntry("kind", "engine").containsEntry("level", 3)
                .containsEntry("name", "Fairy-Stockfish 11.1 LB 64");
        assertThat(s.players().get("sente")).containsEntry("kind", "human");
    }

    @Test
    void aResignationInReplyToTheLitMoveIsRecordedAfterThatMove() throws Exception {
        Rig rig = rig();
        rig.move("7g", "7f");
        rig.run(1000);
        answer(rig, 1, "3c3d");
        assertThat(waiting(rig, "opponent-move")).isNotNull();
        rig.app.submit(new SessionInput.Resign(rig.app.now(), Side.SENTE));
        rig.run(20);

        assertThat(rig.app.session().result().winner()).isEqualTo(Side.GOTE);
        GameRecord record = GameRecords.read(Files.readAllBytes(dir.resolve(rig.app.recordName())));
        assertThat(record.moves()).extracting(Move::usi).containsExactly("7g7f", "3c3d");
        assertThat(record.end()).isEqualTo(RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
        assertThat(GameRecords.write(record, RecordFormat.KIFU)).contains("   3 投了").contains("まで2手で後手の勝ち")
                .doesNotContain("終局前");
        assertThat(RecordJudge.rule(record, ImpasseRule.POINTS_27).winner()).isEqualTo(Side.GOTE);
    }

    @Test
    void aDifferentMoveMadeForTheEngineDoesNotCountAndIsPutBack() {
        Rig rig = rig();
        rig.move("7g", "7f");
        answer(rig, 1, "3c3d");
        rig.move("8c", "8d");

        assertThat(rig.app.snapshot().moves()).containsExactly("7g7f");
        assertThat(rig.app.view().wrongSquares()).extracting(m -> m.square().usi()).contains("8c", "8d");
        assertThat(led(rig, "8d")).isEqualTo(LedPlanner.WRONG);
        assertThat(waiting(rig, "opponent-move").usi()).isEqualTo("3c3d");
        rig.move("8d", "8c").run(600);
        assertThat(rig.app.view().wrongSquares()).isEmpty();
        rig.move("3c", "3d");
        assertThat(rig.app.snapshot().moves()).containsExactly("7g7f", "3c3d");
    }

    @Test
    void aMoveMadeForTheEngineWhileItThinksIsPutBack() {
        Rig rig = rig();
        rig.move("7g", "7f").move("3c", "3d");
        assertThat(rig.app.snapshot().moves()).containsExactly("7g7f");
        assertThat(rig.app.view().wrongSquares()).isNotEmpty();
        assertThat(waiting(rig, "opponent-thinking")).isNotNull();
    }

    @Test
    void aStaleAnswerIsIgnoredAndAnIllegalOneLoses() {
        Rig rig = rig();
        answer(rig, 0, "3c3d");
        assertThat(waiting(rig, "opponent-move")).isNull();
        rig.move("7g", "7f");
        answer(rig, 1, "5a5a");
        BoardSnapshot s = rig.app.snapshot();
        assertThat(s.phase()).isEqualTo("OVER");
        assertThat(s.result().status()).isEqualTo("ILLEGAL_MOVE");
        assertThat(s.result().winner()).isEqualTo("sente");
    }

    @Test
    void aPromotionIsLitAsAPieceToTurnAndADropFromItsKomadaiSlot() {
        Rig rig = rig();
        rig.move("7g", "7f");
        answer(rig, 1, "3c3d");
        rig.move("3c", "3d");
        rig.move("2g", "2f");
        // bishop takes bishop, promoting: the board shows the piece to turn over
        answer(rig, 3, "2b8h+");
        BoardSnapshot.Waiting w = waiting(rig, "opponent-move");
        assertThat(w.promote()).isTrue();
        assertThat(led(rig, "8h")).isEqualTo(LedPlanner.PROMOTION);
        assertThat(led(rig, "2b")).isEqualTo(LedPlanner.OPPONENT_MOVE);
        rig.lift("8h").toKomadai(Player.GOTE, KomadaiSlot.BISHOP).lift("2b").place("8h")
                .press(org.shogiban.hal.Button.PROMOTE).run(600);
        assertThat(rig.app.snapshot().moves()).endsWith("2b8h+");
        rig.lift("8h").toKomadai(Player.SENTE, KomadaiSlot.BISHOP).lift("7i").place("8h").run(600);
        assertThat(rig.app.snapshot().moves()).endsWith("7i8h");
        answer(rig, 5, "B*5e");
        w = waiting(rig, "opponent-move");
        assertThat(w.from()).isEqualTo("gote:B");
        assertThat(rig.hardware.leds.current().komadai(Player.GOTE, KomadaiSlot.BISHOP))
                .isEqualTo(LedPlanner.OPPONENT_MOVE);
    }

    @Test
    void takebackInCasualPlayTakesTheHumansMoveAndTheEnginesReplyBackTogether() {
        Rig rig = rig();
        rig.move("7g", "7f");
        answer(rig, 1, "3c3d");
        rig.move("3c", "3d");
        assertThat(rig.app.snapshot().ply()).isEqualTo(2);
        // put both moves back: the engine's piece first, then the human's
        rig.move("3d", "3c").move("7f", "7g").run(600);
        BoardSnapshot s = rig.app.snapshot();
        assertThat(s.ply()).isZero();
        assertThat(s.toMove()).isEqualTo("sente");
        assertThat(waiting(rig, "opponent-thinking")).isNull();
    }

    @Test
    void theEngineSeatIsJournalledAndComesBackWithAResumedGame() {
        Rig rig = rig();
        rig.move("7g", "7f");
        SessionState state = SessionState.fromJson(rig.app.session().state(rig.app.now()).toJson());
        assertThat(state.asked().engine()).isEqualTo("gote");
        assertThat(state.asked().level()).isEqualTo(3);
        GameSession resumed = GameSession.resume(rig.app.settings(), Rig.WALL_CLOCK, state, 0);
        assertThat(resumed.remote().player()).isEqualTo(RemotePlayer.engine(Side.GOTE, 3));
    }

    @Test
    void theLinksNewAsksForTheEngineAndPushesItsMoveAsAnOpponentEvent() {
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos(), RecordSink.NONE);
        BoardEvents stream = Ports.events(rig.app);
        assertThat(new PortLinkedBoard(Ports.port(rig.app, stream, null)).newGame(
                org.shogiban.link.NewGameOptions.parse("engine=gote level=4")).text())
                .contains("no USI engine on this board");
        // a board with an engine part: its port says so
        PortLinkedBoard link = new PortLinkedBoard(Ports.port(rig.app, stream, null, "engine"));
        java.util.List<org.shogiban.link.LinkEvent> events = new java.util.ArrayList<>();
        link.subscribe(e -> events.add(e.event()));
        assertThat(link.newGame(org.shogiban.link.NewGameOptions.parse("engine=gote level=4")).text())
                .contains(", engine gote level 4;");
        rig.run(20);
        rig.layOut(Position.startpos()).run(600);
        assertThat(rig.app.snapshot().players().get("gote")).containsEntry("kind", "engine").containsEntry("level", 4);
        rig.move("7g", "7f");
        answer(rig, 1, "3c3d");
        assertThat(events).extracting(org.shogiban.link.LinkEvent::text).contains("OPPONENT 2 3c3d");
    }
}
