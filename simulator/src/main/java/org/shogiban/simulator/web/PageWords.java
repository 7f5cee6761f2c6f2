package org.shogiban.simulator.web;

import java.util.Map;

/**
 * A log line as words for the page's message tables: a key ({@code log.move}, ...) and its arguments. The page shows
 * {@code log.<key>} from its language's table with the arguments put in; the English {@code text} of the line stays
 * beside it for scripts and for keys a table lacks.
 */
record PageWords(String key, Map<String, String> args) {
    PageWords {
        args = Map.copyOf(args);
    }

    static PageWords of(String key, String... pairs) {
        java.util.LinkedHashMap<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return new PageWords(key, m);
    }
}
