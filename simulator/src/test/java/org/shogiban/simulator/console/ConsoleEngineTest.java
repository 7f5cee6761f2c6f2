package org.shogiban.simulator.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.shogiban.app.RecordSink;
import org.shogiban.hal.SensorKind;
import org.shogiban.hal.scan.ManualClock;
import org.shogiban.inference.InferenceConfig;
import org.shogiban.rules.Position;
import org.shogiban.session.GameSettings;

/** The console's engine words without an engine ({@code play} without {@code --engine}): each says what is missing. */
class ConsoleEngineTest {
    @Test
    void withoutAnEngineANewGameAgainstItAndAHintAreRefusedAndTheBoardGoesOn() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ConsoleSession session = new ConsoleSession(new StringReader(
                "new engine=gote level=3\npress hint\nnew level=3\nmove 7g7f\nquit\n"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8), BoardTime.stepped(new ManualClock()),
                GameSettings.of(Position.startpos(), InferenceConfig.defaults(SensorKind.OCCUPANCY)), RecordSink.NONE,
                Clock.systemUTC(), false);
        assertThat(session.run()).isZero();
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(out).contains("error: no engine to play against: start play with --engine",
                "error: no engine for a hint: start play with --engine",
                "error: option 'level' needs engine=sente or engine=gote", "sente played 7g7f");
    }
}
