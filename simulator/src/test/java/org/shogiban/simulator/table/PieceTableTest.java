package org.shogiban.simulator.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.memory.MemoryKomadaiSensors;
import org.shogiban.hal.memory.MemorySquareSensors;
import org.shogiban.rules.Position;
import org.shogiban.rules.Square;
import org.shogiban.simulator.trace.Place;

/** The wooden pieces and what the sensors see of them: never more than the sensor kind can tell. */
class PieceTableTest {
    private final SquareReading[] read = new SquareReading[81];

    private PieceTable table(SensorKind kind, MemorySquareSensors squares, MemoryKomadaiSensors komadai) {
        PieceTable t = new PieceTable(kind, squares, komadai);
        t.layOut(Position.startpos());
        return t;
    }

    private SquareReading reading(MemorySquareSensors sensors, String square) {
        sensors.sample(read);
        return read[Square.parse(square).index()];
    }

    @Test
    void anOccupancyBoardSeesNeitherKindNorFace() {
        MemorySquareSensors squares = new MemorySquareSensors(SensorKind.OCCUPANCY);
        PieceTable t = table(SensorKind.OCCUPANCY, squares, new MemoryKomadaiSensors());

        t.lift(Place.parse("8h"));
        assertThat(reading(squares, "8h")).isEqualTo(SquareReading.EMPTY);
        t.flipHeld(0);
        t.put(Place.parse("5e"), null);

        assertThat(t.view().at(Square.parse("5e")).sfen()).isEqualTo("+B");
        assertThat(reading(squares, "5e")).isEqualTo(SquareReading.OCCUPIED);
    }

    @Test
    void aPolarityBoardSeesThePromotedFace() {
        MemorySquareSensors squares = new MemorySquareSensors(SensorKind.POLARITY);
        PieceTable t = table(SensorKind.POLARITY, squares, new MemoryKomadaiSensors());

        t.lift(Place.parse("8h"));
        t.flipHeld(0);
        t.put(Place.parse("5e"), null);

        assertThat(reading(squares, "5e")).isEqualTo(SquareReading.FACE_DOWN);
    }

    @Test
    void aCapturedPieceJoinsTheKomadaiItIsPutOnFaceUpAndIsCounted() {
        MemoryKomadaiSensors komadai = new MemoryKomadaiSensors();
        PieceTable t = table(SensorKind.OCCUPANCY, new MemorySquareSensors(SensorKind.OCCUPANCY), komadai);

        t.lift(Place.parse("2b"));
        t.lift(Place.parse("8h"));
        t.put(Place.parse("2b"), 0);
        t.put(Place.parse("sente:B"), null);

        assertThat(komadai.get(Player.SENTE, KomadaiSlot.BISHOP)).isEqualTo(1);
        assertThat(t.view().held()).isEmpty();
        assertThat(t.lift(Place.parse("sente:B")).sfen()).isEqualTo("B");
    }

    @Test
    void whatHandsCannotDoIsRefusedAndChangesNothing() {
        PieceTable t = table(SensorKind.OCCUPANCY, new MemorySquareSensors(SensorKind.OCCUPANCY),
                new MemoryKomadaiSensors());

        assertThatThrownBy(() -> t.lift(Place.parse("5e"))).hasMessage("there is no piece on 5e");
        assertThatThrownBy(() -> t.lift(Place.parse("gote:R"))).hasMessage("the komadai slot gote:R is empty");
        assertThatThrownBy(() -> t.put(Place.parse("5e"), null)).hasMessage("no piece is held: lift one first");
        t.lift(Place.parse("5i"));
        assertThatThrownBy(() -> t.put(Place.parse("7g"), null)).hasMessage("there is already a piece on 7g");
        assertThatThrownBy(() -> t.put(Place.parse("sente:G"), null)).hasMessage("a king has no komadai slot");
        assertThatThrownBy(() -> t.flipHeld(0)).hasMessage("a king has no promoted side");
        assertThatThrownBy(() -> t.put(Place.parse("5e"), 3)).hasMessageContaining("held piece 3 does not exist");
        assertThat(t.view().held()).hasSize(1);
    }
}
