package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.BoardPhase;
import org.shogiban.session.IllegalMovePolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.Button;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.StatusLed;
import org.shogiban.hal.memory.RecordingBuzzer.Sound;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.Handicap;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/** The board application end to end on memory sensors: setup, moves, the arbiter, LEDs, sounds and records. */
class BoardApplicationTest {

    private static List<Move> usi(String... moves) {
        return Stream.of(moves).map(Move::parseUsi).toList();
    }

    private static int squareIndex(String square) {
        return Square.parse(square).index();
    }

    /** The squares lit in a colour, as USI names. */
    private static List<String> squaresLit(LedFrame frame, Colour colour) {
        List<String> lit = new ArrayList<>();
        for (int i = 0; i < LedFrame.SQUARES; i++) {
            if (frame.square(i).equals(colour)) {
                lit.add(Square.ofIndex(i).usi());
            }
        }
        return lit;
    }

    @Test
    void theGameStartsOnlyOnceTheBoardShowsTheStartPositionAndTheWrongSquaresAreLit() {
        Position start = Position.startpos();
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, start, RecordSink.NONE);
        rig.layOut(start);
        rig.hardware.squares.set(squareIndex("5a"), org.shogiban.hal.SquareReading.EMPTY);
        rig.hardware.komadai.set(Player.GOTE, KomadaiSlot.PAWN, 1);
        rig.run(1000);

        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.SETTING_UP);
        LedFrame leds = rig.hardware.leds.current();
        assertThat(squaresLit(leds, LedPlanner.WRONG)).containsExactly("5a");
        assertThat(leds.komadai(Player.GOTE, KomadaiSlot.PAWN)).isEqualTo(LedPlanner.WRONG);
        assertThat(leds.status(StatusLed.ATTENTION)).isEqualTo(LedPlanner.ATTENTION);

        rig.place("5a").fromKomadai(Player.GOTE, KomadaiSlot.PAWN).run(500);

        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(rig.events(BoardEvent.GameStarted.class)).hasSize(1);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.WRONG)).isEmpty();
        assertThat(rig.hardware.leds.current().status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.TO_MOVE);
        assertThat(rig.hardware.buzzer.sounds()).containsExactly(Sound.BEEP);
    }

    @Test
    void aHandicapGameStartsFromTheHandicapPositionWithGoteToMove() {
        Position start = Handicap.BISHOP.start();
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, start, RecordSink.NONE)
                .layOut(Position.startpos()).run(600);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.SETTING_UP);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.WRONG)).containsExactly("2b");

        rig.lift("2b").run(600).move("3c", "3d");

        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("3c3d"));
        assertThat(rig.app.view().position().sideToMove()).isEqualTo(Side.SENTE);
    }

    @Test
    void aShortGameWithACapturePromotionAndRecapturePlaysIntoTheGame() {
        Rig rig = Rig.casual(Position.startpos());
        rig.move("7g", "7f").move("3c", "3d");
        // 8h2b+: the captured bishop first, then the sente bishop onto its square, promote, bishop to the komadai
        rig.lift("2b").lift("8h").place("2b").press(Button.PROMOTE).toKomadai(Player.SENTE, KomadaiSlot.BISHOP)
                .run(600);
        // 3a2b: the silver takes the horse
        rig.lift("2b").lift("3a").place("2b").toKomadai(Player.GOTE, KomadaiSlot.BISHOP).run(600);

        var game = rig.app.game().orElseThrow();
        assertThat(game.moves()).isEqualTo(usi("7g7f", "3c3d", "8h2b+", "3a2b"));
        assertThat(game.result().status()).isEqualTo(GameStatus.ONGOING);
        assertThat(game.current().hand(Side.SENTE).count(org.shogiban.rules.PieceType.BISHOP)).isEqualTo(1);
        assertThat(rig.events(BoardEvent.MovePlayed.class)).extracting(BoardEvent.MovePlayed::ply)
                .containsExactly(1, 2, 3, 4);
        assertThat(rig.hardware.buzzer.sounds()).containsExactly(Sound.BEEP, Sound.BEEP, Sound.BEEP, Sound.BEEP,
                Sound.BEEP);
        LedFrame leds = rig.hardware.leds.current();
        assertThat(squaresLit(leds, LedPlanner.LAST_MOVE)).containsExactlyInAnyOrder("3a", "2b");
        assertThat(leds.status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.TO_MOVE);
        assertThat(leds.status(StatusLed.GOTE_TO_MOVE)).isEqualTo(Colour.OFF);
    }

    @Test
    void aMatingDropEndsTheGameAsCheckmateForTheDropper() {
        Position start = Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
        Rig rig = Rig.casual(start);
        rig.fromKomadai(Player.SENTE, KomadaiSlot.GOLD).place("5b").run(600);

        var game = rig.app.game().orElseThrow();
        assertThat(game.moves()).isEqualTo(usi("G*5b"));
        assertThat(game.result().status()).isEqualTo(GameStatus.CHECKMATE);
        assertThat(game.result().winner()).isEqualTo(Side.SENTE);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(rig.events(BoardEvent.GameOver.class)).singleElement()
                .satisfies(e -> assertThat(e.result().status()).isEqualTo(GameStatus.CHECKMATE));
        assertThat(rig.hardware.leds.current().status(StatusLed.SENTE_TO_MOVE)).isEqualTo(LedPlanner.WINNER);
        assertThat(rig.hardware.leds.current().status(StatusLed.GOTE_TO_MOVE)).isEqualTo(Colour.OFF);
    }

    @Test
    void inATournamentAnIllegalMoveLosesAndItsSquaresAreRed() {
        Position start = Position.startpos();
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.CLOCK, start, RecordSink.NONE).layOut(start).run(600);
        rig.lift("7g").place("7f").press(Button.CLOCK_SENTE).run(300);
        rig.lift("3c").place("3d").press(Button.CLOCK_GOTE).run(300);
        // a pawn two squares forward, then the clock
        rig.lift("2g").place("2e").run(600).press(Button.CLOCK_SENTE).run(300);

        var game = rig.app.game().orElseThrow();
        assertThat(game.moves()).isEqualTo(usi("7g7f", "3c3d"));
        assertThat(game.result().status()).isEqualTo(GameStatus.ILLEGAL_MOVE);
        assertThat(game.result().winner()).isEqualTo(Side.GOTE);
        assertThat(game.result().reason()).isEqualTo(IllegalReason.INVALID_MOVEMENT);
        assertThat(game.result().ply()).isEqualTo(3);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);
        assertThat(rig.events(BoardEvent.IllegalMove.class)).singleElement()
                .satisfies(e -> assertThat(e.policy()).isEqualTo(IllegalMovePolicy.LOSS));
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.ILLEGAL)).containsExactlyInAnyOrder("2g", "2e");
        assertThat(rig.hardware.buzzer.sounds()).endsWith(Sound.LONG_TONE);
    }

    @Test
    void inCasualPlayAnIllegalMoveIsSignalledThenPutBackAndTheGameGoesOn() {
        Rig rig = Rig.casual(Position.startpos());
        rig.move("2g", "2e");

        assertThat(rig.events(BoardEvent.IllegalMove.class)).singleElement()
                .satisfies(e -> assertThat(e.policy()).isEqualTo(IllegalMovePolicy.PUT_BACK));
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.ILLEGAL)).containsExactlyInAnyOrder("2g", "2e");
        assertThat(rig.hardware.leds.current().status(StatusLed.ATTENTION)).isEqualTo(LedPlanner.ATTENTION);
        assertThat(rig.hardware.buzzer.sounds()).endsWith(Sound.LONG_TONE);

        rig.move("2e", "2g");
        assertThat(rig.events(BoardEvent.BackInSync.class)).hasSize(1);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.ILLEGAL)).isEmpty();

        rig.move("2g", "2f");
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("2g2f"));
        assertThat(rig.app.game().orElseThrow().result().status()).isEqualTo(GameStatus.ONGOING);
    }

    @Test
    void aDiscrepancyLightsExactlyTheWrongSquareAndSlot() {
        Rig rig = Rig.casual(Position.startpos());
        rig.move("7g", "7f");
        // a pawn knocked off 1c and an extra piece on sente's komadai; the board is left alone
        rig.lift("1c").toKomadai(Player.SENTE, KomadaiSlot.PAWN).run(1500);

        assertThat(rig.events(BoardEvent.DiscrepancySeen.class)).hasSize(1);
        LedFrame leds = rig.hardware.leds.current();
        assertThat(squaresLit(leds, LedPlanner.WRONG)).containsExactly("1c");
        assertThat(leds.komadai(Player.SENTE, KomadaiSlot.PAWN)).isEqualTo(LedPlanner.WRONG);
        for (Player p : Player.values()) {
            for (KomadaiSlot s : KomadaiSlot.values()) {
                if (p != Player.SENTE || s != KomadaiSlot.PAWN) {
                    assertThat(leds.komadai(p, s)).as("%s %s", p, s).isEqualTo(Colour.OFF);
                }
            }
        }
        assertThat(squaresLit(leds, LedPlanner.LAST_MOVE)).containsExactlyInAnyOrder("7g", "7f");
        assertThat(rig.hardware.buzzer.sounds()).endsWith(Sound.LONG_TONE);

        rig.place("1c").fromKomadai(Player.SENTE, KomadaiSlot.PAWN).run(600);
        assertThat(rig.events(BoardEvent.BackInSync.class)).hasSize(1);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.WRONG)).isEmpty();
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f"));
    }

    @Test
    void aTakebackUndoesTheGamesMove() {
        Rig rig = Rig.casual(Position.startpos());
        rig.move("7g", "7f").move("3c", "3d");
        rig.move("3d", "3c");

        assertThat(rig.events(BoardEvent.MovesTakenBack.class)).singleElement()
                .satisfies(e -> assertThat(e.undone()).isEqualTo(usi("3c3d")));
        var game = rig.app.game().orElseThrow();
        assertThat(game.moves()).isEqualTo(usi("7g7f"));
        assertThat(game.current().sideToMove()).isEqualTo(Side.GOTE);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.LAST_MOVE)).containsExactlyInAnyOrder("7g",
                "7f");

        rig.move("8c", "8d");
        assertThat(rig.app.game().orElseThrow().moves()).isEqualTo(usi("7g7f", "8c8d"));
    }

    @Test
    void theRecordIsSavedAfterEachMoveAndReadsBackWithItsEnding(@TempDir Path dir) throws Exception {
        Position start = Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b 2G 1");
        RecordDirectory records = new RecordDirectory(dir.resolve("records"));
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, start, records).layOut(start).run(600);
        rig.move("5i", "4h");
        Path file = dir.resolve("records").resolve(rig.app.recordName());
        assertThat(rig.app.recordName()).isEqualTo("2025-03-01T05-05-09.kifu");
        GameRecord afterOne = GameRecords.read(Files.readAllBytes(file));
        assertThat(afterOne.moves()).isEqualTo(usi("5i4h"));
        assertThat(afterOne.end().kind()).isEqualTo(EndKind.NONE);

        rig.move("5a", "4a").fromKomadai(Player.SENTE, KomadaiSlot.GOLD).place("4b").run(600);

        GameRecord saved = GameRecords.read(Files.readAllBytes(file));
        assertThat(saved.moves()).isEqualTo(rig.app.game().orElseThrow().moves()).isEqualTo(usi("5i4h", "5a4a",
                "G*4b"));
        assertThat(saved.start()).isEqualTo(start);
        assertThat(saved.end().kind()).isEqualTo(EndKind.CHECKMATE);
        assertThat(saved.end().side()).isEqualTo(Side.GOTE);
        assertThat(saved.header().startTime()).contains("2025/03/01 05:05:09");
        assertThat(saved.recordedMoves().get(0).timeUsed()).isNotNull();
        try (Stream<Path> files = Files.list(dir.resolve("records"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("2025-03-01T05-05-09.kifu");
        }
    }

    @Test
    void afterTheGameMenuStartsSettingUpTheNextOne() {
        Position start = Position.fromSfen("4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
        Rig rig = Rig.casual(start);
        rig.fromKomadai(Player.SENTE, KomadaiSlot.GOLD).place("5b").run(600);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.OVER);

        rig.press(Button.MENU);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.SETTING_UP);
        assertThat(squaresLit(rig.hardware.leds.current(), LedPlanner.WRONG)).containsExactly("5b");

        rig.lift("5b").toKomadai(Player.SENTE, KomadaiSlot.GOLD).run(600);
        assertThat(rig.app.view().phase()).isEqualTo(BoardPhase.PLAYING);
        assertThat(rig.app.game().orElseThrow().plies()).isZero();
    }
}
