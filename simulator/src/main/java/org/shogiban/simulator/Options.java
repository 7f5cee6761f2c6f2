package org.shogiban.simulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line options of the form {@code --name value} before or among the file arguments. */
public record Options(Map<String, String> values, List<String> files) {

    /** Parses args, allowing only the given option names (without {@code --}). */
    public static Options parse(List<String> args, Set<String> allowed) {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--")) {
                String name = a.substring(2);
                if (!allowed.contains(name)) {
                    throw new SimulatorCommand.UsageError("unknown option " + a + "; options: --"
                            + String.join(", --", allowed));
                }
                if (i + 1 >= args.size()) {
                    throw new SimulatorCommand.UsageError("option " + a + " needs a value");
                }
                String value = args.get(++i);
                // a repeated --x-option adds to the ones before (--engine-option Name=Value, once per option)
                values.merge(name, value, (before, added) -> name.endsWith("-option") ? before + ";" + added : added);
            } else {
                files.add(a);
            }
        }
        return new Options(values, files);
    }

    public String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** A long option value, with a usage error naming the option when it is not a number. */
    public long getLong(String name, long fallback) {
        String v = values.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new SimulatorCommand.UsageError("--" + name + " needs a whole number, not '" + v + "'");
        }
    }
}
