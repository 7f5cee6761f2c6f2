package org.shogiban.testdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the team's shared test data (../shared/data beside the checkout) and reads its JSON files. */
public final class SharedData {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SharedData() {
    }

    /** The data folder; fails the test with a clear message when it is missing. */
    public static Path dataDir() {
        String base = System.getProperty("shogiban.shared", "../../shared");
        Path data = Path.of(base, "data").toAbsolutePath().normalize();
        if (!Files.isDirectory(data)) {
            throw new IllegalStateException("shared test data not found at " + data
                    + " (expected ../shared/data beside the checkout; set -Dshogiban.shared=...)");
        }
        return data;
    }

    /** A file under the data folder. */
    public static Path file(String relative) {
        Path p = dataDir().resolve(relative);
        if (!Files.exists(p)) {
            throw new IllegalStateException("shared test data file missing: " + p);
        }
        return p;
    }

    /** A JSON file under the data folder. */
    public static JsonNode json(String relative) {
        try {
            return JSON.readTree(file(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
