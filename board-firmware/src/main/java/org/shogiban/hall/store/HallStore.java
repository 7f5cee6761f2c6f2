package org.shogiban.hall.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The hall server's state on disk: one SQLite file, {@value #FILE}, in the state directory (xerial's sqlite-jdbc,
 * write-ahead log). Each board is one row holding its document (what the hall knows of it: life, last event, status,
 * snapshot, record, calls, results), each finished game's record one row, each round one row, each arbiter's action
 * one row, and the arbiters' accounts and sessions. A write returns only once SQLite committed it: the hall shows or
 * answers "done" after that. The boards' moves come in batches ({@link #putBatch}: one transaction for every board
 * that moved in a short interval). Board documents are committed with {@code synchronous=NORMAL} (safe against a killed
 * process; a power cut may take the last ones back, and the hall then fetches those events again from the board since
 * the document's last number went back with them); the arbiter's writes ({@link #durable}) with {@code FULL}.
 *
 * <p>A file it cannot read is kept aside ({@code hall.db.damaged-<millis>}) and what could be read is carried over to
 * a new file; {@link #problems()} says what was lost. A write that fails (a full disk) throws {@link StoreException}
 * with a sentence: the caller shows the fault and does not claim the change.
 */
public final class HallStore implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(HallStore.class);
    /** The database file's name in the state directory. */
    public static final String FILE = "hall.db";
    private static final String[] SCHEMA = {
        "CREATE TABLE IF NOT EXISTS board (id TEXT PRIMARY KEY, doc TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS game (board TEXT NOT NULL, game TEXT NOT NULL, jkf TEXT NOT NULL,"
                + " PRIMARY KEY (board, game))",
        "CREATE TABLE IF NOT EXISTS round (round INTEGER PRIMARY KEY, doc TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS action (id INTEGER PRIMARY KEY AUTOINCREMENT, millis INTEGER NOT NULL,"
                + " arbiter TEXT NOT NULL, board TEXT NOT NULL, line TEXT NOT NULL, reply TEXT NOT NULL)",
        "CREATE TABLE IF NOT EXISTS arbiter (name TEXT PRIMARY KEY, hash TEXT NOT NULL,"
                + " failures INTEGER NOT NULL DEFAULT 0, locked_until INTEGER NOT NULL DEFAULT 0)",
        "CREATE TABLE IF NOT EXISTS session (token TEXT PRIMARY KEY, name TEXT NOT NULL, csrf TEXT NOT NULL,"
                + " expires INTEGER NOT NULL)",
    };

    /** What the state file held when the hall started. */
    public record Contents(Map<String, String> boards, List<String[]> games, Map<Integer, String> rounds) {
    }

    /** An arbiter's account: the password's hash, failed logins in a row and until when logins are refused. */
    public record Account(String name, String hash, int failures, long lockedUntil) {
    }

    /** A logged-in arbiter's session: the token's hash, the name, the CSRF token, when it ends. */
    public record Session(String tokenHash, String name, String csrf, long expires) {
    }

    private final Path file;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<String> problems = new ArrayList<>();
    private final Contents contents;
    private Connection db;
    private final java.util.concurrent.atomic.AtomicLong commits = new java.util.concurrent.atomic.AtomicLong();

    private HallStore(Path file) {
        this.file = file;
        contents = openAndRead();
    }

    /** Opens (or creates) the state file in {@code dir}, carrying over what it can read of a damaged one. */
    public static HallStore open(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new HallStore(dir.resolve(FILE));
    }

    /** Where the state is kept. */
    public Path file() {
        return file;
    }

    /** What could not be read at the start, one sentence each (empty when everything was read). */
    public List<String> problems() {
        return List.copyOf(problems);
    }

    /** How many writes (transactions) were committed since the file was opened: what the hall's disk costs it. */
    public long commits() {
        return commits.get();
    }

    /** What the file held at the start. */
    public Contents contents() {
        return contents;
    }

    // ------------------------------------------------------------------------------------------------ opening

    private Contents openAndRead() {
        boolean existed = Files.exists(file);
        String damage = null;
        Map<String, String> boards = new TreeMap<>();
        List<String[]> games = new ArrayList<>();
        Map<Integer, String> rounds = new TreeMap<>();
        List<Object[]> arbiters = new ArrayList<>();
        try {
            db = connect();
            if (existed) {
                damage = check();
            }
            for (String s : SCHEMA) {
                exec(s);
            }
        } catch (SQLException e) {
            if (!existed) {
                throw new StoreException("the hall's state file " + file + " cannot be created: " + e.getMessage(), e);
            }
            damage = e.getMessage();
        }
        if (damage == null) {
            return readAll(boards, games, rounds);
        }
        // damaged: read what can be read, table by table, then start a new file with it
        if (db != null) {
            readTable("boards", "SELECT id, doc FROM board", r -> boards.put(r.getString(1), r.getString(2)));
            readTable("games", "SELECT board, game, jkf FROM game",
                    r -> games.add(new String[] {r.getString(1), r.getString(2), r.getString(3)}));
            readTable("rounds", "SELECT round, doc FROM round", r -> rounds.put(r.getInt(1), r.getString(2)));
            readTable("arbiter accounts", "SELECT name, hash, failures, locked_until FROM arbiter",
                    r -> arbiters.add(new Object[] {r.getString(1), r.getString(2), r.getInt(3), r.getLong(4)}));
            closeQuietly();
        }
        Path aside = file.resolveSibling(FILE + ".damaged-" + System.currentTimeMillis());
        try {
            Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            for (String suffix : new String[] {"-wal", "-shm"}) {
                Path p = file.resolveSibling(FILE + suffix);
                if (Files.exists(p)) {
                    Files.move(p, aside.resolveSibling(aside.getFileName() + suffix), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new StoreException("the hall's state file " + file + " is damaged and cannot be moved aside: "
                    + e.getMessage(), e);
        }
        problems.add(0, "the hall's state file was damaged (" + damage + "); it is kept as " + aside.getFileName()
                + ", and the hall starts with what could be read: " + boards.size() + " boards, " + games.size()
                + " games, " + rounds.size() + " rounds");
        log.error("hall state: {}", problems.get(0));
        try {
            db = connect();
            for (String s : SCHEMA) {
                exec(s);
            }
        } catch (SQLException e) {
            throw new StoreException("the hall's state file " + file + " cannot be created: " + e.getMessage(), e);
        }
        boards.forEach((id, doc) -> putBoard(id, doc));
        games.forEach(g -> putGame(g[0], g[1], g[2]));
        rounds.forEach(this::putRound);
        arbiters.forEach(a -> putAccount(new Account((String) a[0], (String) a[1], (Integer) a[2], (Long) a[3])));
        return new Contents(boards, games, rounds);
    }

    private Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.execute("PRAGMA synchronous=NORMAL");
            s.execute("PRAGMA busy_timeout=5000");
        }
        return c;
    }

    /** Null when the file is whole, else what SQLite found wrong. */
    private String check() throws SQLException {
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("PRAGMA quick_check")) {
            StringBuilder out = new StringBuilder();
            while (r.next()) {
                out.append(out.isEmpty() ? "" : "; ").append(r.getString(1));
            }
            return out.toString().equals("ok") ? null : out.toString();
        }
    }

    private Contents readAll(Map<String, String> boards, List<String[]> games, Map<Integer, String> rounds) {
        readTable("boards", "SELECT id, doc FROM board", r -> boards.put(r.getString(1), r.getString(2)));
        readTable("games", "SELECT board, game, jkf FROM game",
                r -> games.add(new String[] {r.getString(1), r.getString(2), r.getString(3)}));
        readTable("rounds", "SELECT round, doc FROM round", r -> rounds.put(r.getInt(1), r.getString(2)));
        return new Contents(boards, games, rounds);
    }

    private interface Row {
        void take(ResultSet r) throws SQLException;
    }

    private void readTable(String what, String sql, Row row) {
        int read = 0;
        try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(sql)) {
            while (r.next()) {
                row.take(r);
                read++;
            }
        } catch (SQLException e) {
            problems.add("the hall's " + what + " could not be read after " + read + " rows: " + e.getMessage());
            log.error("hall state: {}", problems.get(problems.size() - 1));
        }
    }

    private void exec(String sql) throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute(sql);
        }
    }

    // ------------------------------------------------------------------------------------------------ writing

    /** A board's document (replaces the one before). */
    public void putBoard(String id, String doc) {
        update(false, "INSERT OR REPLACE INTO board (id, doc) VALUES (?, ?)", id, doc);
    }

    /** A game's record (replaces the one before). */
    public void putGame(String board, String game, String jkf) {
        update(false, "INSERT OR REPLACE INTO game (board, game, jkf) VALUES (?, ?, ?)", board, game, jkf);
    }

    /**
     * Boards' documents and games' records in one transaction (the hall's write-behind of its boards' moves: one
     * commit for all the boards that changed in a short interval instead of one per message).
     *
     * @param boards board id to its document
     * @param games {@code [board, game, jkf]} each
     */
    public void putBatch(Map<String, String> boards, List<String[]> games) {
        if (boards.isEmpty() && games.isEmpty()) {
            return;
        }
        lock.lock();
        try {
            // BEGIN and COMMIT said here rather than through the driver's auto-commit switch: a write that fails
            // (a full disk) may have ended the transaction already, and the next batch must start clean
            exec("BEGIN");
            try (PreparedStatement b = db.prepareStatement("INSERT OR REPLACE INTO board (id, doc) VALUES (?, ?)");
                 PreparedStatement g = db.prepareStatement(
                         "INSERT OR REPLACE INTO game (board, game, jkf) VALUES (?, ?, ?)")) {
                for (Map.Entry<String, String> e : boards.entrySet()) {
                    bind(b, List.of(e.getKey(), e.getValue()));
                    b.executeUpdate();
                }
                for (String[] row : games) {
                    bind(g, List.of(row[0], row[1], row[2]));
                    g.executeUpdate();
                }
                exec("COMMIT");
                commits.incrementAndGet();
            } catch (SQLException e) {
                rollbackQuietly();
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("the hall's state could not be written to " + file.getFileName() + ": "
                    + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private void rollbackQuietly() {
        try {
            exec("ROLLBACK");
        } catch (SQLException e) {
            log.debug("hall state: rollback: {}", e.toString()); // SQLite may have rolled back already
        }
    }

    /** A round's document: its pairings as sent, each board's reply and game. */
    public void putRound(int round, String doc) {
        update(true, "INSERT OR REPLACE INTO round (round, doc) VALUES (?, ?)", round, doc);
    }

    /** A board's document written durably (an arbiter's acknowledgement is in it). */
    public void putBoardDurably(String id, String doc) {
        update(true, "INSERT OR REPLACE INTO board (id, doc) VALUES (?, ?)", id, doc);
    }

    /** An arbiter's action and the board's reply. */
    public void action(long millis, String arbiter, String board, String line, String reply) {
        update(true, "INSERT INTO action (millis, arbiter, board, line, reply) VALUES (?, ?, ?, ?, ?)", millis,
                arbiter, board, line, reply);
    }

    /** The arbiters' actions, oldest first: {@code [millis, arbiter, board, line, reply]}. */
    public List<String[]> actions() {
        List<String[]> out = new ArrayList<>();
        query("SELECT millis, arbiter, board, line, reply FROM action ORDER BY id", List.of(), r -> out.add(
                new String[] {r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5)}));
        return out;
    }

    /** Adds or replaces an arbiter's account. */
    public void putAccount(Account a) {
        update(true, "INSERT OR REPLACE INTO arbiter (name, hash, failures, locked_until) VALUES (?, ?, ?, ?)",
                a.name(), a.hash(), a.failures(), a.lockedUntil());
    }

    /** An arbiter's account. */
    public Optional<Account> account(String name) {
        List<Account> out = new ArrayList<>();
        query("SELECT name, hash, failures, locked_until FROM arbiter WHERE name = ?", List.of(name),
                r -> out.add(new Account(r.getString(1), r.getString(2), r.getInt(3), r.getLong(4))));
        return out.stream().findFirst();
    }

    /** Whether any arbiter account exists. */
    public boolean hasAccounts() {
        List<Integer> n = new ArrayList<>();
        query("SELECT count(*) FROM arbiter", List.of(), r -> n.add(r.getInt(1)));
        return n.get(0) > 0;
    }

    /** Keeps a session (and forgets those that are over). */
    public void putSession(Session s) {
        update(false, "DELETE FROM session WHERE expires < ?", System.currentTimeMillis());
        update(true, "INSERT OR REPLACE INTO session (token, name, csrf, expires) VALUES (?, ?, ?, ?)",
                s.tokenHash(), s.name(), s.csrf(), s.expires());
    }

    /** A session by its token's hash. */
    public Optional<Session> session(String tokenHash) {
        List<Session> out = new ArrayList<>();
        query("SELECT token, name, csrf, expires FROM session WHERE token = ?", List.of(tokenHash),
                r -> out.add(new Session(r.getString(1), r.getString(2), r.getString(3), r.getLong(4))));
        return out.stream().findFirst();
    }

    /** Ends a session. */
    public void deleteSession(String tokenHash) {
        update(true, "DELETE FROM session WHERE token = ?", tokenHash);
    }

    private void update(boolean durable, String sql, Object... values) {
        lock.lock();
        try {
            if (durable) {
                exec("PRAGMA synchronous=FULL");
            }
            try (PreparedStatement p = db.prepareStatement(sql)) {
                bind(p, List.of(values));
                p.executeUpdate();
                commits.incrementAndGet();
            } finally {
                if (durable) {
                    exec("PRAGMA synchronous=NORMAL");
                }
            }
        } catch (SQLException e) {
            throw new StoreException("the hall's state could not be written to " + file.getFileName() + ": "
                    + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private void query(String sql, List<Object> values, Row row) {
        lock.lock();
        try (PreparedStatement p = db.prepareStatement(sql)) {
            bind(p, values);
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    row.take(r);
                }
            }
        } catch (SQLException e) {
            throw new StoreException("the hall's state could not be read from " + file.getFileName() + ": "
                    + e.getMessage(), e);
        } finally {
            lock.unlock();
        }
    }

    private static void bind(PreparedStatement p, List<Object> values) throws SQLException {
        for (int i = 0; i < values.size(); i++) {
            p.setObject(i + 1, values.get(i));
        }
    }

    private void closeQuietly() {
        try {
            db.close();
        } catch (SQLException e) {
            log.debug("hall state: close: {}", e.toString());
        }
        db = null;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (db != null) {
                closeQuietly();
            }
        } finally {
            lock.unlock();
        }
    }
}
