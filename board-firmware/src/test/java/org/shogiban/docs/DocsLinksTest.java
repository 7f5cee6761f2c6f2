package org.shogiban.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.shogiban.testdata.DocsBlocks;

/**
 * Every link from one page of the docs (or the README) to another reaches it: the file is there, and a
 * {@code #section} is one of its headings (GitHub's anchors: lower case, spaces to hyphens, punctuation dropped).
 */
class DocsLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+?\\.md)(#[^)\\s]+)?\\)");

    @Test
    void everyLinkBetweenPagesReachesAFileAndASection() throws IOException {
        Path root = DocsBlocks.root();
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        List<String> broken = new ArrayList<>();
        int links = 0;
        for (Path page : pages) {
            // links only: not what code blocks and code spans show
            String text = Files.readString(page, StandardCharsets.UTF_8).replaceAll("(?s)```.*?```", "")
                    .replaceAll("`[^`\n]*`", "");
            Matcher m = LINK.matcher(text);
            while (m.find()) {
                if (m.group(1).contains("://")) {
                    continue;
                }
                links++;
                Path target = page.getParent().resolve(m.group(1)).normalize();
                String where = root.relativize(page) + " → " + m.group(1) + (m.group(2) == null ? "" : m.group(2));
                if (!Files.isRegularFile(target)) {
                    broken.add(where + " (no such file)");
                } else if (m.group(2) != null && !anchors(target).contains(m.group(2).substring(1))) {
                    broken.add(where + " (no such section)");
                }
            }
        }
        assertThat(links).as("links between pages").isGreaterThan(20);
        assertThat(broken).as("links that lead nowhere").isEmpty();
    }

    /** The anchors GitHub gives a page's headings. */
    static Set<String> anchors(Path page) throws IOException {
        Set<String> anchors = new HashSet<>();
        boolean fenced = false;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (line.strip().startsWith("```")) {
                fenced = !fenced;
            }
            if (!fenced && line.startsWith("#")) {
                String title = line.replaceFirst("^#+\\s*", "").strip().toLowerCase(Locale.ROOT);
                String slug = title.replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
                String anchor = slug;
                for (int n = 1; !anchors.add(anchor); n++) {
                    anchor = slug + "-" + n;
                }
            }
        }
        return anchors;
    }
}
