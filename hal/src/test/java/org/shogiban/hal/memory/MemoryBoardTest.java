package org.shogiban.hal.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ClockFace;
import org.shogiban.hal.Colour;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.scan.ManualClock;

class MemoryBoardTest {

    @Test
    void firmwareOutputsAreRecordedAndInputsCanBeActedOut() {
        ManualClock clock = new ManualClock(42);
        MemoryBoard memory = new MemoryBoard(SensorKind.OCCUPANCY, clock);
        Board board = memory.board();
        board.leds().show(LedFrame.builder().square(0, Colour.RED).build());
        board.clock().show(ClockFace.mainTime(Duration.ofMinutes(10)), ClockFace.mainTime(Duration.ofMinutes(9)));
        board.buzzer().beep();
        List<ButtonEvent> events = new ArrayList<>();
        board.buttons().addListener(events::add);
        memory.buttons.click(Button.CLOCK_GOTE);

        assertThat(memory.leds.current().square(0)).isEqualTo(Colour.RED);
        assertThat(memory.clock.current()).get().extracting(s -> s.gote().remaining())
                .isEqualTo(Duration.ofMinutes(9));
        assertThat(memory.buzzer.sounds()).containsExactly(RecordingBuzzer.Sound.BEEP);
        assertThat(events).containsExactly(new ButtonEvent(Button.CLOCK_GOTE, true, 42),
                new ButtonEvent(Button.CLOCK_GOTE, false, 42));
        assertThatThrownBy(() -> memory.squares.set(0, SquareReading.FACE_UP))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyWriteToTheSensorsSignalsAChangeAfterItIsDone() {
        MemoryBoard memory = new MemoryBoard(SensorKind.OCCUPANCY, new ManualClock());
        Board board = memory.board();
        List<String> seen = new ArrayList<>();
        SquareReading[] squares = new SquareReading[81];
        int[] slots = new int[org.shogiban.hal.KomadaiSensors.SLOTS];
        board.squares().changeSignal().listen(() -> {
            board.squares().sample(squares);
            seen.add("squares " + squares[4]);
        });
        board.komadai().changeSignal().listen(() -> {
            board.komadai().sample(slots);
            seen.add("komadai " + slots[0]);
        });
        assertThat(board.squares().changeSignal().signals()).isTrue();
        assertThat(board.komadai().changeSignal().signals()).isTrue();
        assertThat(board.squares().changeSignal().backstopPasses()).as("a write cannot be missed").isZero();

        memory.squares.set(4, SquareReading.OCCUPIED);
        memory.komadai.set(org.shogiban.hal.Player.SENTE, org.shogiban.hal.KomadaiSlot.PAWN, 2);

        assertThat(seen).containsExactly("squares OCCUPIED", "komadai 2");
    }

    @Test
    void aBoardWithoutKomadaiSensorsNeverNeedsToBeSampledForThem() {
        assertThat(org.shogiban.hal.KomadaiSensors.absent().changeSignal().signals()).isTrue();
        assertThat(org.shogiban.hal.KomadaiSensors.absent().changeSignal().backstopPasses()).isZero();
    }
}
