package org.shogiban.hal.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * Every problem of a configuration file, not only the first one {@link BoardConfig#parse} stops at: each problem
 * found is noted, its key is taken out (so its default applies, or its absence is the next problem), and the file
 * is read again, until it reads without a problem. A problem that only follows from an earlier one (a key whose
 * value was taken out and that has no default) is not reported twice: the check stops there.
 */
public final class ConfigCheck {
    /** More rounds than the file has keys is a loop; no real file comes near. */
    private static final int MAX_ROUNDS = 500;

    private ConfigCheck() {
    }

    /** The problems of a configuration file, in the order found; empty when it is valid. */
    public static List<ConfigException> problems(Path file) {
        Properties properties;
        try {
            properties = ConfigFile.properties(ConfigFile.readText(file), file.toString());
        } catch (ConfigException e) {
            return List.of(e);
        }
        return problems(properties, file.toString());
    }

    /** The problems of configuration properties named {@code source} in messages; empty when they are valid. */
    public static List<ConfigException> problems(Properties properties, String source) {
        Properties remaining = new Properties();
        remaining.putAll(properties);
        List<ConfigException> found = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            try {
                BoardConfig.parse(remaining, source);
                return found;
            } catch (ConfigException e) {
                if (!keys.add(e.key())) {
                    return found;
                }
                found.add(e);
                if (remaining.remove(e.key()) == null) {
                    // a required key is missing: nothing to take out, so the next round would stop here again
                    return found;
                }
            }
        }
        return found;
    }
}
