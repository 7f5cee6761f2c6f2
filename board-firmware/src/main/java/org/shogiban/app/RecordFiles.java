package org.shogiban.app;

import java.util.List;
import java.util.Objects;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.session.BoardEvent;
import org.shogiban.session.GameSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The record file of the game on the board: named when a game starts or resumes, saved through the
 * {@link RecordSink} after each change that alters the record, and discarded when a game is replaced before any move.
 * The runtime's last stage; driven by its thread, {@link #record()} and {@link #recordName()} read from any.
 */
final class RecordFiles {
    private static final Logger log = LoggerFactory.getLogger(RecordFiles.class);

    private final RecordSink records;
    private final GameSession session;
    /** The last record saved under {@link #recordName} (kept while a new game is set up), or null. */
    private GameRecord namedRecord;
    private volatile String recordName;
    /** The record as the last change left it (null before the first game). */
    private volatile GameRecord record;

    RecordFiles(RecordSink records, GameSession session) {
        this.records = Objects.requireNonNull(records, "records");
        this.session = Objects.requireNonNull(session, "session");
        this.record = session.record();
    }

    /** A change of the session: its record kept, and the record file named when a game starts or resumes. */
    void changed(List<BoardEvent> events, GameRecord changed) {
        record = changed;
        noteRecordName(events, namedRecord);
        if (changed != null) {
            namedRecord = changed;
        }
    }

    /** Saves the change's record when its events alter it (on the sink's thread: off the acknowledgement's path). */
    void save(List<BoardEvent> events, GameRecord changed) {
        if (recordName != null && changed != null && events.stream().anyMatch(RecordFiles::changesRecord)) {
            records.save(recordName, changed);
        }
    }

    /** The record of the game as the last change left it, or null before the first game. */
    GameRecord record() {
        return record;
    }

    /** The file name the current game's record is saved under, or null before the first game started. */
    String recordName() {
        return recordName;
    }

    /** Names the record file when a game starts or resumes; a game replaced before any move leaves no record. */
    private void noteRecordName(List<BoardEvent> events, GameRecord before) {
        for (BoardEvent event : events) {
            if (event instanceof BoardEvent.GameStarted || event instanceof BoardEvent.GameResumed) {
                String name = RecordDirectory.fileName(session.startedAt(), session.zone());
                if (event instanceof BoardEvent.GameStarted && recordName != null && !recordName.equals(name)
                        && holdsNothing(before)) {
                    records.discard(recordName);
                }
                recordName = name;
                log.info("record {}", recordName);
            }
        }
    }

    /** A record with no move, no comment and no result (none, or an abort). */
    private static boolean holdsNothing(GameRecord r) {
        return r != null && r.recordedMoves().isEmpty() && r.startComments().isEmpty()
                && (r.end().kind() == EndKind.NONE || r.end().kind() == EndKind.ABORTED);
    }

    private static boolean changesRecord(BoardEvent event) {
        return event instanceof BoardEvent.GameStarted || event instanceof BoardEvent.GameResumed
                || event instanceof BoardEvent.MovePlayed
                || event instanceof BoardEvent.MovesTakenBack || event instanceof BoardEvent.GameOver
                || event instanceof BoardEvent.ArbiterActed;
    }
}
