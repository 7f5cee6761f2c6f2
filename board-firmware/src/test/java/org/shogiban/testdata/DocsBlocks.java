package org.shogiban.testdata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The blocks of the docs that tests keep true, read one way for every checker: a block generated from the code
 * between two HTML-comment markers (compared exactly; {@code -Dshogiban.docs.write=true} rewrites it), and the fenced
 * blocks of one language that a user pastes (each with its file and line, for the failure message).
 */
public final class DocsBlocks {
    /** The system property that makes {@link #assertGenerated} rewrite a block that differs instead of failing. */
    public static final String WRITE = "shogiban.docs.write";

    /** A fenced block as the docs show it: its file, the line of its opening fence, its text without the fences. */
    public record Fenced(Path file, int line, String text) {
        @Override
        public String toString() {
            return root().relativize(file) + ":" + line;
        }
    }

    private DocsBlocks() {
    }

    /** The checkout: the directory above the working directory that holds {@code mvnw}. */
    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("the checkout holding mvnw above %s", Path.of("").toAbsolutePath()).isNotNull();
        return dir;
    }

    /** A file of the docs by its path in the checkout ({@code docs/hardware.md}). */
    public static Path doc(String path) {
        return root().resolve(path);
    }

    /**
     * Asserts that the text between {@code begin} and the next {@code end} in {@code doc} is {@code expected}
     * (both stripped); with {@code -Dshogiban.docs.write=true} a block that differs is rewritten first.
     */
    public static void assertGenerated(Path doc, String begin, String end, String expected) throws IOException {
        String text = Files.readString(doc, StandardCharsets.UTF_8);
        int b = text.indexOf(begin);
        assertThat(b).as("%s holds the marker %s", doc, begin).isNotNegative();
        int e = text.indexOf(end, b + begin.length());
        assertThat(e).as("%s closes %s with %s", doc, begin, end).isGreaterThan(b);
        String shown = text.substring(b + begin.length(), e).strip();
        if (Boolean.getBoolean(WRITE) && !shown.equals(expected.strip())) {
            Files.writeString(doc, text.substring(0, b + begin.length()) + "\n" + expected.strip() + "\n"
                    + text.substring(e), StandardCharsets.UTF_8);
            shown = expected.strip();
        }
        assertThat(shown).as("the block %s of %s differs from what the code makes; run the test with -D%s=true to"
                + " rewrite it", begin, doc, WRITE).isEqualTo(expected.strip());
    }

    /** Every block fenced as {@code ```language} in the Markdown files of docs/ and the README, in file order. */
    public static List<Fenced> fenced(String language) throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(root().resolve("README.md"));
        try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        List<Fenced> blocks = new ArrayList<>();
        for (Path file : files) {
            blocks.addAll(fenced(file, language));
        }
        return blocks;
    }

    /** The blocks fenced as {@code ```language} in one Markdown file (a fence may be indented, as in a list). */
    public static List<Fenced> fenced(Path file, String language) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Fenced> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).strip().equals("```" + language)) {
                continue;
            }
            StringBuilder text = new StringBuilder();
            int j = i + 1;
            for (; j < lines.size() && !lines.get(j).strip().startsWith("```"); j++) {
                text.append(lines.get(j).strip()).append('\n');
            }
            blocks.add(new Fenced(file, i + 1, text.toString()));
            i = j;
        }
        return blocks;
    }
}
