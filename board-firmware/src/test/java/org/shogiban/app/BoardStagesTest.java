package org.shogiban.app;

import org.shogiban.port.BoardChange;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.link.LoggedEvent;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.notation.GameRecord;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.shogiban.session.SessionChange;

/** The runtime's stages: in their fixed order, each failure its own, the later stages still run. */
class BoardStagesTest {

    /** A journal that fails on every change. */
    private static final class BrokenJournal implements ChangeJournal {
        int calls;

        @Override
        public void changed(SessionChange change, long nowMillis) {
            calls++;
            throw new IllegalStateException("journal bug");
        }

        @Override
        public void passed(GameSession session, long nowMillis) {
            throw new IllegalStateException("checkpoint bug");
        }

        @Override
        public long lastSeq() {
            return 0;
        }
    }

    @Test
    void aFailingJournalOrListenerDoesNotStopTheLaterStagesAndTheOrderIsNumberingJournalListenersRecord() {
        List<String> order = new ArrayList<>();
        List<String> saved = new ArrayList<>();
        RecordSink records = (name, record) -> saved.add(name + " " + record.recordedMoves().size());
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos(), records);
        BrokenJournal journal = new BrokenJournal();
        rig.app.setJournal(new ChangeJournal() {
            @Override
            public void changed(SessionChange change, long nowMillis) {
                order.add("journal");
                journal.changed(change, nowMillis);
            }

            @Override
            public void changed(BoardChange change) {
                order.add("numbered " + change.numbered().stream().map(LoggedEvent::text).toList());
                changed(change.change(), change.nowMillis());
            }

            @Override
            public void passed(GameSession session, long nowMillis) {
                journal.passed(session, nowMillis);
            }

            @Override
            public long lastSeq() {
                return 0;
            }
        });
        rig.app.setNumbering(new EventNumbering(new MemoryEventLog(100)));
        rig.app.addListener(e -> {
            throw new IllegalStateException("listener bug");
        });
        rig.app.addChangeListener(c -> order.add("listener " + c.events().size()));
        rig.layOut(Position.startpos()).run(600).move("7g", "7f");

        assertThat(rig.app.game().orElseThrow().plies()).isEqualTo(1);
        assertThat(journal.calls).isPositive();
        // the numbering before the journal (which stores the numbers), then the listeners, then the record
        String start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assertThat(order.subList(0, 6)).containsExactly("numbered [1 SETUP " + start + "]", "journal", "listener 1",
                "numbered [2 GAME 2025-03-01T05-05-09 " + start + "]", "journal", "listener 1");
        assertThat(order.get(6)).startsWith("numbered [3 MOVE 1 7g7f +7776FU,T");
        assertThat(order.subList(7, 9)).containsExactly("journal", "listener 1");
        assertThat(rig.events(BoardEvent.MovePlayed.class)).hasSize(1);
        assertThat(saved).last().isEqualTo(rig.app.recordName() + " 1");
    }

    @Test
    void aChangeListenerIsRemovedByItsKey() {
        Rig rig = Rig.casual(Position.startpos());
        List<Integer> told = new ArrayList<>();
        BoardStage listener = c -> told.add(c.events().size());
        rig.app.addChangeListener(listener);
        rig.move("7g", "7f");
        int before = told.size();
        assertThat(before).isPositive();
        rig.app.removeChangeListener(listener);
        rig.move("3c", "3d");
        assertThat(told).hasSize(before);
        GameRecord record = rig.app.record();
        assertThat(record.recordedMoves()).hasSize(2);
    }
}
