package org.shogiban.journal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal of the game's changes in the state directory ({@code journal.log}, format in
 * {@link JournalFormat} and docs/journal.md). Each {@link #append} is forced to the disk before it returns when the
 * disk accepts it. When it does not (a full card, a read-only remount, a journal that could not be opened), the entry
 * is still numbered and kept in memory, {@link #fault()} says why, and the entries not yet written go to the disk, in
 * order, at the next append or {@link #retry()} the disk accepts; then the fault clears. Not thread-safe: one owner
 * (the runtime's thread).
 *
 * <p>Opening never fails: a torn last line (cut off mid-write) is dropped and truncated; a damaged journal (a bad
 * checksum, garbage, a repeated line, CR LF line ends) is moved aside with a timestamp suffix, kept, and a new journal
 * holds the whole entries before the damage (each entry holds the whole state, so the game resumes as of the last of
 * them); a journal that cannot be read or written starts in memory, faulted, as with a full disk.
 */
public final class Journal implements Closeable {
    /** The journal's file name in the state directory. */
    public static final String FILE_NAME = "journal.log";

    private static final Logger log = LoggerFactory.getLogger(Journal.class);
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path file;
    private final Clock wallClock;
    private final JournalRecovery recovery;
    private final List<JournalEntry> entries;
    /** The lines appended to {@link #entries} but not yet on the disk, in order. */
    private final List<byte[]> unwritten = new ArrayList<>();
    private FileChannel channel;
    private long size;
    private long lastSeq;
    /** The file must be written whole (header and {@link #entries}) before anything is appended to it. */
    private boolean rewrite;
    /** What is on the disk at the file's name is not ours (unreadable): set it aside before the rewrite. */
    private boolean foreign;
    /** Why the disk does not hold every entry ({@code disk full}, {@code read-only}...); null when it does. */
    private String fault;
    private String faultDetail;

    private Journal(Path file, Clock wallClock, JournalRecovery recovery, long lastSeq) {
        this.file = file;
        this.wallClock = wallClock;
        this.recovery = recovery;
        this.entries = new ArrayList<>(recovery.entries());
        this.lastSeq = lastSeq;
    }

    /** Opens (or creates) the journal in {@code stateDir}, creating the directory if needed. */
    public static Journal open(Path stateDir) {
        return open(stateDir, Clock.systemUTC());
    }

    /**
     * Opens the journal; {@code wallClock} only names a damaged file set aside. Never fails: see the class comment;
     * {@link #recovery()} says what was found, {@link #fault()} whether the disk takes the entries.
     */
    public static Journal open(Path stateDir, Clock wallClock) {
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(wallClock, "wallClock");
        Path file = stateDir.resolve(FILE_NAME);
        byte[] bytes;
        try {
            Files.createDirectories(stateDir);
            Files.deleteIfExists(stateDir.resolve(AtomicFiles.tempName(FILE_NAME)));
            bytes = Files.exists(file) ? Files.readAllBytes(file) : null;
        } catch (IOException e) {
            String problem = "cannot open the journal " + file + ": " + describe(e)
                    + "; the board plays on and keeps the changes in memory until the journal can be written";
            log.error("journal: {}", problem);
            Journal j = new Journal(file, wallClock, new JournalRecovery(List.of(), Optional.of(problem),
                    Optional.empty(), List.of()), 0);
            j.rewrite = true;
            j.foreign = true;
            j.fault = reason(e);
            j.faultDetail = file + ": " + describe(e);
            return j;
        }
        if (bytes == null || bytes.length == 0) {
            Journal j = new Journal(file, wallClock, recovered(List.of(), bytes == null ? null
                    : "the journal file was empty (no header); a new journal starts at seq 1"), 0);
            j.rewrite = true;
            j.flush();
            return j;
        }
        JournalFormat.Contents contents = JournalFormat.read(bytes);
        if (contents.damage() != null) {
            return setAside(file, wallClock, contents);
        }
        List<JournalEntry> read = contents.entries();
        long last = Math.max(contents.baseSeq(), read.isEmpty() ? 0 : read.get(read.size() - 1).seq());
        int torn = contents.tornBytes(bytes.length);
        Journal j = new Journal(file, wallClock, recovered(read, torn == 0 ? null
                : "the last journal entry was cut off mid-write: " + torn + " bytes after seq " + last + " dropped"),
                last);
        j.reopen(contents.wholeLength());
        return j;
    }

    private static JournalRecovery recovered(List<JournalEntry> entries, String problem) {
        if (problem != null) {
            log.warn("journal: {}", problem);
        }
        return new JournalRecovery(entries, Optional.ofNullable(problem), Optional.empty(), List.of());
    }

    /** A damaged journal: moved aside, and a new one holding the whole entries before the damage. */
    private static Journal setAside(Path file, Clock wallClock, JournalFormat.Contents contents) {
        List<JournalEntry> kept = contents.entries();
        long base = contents.maxReadableSeq();
        Path aside = asideName(file, wallClock);
        String problem = "the journal was damaged (" + contents.damage() + "); it was set aside as "
                + aside.getFileName() + " with " + kept.size() + " whole entries before the damage, which the new "
                + "journal keeps" + (kept.isEmpty() ? "" : " (the game as of seq " + kept.get(kept.size() - 1).seq()
                + ")") + "; new entries start at seq " + (base + 1);
        log.error("journal: {}", problem);
        Journal j = new Journal(file, wallClock, new JournalRecovery(kept, Optional.of(problem), Optional.of(aside),
                kept), base);
        j.rewrite = true;
        j.foreign = true;
        j.flush();
        return j;
    }

    private static Path asideName(Path file, Clock wallClock) {
        String stamp = SUFFIX.format(wallClock.instant());
        Path aside = file.resolveSibling(FILE_NAME + ".damaged-" + stamp);
        for (int n = 1; Files.exists(aside); n++) {
            aside = file.resolveSibling(FILE_NAME + ".damaged-" + stamp + "-" + n);
        }
        return aside;
    }

    /** Opens the file for appending after its first {@code length} bytes (a torn tail is cut off and forced). */
    private void reopen(long length) {
        try {
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            if (channel.size() > length) {
                channel.truncate(length);
                channel.force(true);
            }
            size = length;
        } catch (IOException e) {
            closeChannel();
            rewrite = true;
            failed(e);
        }
    }

    /** What opening found: the entries read and any problem. */
    public JournalRecovery recovery() {
        return recovery;
    }

    /** The journal file. */
    public Path file() {
        return file;
    }

    /** The highest seq given out so far (0 on a new board); the next append gets {@code lastSeq() + 1}. */
    public long lastSeq() {
        return lastSeq;
    }

    /** Every entry in the journal (on the disk or still waiting for it), oldest first. */
    public List<JournalEntry> entries() {
        return List.copyOf(entries);
    }

    /** The entries after {@code seq} still in the journal (compaction removes older ones), oldest first. */
    public List<JournalEntry> since(long seq) {
        int from = 0;
        while (from < entries.size() && entries.get(from).seq() <= seq) {
            from++;
        }
        return List.copyOf(entries.subList(from, entries.size()));
    }

    /**
     * Why the disk does not hold every entry: {@code disk full}, {@code read-only}, {@code no permission},
     * {@code cannot be opened}, {@code write failed}; empty when it holds them all.
     */
    public Optional<String> fault() {
        return Optional.ofNullable(fault);
    }

    /** The fault's detail for people (the file and the system's words); empty when there is no fault. */
    public Optional<String> faultDetail() {
        return Optional.ofNullable(fault == null ? null : faultDetail);
    }

    /** Whether every entry is on the disk. */
    public boolean written() {
        return fault == null && unwritten.isEmpty() && !rewrite;
    }

    /**
     * Appends one entry and forces it to the disk before returning its seq; when the disk refuses, the entry is kept
     * in memory (with the ones before it that wait) and {@link #fault()} says why: check {@link #written()}.
     *
     * @param type a word naming the change ({@link JournalEntry})
     * @param payloadJson the content, on one line
     * @param wallMillis wall-clock time of the change
     * @throws IllegalArgumentException for a bad type or a payload with a line break (nothing written)
     */
    public long append(String type, String payloadJson, long wallMillis) {
        JournalEntry entry = new JournalEntry(lastSeq + 1, wallMillis, type, payloadJson);
        byte[] line = JournalFormat.line(entry);
        entries.add(entry);
        lastSeq = entry.seq();
        if (!rewrite) {
            unwritten.add(line);
        }
        flush();
        return entry.seq();
    }

    /** Tries again to write what waits for the disk; returns {@link #written()}. */
    public boolean retry() {
        if (!written()) {
            flush();
        }
        return written();
    }

    /**
     * Replaces the journal's entries by {@code keep} (e.g. the new game's start when a game is over) without
     * changing any seq: a new file is written and forced, renamed over the journal, and the directory forced. The
     * numbering continues after {@link #lastSeq()}. When the disk refuses, the entries are kept in memory and the
     * new file is written as soon as it accepts ({@link #fault()}).
     *
     * @param keep entries with rising seqs, none above {@link #lastSeq()}
     */
    public void compact(List<JournalEntry> keep) {
        long previous = 0;
        for (JournalEntry e : keep) {
            if (e.seq() <= previous || e.seq() > lastSeq) {
                throw new IllegalArgumentException("entries kept must have rising seqs up to " + lastSeq
                        + ", got seq " + e.seq() + " after " + previous);
            }
            previous = e.seq();
        }
        entries.clear();
        entries.addAll(keep);
        unwritten.clear();
        rewrite = true;
        flush();
    }

    @Override
    public void close() throws IOException {
        if (!written()) {
            log.error("journal {}: closed with entries up to seq {} not on the disk ({})", file, lastSeq, fault);
        }
        if (channel != null) {
            channel.close();
        }
    }

    /** Writes what waits: the whole file when needed, else the unwritten lines in one write and one force. */
    private void flush() {
        try {
            if (rewrite) {
                writeWhole();
            } else if (!unwritten.isEmpty()) {
                appendUnwritten();
            }
            cleared();
        } catch (IOException e) {
            failed(e);
        }
    }

    private void appendUnwritten() throws IOException {
        int length = 0;
        for (byte[] l : unwritten) {
            length += l.length;
        }
        // one line (the usual case) is written as it is; several are gathered into one write
        ByteBuffer lines = unwritten.size() == 1 ? ByteBuffer.wrap(unwritten.get(0)) : ByteBuffer.allocate(length);
        if (unwritten.size() > 1) {
            unwritten.forEach(lines::put);
            lines.flip();
        }
        try {
            channel.position(size);
            AtomicFiles.writeFully(channel, lines);
            channel.force(true);
        } catch (IOException e) {
            takeBack();
            throw e;
        }
        size += length;
        unwritten.clear();
    }

    /** The header and every entry in a new file, renamed over the journal (a foreign file is set aside first). */
    private void writeWhole() throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        byte[] header = JournalFormat.header(lastSeq);
        List<byte[]> lines = new ArrayList<>(entries.size());
        int length = header.length;
        for (JournalEntry e : entries) {
            byte[] line = JournalFormat.line(e);
            lines.add(line);
            length += line.length;
        }
        ByteBuffer content = ByteBuffer.allocate(length).put(header);
        lines.forEach(content::put);
        if (foreign && Files.exists(file)) {
            if (!Files.isRegularFile(file)) {
                // a directory or a device where the journal should be: someone's, not ours to move
                throw new java.nio.file.FileSystemException(file.toString(), null, "Is a directory or not a file");
            }
            Path aside = asideName(file, wallClock);
            Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
            log.warn("journal: {} set aside as {}", file, aside.getFileName());
        }
        foreign = false;
        closeChannel();
        AtomicFiles.write(file, content.array());
        channel = FileChannel.open(file, StandardOpenOption.WRITE);
        size = channel.size();
        rewrite = false;
        unwritten.clear();
    }

    /** Cuts a partial write off again, so that the next append does not follow garbage; else rewrites later. */
    private void takeBack() {
        try {
            channel.truncate(size);
            channel.force(true);
        } catch (IOException e) {
            closeChannel();
            rewrite = true;
            log.debug("journal {}: a failed write could not be taken back ({}); the file will be written whole",
                    file, describe(e));
        }
    }

    private void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                log.debug("journal {}: close failed: {}", file, e.toString());
            }
            channel = null;
        }
    }

    /** The disk refused: said once per cause, not per entry. */
    private void failed(IOException e) {
        String why = reason(e);
        faultDetail = file + ": " + describe(e);
        if (!why.equals(fault)) {
            log.error("journal: {} ({}); the game goes on, entries from seq {} are kept in memory until the disk "
                    + "accepts them", why, faultDetail, firstUnwrittenSeq());
        }
        fault = why;
    }

    private void cleared() {
        if (fault != null) {
            log.warn("journal: the disk accepts the journal again ({} was: {}); every entry up to seq {} is written",
                    file, fault, lastSeq);
        }
        fault = null;
        faultDetail = null;
    }

    private long firstUnwrittenSeq() {
        return rewrite ? (entries.isEmpty() ? lastSeq + 1 : entries.get(0).seq()) : lastSeq - unwritten.size() + 1;
    }

    /** The cause in a few words: {@code disk full}, {@code read-only}, {@code no permission}, ... */
    static String reason(IOException e) {
        String text = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        if (text.contains("no space left") || text.contains("quota")) {
            return "disk full";
        }
        if (text.contains("read-only")) {
            return "read-only";
        }
        if (e instanceof AccessDeniedException) {
            return "no permission";
        }
        if (text.contains("is a directory") || text.contains("not a directory")
                || e instanceof java.nio.file.FileAlreadyExistsException) {
            return "cannot be opened";
        }
        return "write failed";
    }

    private static String describe(IOException e) {
        String what = e.getClass().getSimpleName();
        String hint = e instanceof AccessDeniedException || e instanceof java.nio.file.FileSystemException
                && String.valueOf(e.getMessage()).contains("Read-only") ? " (no write permission, or a read-only file system?)" : "";
        return what + " " + e.getMessage() + hint;
    }
}
