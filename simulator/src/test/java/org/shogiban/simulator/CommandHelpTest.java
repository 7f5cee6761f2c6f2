package org.shogiban.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code <command> help} prints that command's usage for every command of the simulator's tool (docs/cli.md). */
class CommandHelpTest {
    private static final List<String> COMMANDS = List.of("replay", "replay-trace", "play", "web", "hall-sim");

    @Test
    void everyCommandPrintsItsOwnUsageWithHelp() {
        for (String name : COMMANDS) {
            for (String help : List.of("help", "--help", "-h")) {
                Cli r = Cli.run(name, help);
                assertThat(r.exitCode()).as("%s %s: %s", name, help, r.err()).isZero();
                assertThat(r.err()).as("%s %s", name, help).isEmpty();
                assertThat(r.out()).as("%s %s", name, help).singleElement().asString()
                        .startsWith("usage: java -jar shogiban-simulator.jar " + name + " ");
            }
        }
        assertThat(Cli.run("help").out().stream().skip(1).map(l -> l.strip().split(" ")[0]).toList())
                .as("every command of the tool is checked").containsExactlyElementsOf(COMMANDS);
    }
}
