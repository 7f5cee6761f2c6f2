package org.shogiban.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.session.BoardFacts;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;

/**
 * Whoever is told of a change finds it in the board's facts: a host that asks for the state on hearing an event sees
 * the event's change (the USB bridge asked on a {@code GAME} and got the set-up before it, and waited for ever).
 */
class FactsBeforeListenersTest {

    @Test
    void aListenerToldOfTheGamesStartAndOfAMoveFindsBothInTheFactsWithTheirNumbers(@TempDir Path dir) throws Exception {
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos(), RecordSink.NONE);
        SessionJournal journal = SessionJournal.open(dir, Rig.WALL_CLOCK);
        rig.app.setJournal(journal);
        List<String> seen = new ArrayList<>();
        rig.app.addListener(e -> {
            BoardFacts f = rig.app.facts();
            if (e instanceof BoardEvent.GameStarted) {
                seen.add("started: playing " + f.playing() + ", seq " + (f.seq() == journal.lastSeq()));
            } else if (e instanceof BoardEvent.MovePlayed) {
                seen.add("moved: plies " + f.plies() + ", seq " + (f.seq() == journal.lastSeq()));
            }
        });

        rig.layOut(Position.startpos()).run(600);
        rig.move("7g", "7f");

        assertThat(seen).containsExactly("started: playing true, seq true", "moved: plies 1, seq true");
        journal.close();
    }
}
