package org.shogiban.hal.config;

import java.io.IOException;

/** Lets tests of other packages load the example configurations. */
public final class BoardConfigTestAccess {
    private BoardConfigTestAccess() {
    }

    /** Loads an example from {@code org/shogiban/hal/config/examples}. */
    public static BoardConfig example(String name) throws IOException {
        return BoardConfigTest.example(name);
    }
}
