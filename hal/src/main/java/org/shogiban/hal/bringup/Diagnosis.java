package org.shogiban.hal.bringup;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The likely cause of what failed, as a builder would reason from the results: two ranks (or files) whose squares
 * answer for each other are swapped wires; a square read at another single square is a crossed wire; a square that
 * changes nothing is a dead sensor or a broken wire; an LED that never lights is dead (or its solder joints are); a
 * chip that does not answer where one answers at an address nobody configured is a chip at the wrong address.
 */
final class Diagnosis {
    private final List<ChipRow> chips;
    private final List<Integer> darkLeds;
    private final int[] readAt;
    private final List<Check> checks;

    Diagnosis(List<ChipRow> chips, List<Integer> darkLeds, int[] readAt, List<Check> checks) {
        this.chips = chips;
        this.darkLeds = darkLeds;
        this.readAt = readAt;
        this.checks = checks;
    }

    List<String> causes() {
        List<String> causes = new ArrayList<>();
        chipCauses(causes);
        for (int led : darkLeds) {
            causes.add("dead LED at " + Squares.name(led) + " (or its solder joints): it never lit");
        }
        squareCauses(causes);
        for (Check c : checks) {
            if (!c.passed() && (c.section().equals("buttons") || c.section().equals("komadai")
                    || c.section().equals("clock") || c.section().equals("buzzer")
                    || c.section().equals("polarity"))) {
                causes.add(c.part() + ": " + c.detail() + " (check its wiring)");
            }
        }
        return causes;
    }

    private void chipCauses(List<String> causes) {
        for (ChipRow missing : chips) {
            if (!missing.expected() || missing.found()) {
                continue;
            }
            ChipRow stray = chips.stream().filter(r -> !r.expected() && r.found() && r.bus() == missing.bus())
                    .findFirst().orElse(null);
            String where = String.format("0x%02x on bus %d", missing.address(), missing.bus());
            causes.add(stray == null
                    ? missing.chip() + " missing at " + where + ": unpowered, SDA/SCL not connected, or not fitted"
                    : String.format("%s at the wrong address: 0x%02x answers instead of %s (check its address pins"
                            + " A0..A2)", missing.chip(), stray.address(), where));
        }
    }

    private void squareCauses(List<String> causes) {
        Set<Integer> explained = new HashSet<>();
        for (int a = 0; a < 9; a++) {
            for (int b = a + 1; b < 9; b++) {
                if (swapped(a, b, true)) {
                    causes.add("ranks " + (char) ('a' + a) + " and " + (char) ('a' + b) + " are swapped: their"
                            + " sensor wires cross between the board and the chips");
                    for (int f = 0; f < 9; f++) {
                        explained.add(a * 9 + f);
                        explained.add(b * 9 + f);
                    }
                }
                if (swapped(a, b, false)) {
                    causes.add("files " + (9 - a) + " and " + (9 - b) + " are swapped: their sensor wires cross"
                            + " between the board and the chips");
                    for (int r = 0; r < 9; r++) {
                        explained.add(r * 9 + a);
                        explained.add(r * 9 + b);
                    }
                }
            }
        }
        for (int i = 0; i < readAt.length; i++) {
            if (explained.contains(i) || readAt[i] == i || readAt[i] == -2) {
                continue;
            }
            causes.add(readAt[i] < 0
                    ? "square " + Squares.name(i) + ": no sensor changed (a dead sensor or a broken wire)"
                    : "square " + Squares.name(i) + " is read at " + Squares.name(readAt[i]) + " (crossed wires)");
        }
    }

    /** Whether every square of line a answers at line b and the other way round (ranks when {@code ranks}). */
    private boolean swapped(int a, int b, boolean ranks) {
        for (int k = 0; k < 9; k++) {
            int sa = ranks ? a * 9 + k : k * 9 + a;
            int sb = ranks ? b * 9 + k : k * 9 + b;
            if (readAt[sa] != sb || readAt[sb] != sa) {
                return false;
            }
        }
        return true;
    }
}
