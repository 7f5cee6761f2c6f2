package org.shogiban.hal.bringup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the bring-up tool found: the table of chips, how many parts of each step passed, every failure with what was
 * seen, and the likely causes. Printed at the end and saved as a text file.
 *
 * @param chips the table of buses and chips
 * @param checks every part tried, in order
 * @param causes the likely causes of the failures
 */
public record BringUpReport(List<ChipRow> chips, List<Check> checks, List<String> causes) {
    public BringUpReport {
        chips = List.copyOf(chips);
        checks = List.copyOf(checks);
        causes = List.copyOf(causes);
    }

    /** Whether every part passed. */
    public boolean passed() {
        return checks.stream().allMatch(Check::passed);
    }

    /** The failed parts. */
    public List<Check> failures() {
        return checks.stream().filter(c -> !c.passed()).toList();
    }

    static String chipHeader() {
        return String.format("%-4s %-8s %-22s %-9s %s", "bus", "address", "chip", "expected", "found");
    }

    static String chipLine(ChipRow row) {
        return String.format("%-4d 0x%02x     %-22s %-9s %s", row.bus(), row.address(),
                row.chip().isEmpty() ? "(none configured)" : row.chip(), row.expected() ? "yes" : "no",
                row.found() ? "yes" : "no");
    }

    /** The report as text, one line each. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("ShogiBan bring-up report");
        lines.add("");
        if (chips.isEmpty()) {
            lines.add("buses and chips: none asked (no I2C bus here)");
        } else {
            lines.add(chipHeader());
            chips.forEach(r -> lines.add(chipLine(r)));
        }
        lines.add("");
        Map<String, int[]> sections = new LinkedHashMap<>();
        for (Check c : checks) {
            int[] counts = sections.computeIfAbsent(c.section(), s -> new int[2]);
            counts[c.passed() ? 0 : 1]++;
        }
        sections.forEach((s, n) -> lines.add(String.format("%-9s %d passed, %d failed", s + ":", n[0], n[1])));
        if (!failures().isEmpty()) {
            lines.add("");
            lines.add("failed:");
            failures().forEach(c -> lines.add("  " + c.part() + ": " + c.detail()));
            lines.add("");
            lines.add("likely causes:");
            causes.forEach(c -> lines.add("  " + c));
        }
        lines.add("");
        lines.add(passed() ? "result: PASSED" : "result: FAILED (" + failures().size() + " of " + checks.size()
                + " parts)");
        return lines;
    }

    /** Writes the report to {@code file} (UTF-8, one line each). */
    public void save(Path file) throws IOException {
        Files.write(file, lines(), StandardCharsets.UTF_8);
    }
}
