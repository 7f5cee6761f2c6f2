package org.shogiban.simulator.web;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.shogiban.app.RecordSink;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The games a page can download: the records the firmware saved during this run (kept in memory, the last
 * {@value #KEPT} games) and, when the board has a records directory, the record files in it. A record is asked for by
 * its id, which must be {@code current} or a record file name as the board writes them
 * ({@code 2025-03-01T14-05-09.kifu}): nothing a request says becomes a path of its own. Thread-safe.
 */
final class GameShelf implements RecordSink {
    private static final Logger log = LoggerFactory.getLogger(GameShelf.class);
    /** Games kept in memory. */
    static final int KEPT = 64;
    /** The names the board gives its records; the only ids besides {@code current}. */
    static final Pattern RECORD_NAME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}(-\\d{1,3})?\\.kifu");
    /** The id of the game on the board now. */
    static final String CURRENT = "current";

    private final Path directory;
    private final RecordSink next;
    private final Map<String, GameRecord> games = new LinkedHashMap<>();
    private String current;

    /**
     * @param directory where the board's record files are, or null for none
     * @param next where each record is saved as well (the record directory), or {@link RecordSink#NONE}
     */
    GameShelf(Path directory, RecordSink next) {
        this.directory = directory;
        this.next = next;
    }

    @Override
    public void save(String name, GameRecord record) {
        synchronized (this) {
            games.remove(name);
            games.put(name, record);
            current = name;
            for (Iterator<String> it = games.keySet().iterator(); games.size() > KEPT && it.hasNext(); ) {
                it.next();
                it.remove();
            }
        }
        next.save(name, record);
    }

    @Override
    public void discard(String name) {
        synchronized (this) {
            games.remove(name);
            if (name.equals(current)) {
                current = null;
            }
        }
        next.discard(name);
    }

    /** A new game is being set up: until its first record, there is no current game. */
    synchronized void newGame() {
        current = null;
    }

    /** The games, newest first: the current one, this run's, then the directory's files not already listed. */
    List<WebBoard.GameEntry> list() {
        List<WebBoard.GameEntry> entries = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        synchronized (this) {
            List<String> names = new ArrayList<>(games.keySet());
            for (int i = names.size() - 1; i >= 0; i--) {
                String name = names.get(i);
                GameRecord r = games.get(name);
                boolean now = name.equals(current);
                entries.add(new WebBoard.GameEntry(now ? CURRENT : name, title(name, r), r.moves().size(), now,
                        started(name), r.end().kind().name()));
                seen.add(name);
            }
        }
        for (String name : files()) {
            if (!seen.contains(name)) {
                entries.add(new WebBoard.GameEntry(name, started(name), -1, false, started(name), null));
            }
        }
        return entries;
    }

    /** A record by id; empty when there is no such game. IllegalArgumentException when the id is not an id at all. */
    Optional<GameRecord> record(String id) {
        if (id.equals(CURRENT)) {
            synchronized (this) {
                return Optional.ofNullable(current == null ? null : games.get(current));
            }
        }
        if (!RECORD_NAME.matcher(id).matches()) {
            throw new IllegalArgumentException("game id '" + id + "' is neither 'current' nor a record name like"
                    + " 2025-03-01T14-05-09.kifu");
        }
        synchronized (this) {
            GameRecord kept = games.get(id);
            if (kept != null) {
                return Optional.of(kept);
            }
        }
        if (directory == null) {
            return Optional.empty();
        }
        Path file = directory.resolve(id);
        if (!Files.isRegularFile(file) || !file.getParent().equals(directory)) {
            return Optional.empty();
        }
        try {
            return Optional.of(GameRecords.read(Files.readAllBytes(file)));
        } catch (IOException | RuntimeException e) {
            log.warn("record {} cannot be read: {}", file, e.toString());
            throw new IllegalStateException("the record " + id + " cannot be read: " + e.getMessage());
        }
    }

    private List<String> files() {
        List<String> names = new ArrayList<>();
        if (directory == null || !Files.isDirectory(directory)) {
            return names;
        }
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(directory, "*.kifu")) {
            for (Path p : dir) {
                String name = p.getFileName().toString();
                if (RECORD_NAME.matcher(name).matches()) {
                    names.add(name);
                }
            }
        } catch (IOException e) {
            log.warn("cannot list the records in {}: {}", directory, e.toString());
        }
        names.sort(java.util.Comparator.reverseOrder());
        return names.size() > 200 ? names.subList(0, 200) : names;
    }

    /** The start time a record's name gives: {@code 2025-03-01 14:05:09}. */
    private static String started(String name) {
        String t = name.substring(0, name.length() - 5).replace('T', ' ');
        return t.substring(0, 11) + t.substring(11).replace('-', ':');
    }

    private static String title(String name, GameRecord r) {
        return name.substring(0, name.length() - 5).replace('T', ' ') + ", " + r.moves().size() + " moves"
                + (r.end().kind() == org.shogiban.notation.EndKind.NONE ? "" : ", " + r.end().kind().name().toLowerCase(java.util.Locale.ROOT)
                .replace('_', ' '));
    }
}
