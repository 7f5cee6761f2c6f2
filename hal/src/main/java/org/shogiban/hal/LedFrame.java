package org.shogiban.hal;

import java.util.Arrays;
import java.util.Objects;

/**
 * Everything the LEDs show at once: a colour per square (SFEN order, as in {@link SensorFrame}), per komadai slot
 * (sente's 7 then gote's, in {@link KomadaiSlot} order) and per {@link StatusLed}. Immutable; build one with
 * {@link #builder()}.
 */
public final class LedFrame {
    /** LEDs under the squares. */
    public static final int SQUARES = 81;
    /** LEDs at the komadai slots. */
    public static final int KOMADAI = KomadaiSensors.SLOTS;
    /** Status LEDs. */
    public static final int STATUS = StatusLed.values().length;
    /** All LEDs of a frame, in chain order: squares, komadai slots, status LEDs. */
    public static final int TOTAL = SQUARES + KOMADAI + STATUS;

    private static final LedFrame DARK = builder().build();

    private final Colour[] colours;

    private LedFrame(Colour[] colours) {
        this.colours = colours;
    }

    /** Every LED off. */
    public static LedFrame dark() {
        return DARK;
    }

    /** A builder with every LED off. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this frame. */
    public Builder toBuilder() {
        Builder b = new Builder();
        System.arraycopy(colours, 0, b.colours, 0, TOTAL);
        return b;
    }

    /** The colour of a square by SFEN index 0..80. */
    public Colour square(int index) {
        return colours[Objects.checkIndex(index, SQUARES)];
    }

    /** The colour of a komadai slot. */
    public Colour komadai(Player player, KomadaiSlot slot) {
        return colours[SQUARES + KomadaiSensors.index(player, slot)];
    }

    /** The colour of a status LED. */
    public Colour status(StatusLed led) {
        return colours[SQUARES + KOMADAI + led.ordinal()];
    }

    /** The colour of LED {@code index} in chain order (squares 0..80, komadai 81..94, status 95..). */
    public Colour led(int index) {
        return colours[Objects.checkIndex(index, TOTAL)];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LedFrame f && Arrays.equals(colours, f.colours);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(colours);
    }

    @Override
    public String toString() {
        long lit = Arrays.stream(colours).filter(Colour::isLit).count();
        return "LedFrame[" + lit + " of " + TOTAL + " lit]";
    }

    /** Builds a {@link LedFrame}; starts with every LED off. */
    public static final class Builder {
        private final Colour[] colours = new Colour[TOTAL];

        private Builder() {
            Arrays.fill(colours, Colour.OFF);
        }

        /** Sets a square by SFEN index 0..80. */
        public Builder square(int index, Colour colour) {
            colours[Objects.checkIndex(index, SQUARES)] = Objects.requireNonNull(colour);
            return this;
        }

        /** Sets a square by file and rank, both 1..9. */
        public Builder square(int file, int rank, Colour colour) {
            if (file < 1 || file > 9 || rank < 1 || rank > 9) {
                throw new IllegalArgumentException("no square file " + file + " rank " + rank);
            }
            return square((rank - 1) * 9 + (9 - file), colour);
        }

        /** Sets a komadai slot. */
        public Builder komadai(Player player, KomadaiSlot slot, Colour colour) {
            colours[SQUARES + KomadaiSensors.index(player, slot)] = Objects.requireNonNull(colour);
            return this;
        }

        /** Sets a status LED. */
        public Builder status(StatusLed led, Colour colour) {
            colours[SQUARES + KOMADAI + led.ordinal()] = Objects.requireNonNull(colour);
            return this;
        }

        /** Sets every LED. */
        public Builder all(Colour colour) {
            Arrays.fill(colours, Objects.requireNonNull(colour));
            return this;
        }

        public LedFrame build() {
            return new LedFrame(colours.clone());
        }
    }
}
