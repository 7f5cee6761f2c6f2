package org.shogiban.simulator.web;

import java.awt.image.BufferedImage;

/** Pixel checks of drawn glyphs: a missing glyph is an empty box, the same for every character. */
final class Glyphs {
    private Glyphs() {
    }

    /** Pixels clearly darker than the background around them. */
    static int ink(BufferedImage image) {
        int dark = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int grey = (((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff)) / 3;
                dark += grey < 90 ? 1 : 0;
            }
        }
        return dark;
    }

    /** Whether two images are the same pixel for pixel. */
    static boolean same(BufferedImage a, BufferedImage b) {
        if (a.getWidth() != b.getWidth() || a.getHeight() != b.getHeight()) {
            return false;
        }
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }
}
