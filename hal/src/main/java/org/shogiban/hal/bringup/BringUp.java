package org.shogiban.hal.bringup;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.shogiban.hal.Board;
import org.shogiban.hal.Button;
import org.shogiban.hal.ButtonEvent;
import org.shogiban.hal.ButtonListener;
import org.shogiban.hal.Colour;
import org.shogiban.hal.KomadaiSensors;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.LedFrame;
import org.shogiban.hal.MonotonicClock;
import org.shogiban.hal.Player;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.SquareReading;
import org.shogiban.hal.segment.FourDigits;
import org.shogiban.hal.segment.SevenSegment;

/**
 * The guided test of a newly built board, part by part in the order a builder checks them: the buses and chips, each
 * LED, the clock displays, the buzzer, each button, each square (a piece placed where the lit square asks, and the
 * sensor that changed), the polarity of a turned piece where the board senses it, each komadai slot. It drives the
 * board's ports only (a real board, the simulated one, or Pi4J's mock platform in tests) and ends with a
 * {@link BringUpReport}.
 */
public final class BringUp {
    /** Waits between sensor reads; tests advance a manual clock instead. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final Board board;
    private final List<ChipRow> chips;
    private final BringUpPlan plan;
    private final BringUpIo io;
    private final MonotonicClock clock;
    private final Sleeper sleeper;
    private final List<Check> checks = new ArrayList<>();
    private final List<Integer> darkLeds = new ArrayList<>();
    /** For each square, the square whose sensor answered its piece: itself, another, or -1 for none. */
    private final int[] readAt = new int[LedFrame.SQUARES];

    public BringUp(Board board, List<ChipRow> chips, BringUpPlan plan, BringUpIo io, MonotonicClock clock,
                   Sleeper sleeper) {
        this.board = Objects.requireNonNull(board);
        this.chips = List.copyOf(chips);
        this.plan = Objects.requireNonNull(plan);
        this.io = Objects.requireNonNull(io);
        this.clock = Objects.requireNonNull(clock);
        this.sleeper = Objects.requireNonNull(sleeper);
        Arrays.fill(readAt, -2);
    }

    /** Runs every step and returns the report (also said line by line through the dialogue). */
    public BringUpReport run() throws InterruptedException {
        chipsStep();
        ledStep();
        if (plan.clock()) {
            clockStep();
        }
        if (plan.buzzer()) {
            buzzerStep();
        }
        buttonStep();
        squareStep();
        if (plan.komadai()) {
            komadaiStep();
        }
        board.leds().show(LedFrame.dark());
        BringUpReport report = new BringUpReport(chips, checks,
                new Diagnosis(chips, darkLeds, readAt, checks).causes());
        report.lines().forEach(io::say);
        return report;
    }

    private void chipsStep() {
        io.say("1. buses and chips");
        if (chips.isEmpty()) {
            io.say("none asked (no I2C bus here)");
            return;
        }
        io.say(BringUpReport.chipHeader());
        for (ChipRow row : chips) {
            io.say(BringUpReport.chipLine(row));
            if (row.expected()) {
                checks.add(new Check("chips", row.chip(), row.found(), row.found() ? "answers at "
                        + hex(row) : "does not answer at " + hex(row)));
            }
        }
    }

    private static String hex(ChipRow row) {
        return String.format("0x%02x on bus %d", row.address(), row.bus());
    }

    private void ledStep() {
        io.say("2. LEDs: each lights in turn");
        for (int i = 0; i < LedFrame.SQUARES; i++) {
            String name = Squares.name(i);
            board.leds().show(LedFrame.builder().square(i, Colour.WHITE).build());
            boolean lit = io.confirm("Is the LED of " + name + " lit, and no other?");
            checks.add(new Check("LEDs", "LED " + name, lit, lit ? "lit" : "not lit"));
            if (!lit) {
                darkLeds.add(i);
            }
        }
        if (plan.komadai()) {
            for (Player player : Player.values()) {
                for (KomadaiSlot slot : KomadaiSlot.values()) {
                    String name = slotName(player, slot);
                    board.leds().show(LedFrame.builder().komadai(player, slot, Colour.WHITE).build());
                    boolean lit = io.confirm("Is the LED of " + name + " lit, and no other?");
                    checks.add(new Check("LEDs", "LED " + name, lit, lit ? "lit" : "not lit"));
                }
            }
        }
        board.leds().show(LedFrame.dark());
    }

    private void clockStep() {
        io.say("3. clock displays");
        int eight = SevenSegment.digit(8);
        showAndAsk(new FourDigits(eight, eight, eight, eight, true), "88:88 (every segment and the colon)");
        for (int d = 0; d <= 9; d++) {
            int s = SevenSegment.digit(d);
            showAndAsk(new FourDigits(s, s, s, s, false), "" + d + d + d + d);
        }
        board.clock().blank();
    }

    private void showAndAsk(FourDigits digits, String shown) {
        try {
            board.clock().showDigits(digits, digits);
        } catch (UnsupportedOperationException e) {
            checks.add(new Check("clock", "clocks " + shown, false, "the display cannot show test digits"));
            return;
        }
        boolean ok = io.confirm("Do both clocks show " + shown + "?");
        checks.add(new Check("clock", "clocks " + shown, ok, ok ? "shown" : "not shown as asked"));
    }

    private void buzzerStep() {
        io.say("4. buzzer");
        board.buzzer().longTone();
        boolean heard = io.confirm("Did you hear a tone?");
        board.buzzer().silence();
        checks.add(new Check("buzzer", "buzzer", heard, heard ? "heard" : "silent"));
    }

    private void buttonStep() throws InterruptedException {
        if (plan.buttons().isEmpty()) {
            return;
        }
        io.say("5. buttons");
        ConcurrentLinkedQueue<ButtonEvent> events = new ConcurrentLinkedQueue<>();
        ButtonListener listener = events::add;
        board.buttons().addListener(listener);
        try {
            for (Button button : plan.buttons()) {
                events.clear();
                io.say("press the " + buttonName(button) + " button");
                Button pressed = null;
                long deadline = clock.millis() + plan.waitMillis();
                while (pressed == null && clock.millis() < deadline) {
                    ButtonEvent e = events.poll();
                    if (e == null) {
                        sleeper.sleep(plan.pollMillis());
                    } else if (e.pressed()) {
                        pressed = e.button();
                    }
                }
                boolean ok = pressed == button;
                String detail = pressed == null ? "no button pressed" : ok ? "pressed"
                        : "read as the " + buttonName(pressed) + " button";
                checks.add(new Check("buttons", buttonName(button) + " button", ok, detail));
            }
        } finally {
            board.buttons().removeListener(listener);
        }
    }

    static String buttonName(Button button) {
        return button.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private void squareStep() throws InterruptedException {
        io.say("6. squares: place a piece where asked, then take it off");
        io.say("take every piece off the board");
        SquareReading[] baseline = waitForEmptyBoard();
        for (int i = 0; i < LedFrame.SQUARES; i++) {
            String name = Squares.name(i);
            board.leds().show(LedFrame.builder().square(i, Colour.WHITE).build());
            io.say("place a piece on " + name);
            SquareReading[] now = waitForChange(baseline);
            int changed = firstChange(baseline, now, i);
            readAt[i] = changed;
            checks.add(new Check("squares", "square " + name, changed == i, changed == i ? "sensed"
                    : changed < 0 ? "no sensor changed" : "sensed at " + Squares.name(changed)));
            if (changed >= 0 && plan.sensorKind() == SensorKind.POLARITY) {
                polarity(i, now[changed], baseline, changed);
            }
            io.say("take the piece off " + name);
            waitForSame(baseline);
        }
        board.leds().show(LedFrame.dark());
    }

    /** A polarity board: the placed piece unpromoted reads face up; turned over it reads face down. */
    private void polarity(int square, SquareReading placed, SquareReading[] baseline, int sensed) throws InterruptedException {
        String name = Squares.name(square);
        io.say("turn the piece on " + name + " over (promoted side up)");
        SquareReading[] turned = waitFor(now -> now[sensed] != placed);
        SquareReading after = turned[sensed];
        boolean ok = placed == SquareReading.FACE_UP && after == SquareReading.FACE_DOWN;
        String detail = ok ? "face up, then face down" : "read " + placed.name().toLowerCase(Locale.ROOT)
                + " then " + after.name().toLowerCase(Locale.ROOT);
        checks.add(new Check("polarity", "polarity " + name, ok, detail));
    }

    private void komadaiStep() throws InterruptedException {
        io.say("7. komadai: put one piece in the place asked, then take it off");
        int[] baseline = new int[KomadaiSensors.SLOTS];
        board.komadai().sample(baseline);
        for (Player player : Player.values()) {
            for (KomadaiSlot slot : KomadaiSlot.values()) {
                String name = slotName(player, slot);
                board.leds().show(LedFrame.builder().komadai(player, slot, Colour.WHITE).build());
                io.say("put one " + slot.name().toLowerCase(Locale.ROOT) + " in " + name);
                int[] now = new int[KomadaiSensors.SLOTS];
                long deadline = clock.millis() + plan.waitMillis();
                int changed = -1;
                while (changed < 0 && clock.millis() < deadline) {
                    board.komadai().sample(now);
                    for (int s = 0; s < now.length && changed < 0; s++) {
                        changed = now[s] != baseline[s] ? s : -1;
                    }
                    if (changed < 0) {
                        sleeper.sleep(plan.pollMillis());
                    }
                }
                int want = KomadaiSensors.index(player, slot);
                String at = changed < 0 ? "" : slotName(Player.values()[changed / KomadaiSensors.SLOTS_PER_SIDE],
                        KomadaiSlot.values()[changed % KomadaiSensors.SLOTS_PER_SIDE]);
                checks.add(new Check("komadai", name, changed == want, changed == want ? "sensed"
                        : changed < 0 ? "no sensor changed" : "sensed at " + at));
                io.say("take it off " + name);
                long until = clock.millis() + plan.waitMillis();
                while (clock.millis() < until) {
                    board.komadai().sample(now);
                    if (Arrays.equals(now, baseline)) {
                        break;
                    }
                    sleeper.sleep(plan.pollMillis());
                }
            }
        }
    }

    static String slotName(Player player, KomadaiSlot slot) {
        return player.name().toLowerCase(Locale.ROOT) + "'s komadai, " + slot.name().toLowerCase(Locale.ROOT)
                + " place";
    }

    private SquareReading[] sample() {
        SquareReading[] now = new SquareReading[LedFrame.SQUARES];
        Arrays.fill(now, SquareReading.EMPTY);
        board.squares().sample(now);
        return now;
    }

    private SquareReading[] waitForEmptyBoard() throws InterruptedException {
        SquareReading[] empty = new SquareReading[LedFrame.SQUARES];
        Arrays.fill(empty, SquareReading.EMPTY);
        SquareReading[] now = waitFor(r -> Arrays.equals(r, empty));
        for (int i = 0; i < now.length; i++) {
            if (now[i].isOccupied()) {
                checks.add(new Check("squares", "square " + Squares.name(i), false,
                        "reads a piece on an empty board"));
            }
        }
        return now;
    }

    private SquareReading[] waitForChange(SquareReading[] baseline) throws InterruptedException {
        return waitFor(now -> !Arrays.equals(now, baseline));
    }

    private void waitForSame(SquareReading[] baseline) throws InterruptedException {
        waitFor(now -> Arrays.equals(now, baseline));
    }

    /** Reads the squares until {@code done} holds or the wait is over; returns the last reading. */
    private SquareReading[] waitFor(java.util.function.Predicate<SquareReading[]> done)
            throws InterruptedException {
        long deadline = clock.millis() + plan.waitMillis();
        SquareReading[] now = sample();
        while (!done.test(now) && clock.millis() < deadline) {
            sleeper.sleep(plan.pollMillis());
            now = sample();
        }
        return now;
    }

    /** The square whose reading changed: the asked one if it did, else the first other, else -1. */
    private static int firstChange(SquareReading[] before, SquareReading[] now, int asked) {
        if (before[asked] != now[asked]) {
            return asked;
        }
        for (int i = 0; i < now.length; i++) {
            if (before[i] != now[i]) {
                return i;
            }
        }
        return -1;
    }
}
