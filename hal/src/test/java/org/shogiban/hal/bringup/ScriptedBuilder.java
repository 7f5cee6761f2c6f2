package org.shogiban.hal.bringup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntUnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shogiban.hal.Button;
import org.shogiban.hal.KomadaiSlot;
import org.shogiban.hal.Player;
import org.shogiban.hal.SquareReading;

/**
 * A test program standing in for the person at the bench: it reads each line the bring-up tool says and does it at
 * once (places the piece, presses the button), and answers each question from what the board shows. Its hands and
 * eyes are the board's: a subclass sets the sensors and reads the LEDs, clocks and buzzer of a simulated board or of
 * Pi4J's mock devices. Faults of the board's build are injected here: a wiring that sends a square's piece to
 * another sensor, an LED that never lights.
 */
public abstract class ScriptedBuilder implements BringUpIo {
    private static final Pattern PLACE = Pattern.compile("place a piece on (\\d[a-i])");
    private static final Pattern TAKE = Pattern.compile("take the piece off (\\d[a-i])");
    private static final Pattern TURN = Pattern.compile("turn the piece on (\\d[a-i]) over.*");
    private static final Pattern PRESS = Pattern.compile("press the ([a-z-]+) button");
    private static final Pattern PUT = Pattern.compile("put one ([a-z]+) in (sente|gote)'s komadai, ([a-z]+) place");
    private static final Pattern TAKE_SLOT = Pattern.compile("take it off (sente|gote)'s komadai, ([a-z]+) place");
    private static final Pattern LED = Pattern.compile("Is the LED of (\\d[a-i]|(sente|gote)'s komadai, ([a-z]+) place)"
            + " lit, and no other\\?");
    private static final Pattern CLOCK = Pattern.compile("Do both clocks show (\\S+).*\\?");

    public final List<String> said = new ArrayList<>();
    /** Where the wire of each square ends: the sensor index that reads it (identity on a board wired right). */
    public IntUnaryOperator wiring = IntUnaryOperator.identity();
    /** Squares whose LED never lights. */
    public final java.util.Set<Integer> deadLeds = new java.util.HashSet<>();

    public static int square(String name) {
        int file = name.charAt(0) - '0';
        int rank = name.charAt(1) - 'a';
        return rank * 9 + (9 - file);
    }

    @Override
    public void say(String line) {
        said.add(line);
        Matcher m;
        if ((m = PLACE.matcher(line)).matches()) {
            setSensor(wiring.applyAsInt(square(m.group(1))), placedReading());
        } else if ((m = TAKE.matcher(line)).matches()) {
            setSensor(wiring.applyAsInt(square(m.group(1))), SquareReading.EMPTY);
        } else if ((m = TURN.matcher(line)).matches()) {
            setSensor(wiring.applyAsInt(square(m.group(1))), SquareReading.FACE_DOWN);
        } else if ((m = PRESS.matcher(line)).matches()) {
            press(Button.valueOf(m.group(1).toUpperCase(Locale.ROOT).replace('-', '_')));
        } else if ((m = PUT.matcher(line)).matches()) {
            setSlot(Player.valueOf(m.group(2).toUpperCase(Locale.ROOT)),
                    KomadaiSlot.valueOf(m.group(3).toUpperCase(Locale.ROOT)), 1);
        } else if ((m = TAKE_SLOT.matcher(line)).matches()) {
            setSlot(Player.valueOf(m.group(1).toUpperCase(Locale.ROOT)),
                    KomadaiSlot.valueOf(m.group(2).toUpperCase(Locale.ROOT)), 0);
        }
    }

    @Override
    public boolean confirm(String question) {
        said.add(question);
        Matcher m;
        if ((m = LED.matcher(question)).matches()) {
            if (m.group(2) != null) {
                return komadaiLedAloneLit(Player.valueOf(m.group(2).toUpperCase(Locale.ROOT)),
                        KomadaiSlot.valueOf(m.group(3).toUpperCase(Locale.ROOT)));
            }
            int sq = square(m.group(1));
            return !deadLeds.contains(sq) && squareLedAloneLit(sq);
        }
        if ((m = CLOCK.matcher(question)).matches()) {
            return clocksShow(m.group(1).replace(":", ""));
        }
        if (question.startsWith("Did you hear a tone")) {
            return toneSounding();
        }
        return false;
    }

    /** What a piece put down reads on this board's sensors. */
    protected abstract SquareReading placedReading();

    protected abstract void setSensor(int index, SquareReading reading);

    protected abstract void press(Button button);

    protected abstract void setSlot(Player player, KomadaiSlot slot, int count);

    protected abstract boolean squareLedAloneLit(int square);

    protected abstract boolean komadaiLedAloneLit(Player player, KomadaiSlot slot);

    /** Whether both clocks show these four digits. */
    protected abstract boolean clocksShow(String digits);

    protected abstract boolean toneSounding();
}
