package org.shogiban.hal;

/** An LED colour, 8 bits per channel. */
public record Colour(int red, int green, int blue) {
    /** LED off. */
    public static final Colour OFF = new Colour(0, 0, 0);
    public static final Colour WHITE = new Colour(255, 255, 255);
    public static final Colour RED = new Colour(255, 0, 0);
    public static final Colour GREEN = new Colour(0, 255, 0);
    public static final Colour BLUE = new Colour(0, 0, 255);
    public static final Colour YELLOW = new Colour(255, 255, 0);
    public static final Colour ORANGE = new Colour(255, 128, 0);

    public Colour {
        check("red", red);
        check("green", green);
        check("blue", blue);
    }

    private static void check(String channel, int value) {
        if (value < 0 || value > 255) {
            throw new IllegalArgumentException(channel + " must be 0..255, got " + value);
        }
    }

    /** Whether the LED is lit at all. */
    public boolean isLit() {
        return (red | green | blue) != 0;
    }

    /**
     * This colour dimmed by a brightness cap: each channel becomes {@code round(channel * cap / 255)}, so 255 keeps
     * the colour and 0 turns it off, and the hue is kept.
     */
    public Colour capped(int cap) {
        if (cap < 0 || cap > 255) {
            throw new IllegalArgumentException("brightness cap must be 0..255, got " + cap);
        }
        if (cap == 255) {
            return this;
        }
        return new Colour(scale(red, cap), scale(green, cap), scale(blue, cap));
    }

    /** One channel dimmed by a cap 0..255, rounded to nearest. */
    public static int scale(int channel, int cap) {
        return (channel * cap + 127) / 255;
    }
}
