package org.shogiban.journal;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The append-only journal of the game's changes in the state directory ({@code journal.log}, format in
 * {@link JournalFormat} and docs/journal.md). Each {@link #append} is forced to the disk before it returns, so the
 * board acknowledges only what a power cut cannot take back. Not thread-safe: one owner (the runtime's thread).
 *
 * <p>Opening never fails because of what is in the file: a torn last line (cut off mid-write) is dropped and
 * truncated; a damaged journal (bad checksum or garbage in a whole line) is moved aside with a timestamp suffix, kept,
 * and an empty journal starts whose numbering continues above every seq still readable. It fails only when the
 * directory cannot be written ({@link JournalException}).
 */
public final class Journal implements Closeable {
    /** The journal's file name in the state directory. */
    public static final String FILE_NAME = "journal.log";

    private static final Logger log = LoggerFactory.getLogger(Journal.class);
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path file;
    private final JournalRecovery recovery;
    private final List<JournalEntry> entries;
    private FileChannel channel;
    private long size;
    private long lastSeq;
    private boolean broken;

    private Journal(Path file, JournalRecovery recovery, long lastSeq) throws IOException {
        this.file = file;
        this.recovery = recovery;
        this.entries = new ArrayList<>(recovery.entries());
        this.lastSeq = lastSeq;
        openChannel();
    }

    /** Opens (or creates) the journal in {@code stateDir}, creating the directory if needed. */
    public static Journal open(Path stateDir) {
        return open(stateDir, Clock.systemUTC());
    }

    /**
     * Opens the journal; {@code wallClock} only names a damaged file set aside.
     *
     * @throws JournalException when the directory or the journal cannot be created or written
     */
    public static Journal open(Path stateDir, Clock wallClock) {
        Objects.requireNonNull(stateDir, "stateDir");
        Path file = stateDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(stateDir);
            Files.deleteIfExists(stateDir.resolve(AtomicFiles.tempName(FILE_NAME)));
            if (!Files.exists(file)) {
                AtomicFiles.write(file, JournalFormat.header(0));
                return new Journal(file, recovered(List.of(), null), 0);
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length == 0) {
                AtomicFiles.write(file, JournalFormat.header(0));
                return new Journal(file, recovered(List.of(),
                        "the journal file was empty (no header); a new journal starts at seq 1"), 0);
            }
            JournalFormat.Contents contents = JournalFormat.read(bytes);
            if (contents.damage() != null) {
                return setAside(file, contents, wallClock);
            }
            String problem = null;
            int torn = contents.tornBytes(bytes.length);
            List<JournalEntry> read = contents.entries();
            long last = Math.max(contents.baseSeq(), read.isEmpty() ? 0 : read.get(read.size() - 1).seq());
            if (torn > 0) {
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.truncate(contents.wholeLength());
                    ch.force(true);
                }
                problem = "the last journal entry was cut off mid-write: " + torn + " bytes after seq " + last
                        + " dropped";
            }
            return new Journal(file, recovered(read, problem), last);
        } catch (IOException e) {
            throw new JournalException("cannot open the journal " + file + ": " + describe(e), e);
        }
    }

    private static JournalRecovery recovered(List<JournalEntry> entries, String problem) {
        if (problem != null) {
            log.warn("journal: {}", problem);
        }
        return new JournalRecovery(entries, Optional.ofNullable(problem), Optional.empty(), List.of());
    }

    private static Journal setAside(Path file, JournalFormat.Contents contents, Clock wallClock) throws IOException {
        String stamp = SUFFIX.format(wallClock.instant());
        Path aside = file.resolveSibling(FILE_NAME + ".damaged-" + stamp);
        for (int n = 1; Files.exists(aside); n++) {
            aside = file.resolveSibling(FILE_NAME + ".damaged-" + stamp + "-" + n);
        }
        Files.move(file, aside, StandardCopyOption.ATOMIC_MOVE);
        long base = contents.maxReadableSeq();
        AtomicFiles.write(file, JournalFormat.header(base));
        String problem = "the journal was damaged (" + contents.damage() + "); it was set aside as "
                + aside.getFileName() + " with " + contents.entries().size()
                + " whole entries before the damage; a new journal starts at seq " + (base + 1);
        log.error("journal: {}", problem);
        JournalRecovery recovery = new JournalRecovery(List.of(), Optional.of(problem), Optional.of(aside),
                contents.entries());
        return new Journal(file, recovery, base);
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

    /** Every entry in the journal, oldest first. */
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
     * Appends one entry and forces it to the disk before returning its seq.
     *
     * @param type a word naming the change ({@link JournalEntry})
     * @param payloadJson the content, on one line
     * @param wallMillis wall-clock time of the change
     * @throws IllegalArgumentException for a bad type or a payload with a line break (nothing written)
     * @throws JournalException when the write or the force fails (the partial write is taken back when it can be)
     */
    public long append(String type, String payloadJson, long wallMillis) {
        if (broken) {
            throw new IllegalStateException("the journal " + file + " failed earlier and takes no more entries");
        }
        JournalEntry entry = new JournalEntry(lastSeq + 1, wallMillis, type, payloadJson);
        byte[] line = JournalFormat.line(entry);
        try {
            channel.position(size);
            AtomicFiles.writeFully(channel, ByteBuffer.wrap(line));
            channel.force(true);
        } catch (IOException e) {
            takeBack();
            throw new JournalException("cannot append to the journal " + file + ": " + describe(e), e);
        }
        size += line.length;
        entries.add(entry);
        lastSeq = entry.seq();
        return entry.seq();
    }

    /**
     * Replaces the journal's entries by {@code keep} (e.g. the new game's start when a game is over) without
     * changing any seq: a new file is written and forced, renamed over the journal, and the directory forced. The
     * numbering continues after {@link #lastSeq()}.
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
        byte[] header = JournalFormat.header(lastSeq);
        List<byte[]> lines = new ArrayList<>();
        int length = header.length;
        for (JournalEntry e : keep) {
            byte[] line = JournalFormat.line(e);
            lines.add(line);
            length += line.length;
        }
        ByteBuffer content = ByteBuffer.allocate(length).put(header);
        lines.forEach(content::put);
        try {
            channel.close();
            AtomicFiles.write(file, content.array());
            entries.clear();
            entries.addAll(keep);
        } catch (IOException e) {
            throw new JournalException("cannot compact the journal " + file + ": " + describe(e), e);
        } finally {
            try {
                openChannel();
            } catch (IOException e) {
                broken = true;
                log.error("journal {} cannot be reopened after compaction: {}", file, describe(e));
            }
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private void openChannel() throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.WRITE);
        size = channel.size();
    }

    /** Cuts a partial write off again, so that the next append does not follow garbage. */
    private void takeBack() {
        try {
            channel.truncate(size);
            channel.force(true);
        } catch (IOException e) {
            broken = true;
            log.error("journal {}: a failed write could not be taken back: {}", file, describe(e));
        }
    }

    private static String describe(IOException e) {
        String what = e.getClass().getSimpleName();
        String hint = e instanceof java.nio.file.AccessDeniedException || e instanceof java.nio.file.FileSystemException
                && String.valueOf(e.getMessage()).contains("Read-only") ? " (is the state directory read-only?)" : "";
        return what + " " + e.getMessage() + hint;
    }
}
