package org.shogiban.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The link's events in a file of the state directory, one line each ({@code 12 MOVE 1 7g7f +7776FU,T3}), appended and
 * forced to the disk before {@link #append} returns, so that the numbering survives a restart or a power cut and a
 * host's {@code SINCE} finds every event pushed. Bounded: the last {@code keep} events are kept; when the file holds
 * twice as many it is rewritten with the last {@code keep} (new file, forced, renamed over the old one, directory
 * forced). A line cut off by a power cut is dropped when the file is opened; a line that cannot be read is skipped
 * with a warning, and the numbering goes on from the highest number read.
 */
public final class FileEventLog implements EventLog {
    private static final Logger log = LoggerFactory.getLogger(FileEventLog.class);

    /** The file's name in the state directory. */
    public static final String FILE_NAME = "link-events.log";

    private final Path file;
    private final int keep;
    private final MemoryEventLog kept;
    private FileChannel channel;
    private long linesInFile;
    /** Whether the last write failed (said once until a write works again). */
    private boolean failing;

    private FileEventLog(Path file, int keep, MemoryEventLog kept, long linesInFile) throws IOException {
        this.file = file;
        this.keep = keep;
        this.kept = kept;
        this.linesInFile = linesInFile;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
    }

    /** Opens (or creates) the log in a directory, keeping the last {@code keep} events. */
    public static FileEventLog open(Path directory, int keep) {
        try {
            Files.createDirectories(directory);
            Path file = directory.resolve(FILE_NAME);
            MemoryEventLog kept = new MemoryEventLog(keep);
            long lines = 0;
            if (Files.exists(file)) {
                byte[] bytes = Files.readAllBytes(file);
                int whole = lastLineEnd(bytes);
                if (whole < bytes.length) {
                    log.warn("{}: the last event was cut off mid-write ({} bytes); dropped", file,
                            bytes.length - whole);
                    try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        c.truncate(whole);
                        c.force(true);
                    }
                }
                lines = readInto(kept, file, new String(bytes, 0, whole, StandardCharsets.UTF_8));
            }
            log.info("link event log {}: events up to {} ({} kept)", file, kept.lastSeq(), kept.size());
            return new FileEventLog(file, keep, kept, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("link event log in " + directory + ": " + e.getMessage(), e);
        }
    }

    private static int lastLineEnd(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }

    private static long readInto(MemoryEventLog kept, Path file, String text) {
        long lines = 0;
        int number = 0;
        for (String line : text.split("\n")) {
            number++;
            if (line.isEmpty()) {
                continue;
            }
            lines++;
            try {
                LoggedEvent e = LoggedEvent.parse(line);
                if (e.seq() <= kept.lastSeq()) {
                    throw new IllegalArgumentException("number " + e.seq() + " after " + kept.lastSeq());
                }
                kept.keep(e);
            } catch (IllegalArgumentException e) {
                log.warn("{} line {}: skipped, not an event: {}", file, number, e.getMessage());
            }
        }
        return lines;
    }

    @Override
    public synchronized LoggedEvent append(LinkEvent event) {
        return appendAll(List.of(event)).get(0);
    }

    @Override
    public synchronized List<LoggedEvent> appendAll(List<LinkEvent> events) {
        List<LoggedEvent> numbered = kept.reserve(events);
        keep(numbered);
        return numbered;
    }

    @Override
    public List<LoggedEvent> reserve(List<LinkEvent> events) {
        return kept.reserve(events);
    }

    @Override
    public long lastNumbered() {
        return kept.lastNumbered();
    }

    /** Writes the events in one go and forces the disk, then shows them to {@link #since}. */
    @Override
    public synchronized void keep(List<LoggedEvent> numbered) {
        if (numbered.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder(numbered.size() * 48);
        for (LoggedEvent e : numbered) {
            text.append(e.text()).append('\n');
        }
        try {
            ByteBuffer lines = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (lines.hasRemaining()) {
                channel.write(lines);
            }
            channel.force(false);
            linesInFile += numbered.size();
            if (failing) {
                failing = false;
                log.warn("{}: written again from event {} on", file, numbered.get(0).seq());
            }
        } catch (IOException ex) {
            // the events are still numbered, kept in memory and pushed: a full or failing disk must not stop the link;
            // those of journalled changes are in the journal too (it shows the disk's fault), the others are lost at
            // a restart. Said once, not per event.
            if (!failing) {
                failing = true;
                log.error("{}: events from {} on not written: {}", file, numbered.get(0).seq(), ex.toString());
            }
        }
        kept.keep(numbered);
        if (linesInFile >= 2L * keep) {
            try {
                compact();
            } catch (IOException ex) {
                log.error("{}: compaction failed: {}", file, ex.toString());
            }
        }
    }

    /** Rewrites the file with the kept events only. */
    private void compact() throws IOException {
        Path temp = file.resolveSibling("." + FILE_NAME + ".tmp");
        List<LoggedEvent> events = kept.since(0);
        StringBuilder text = new StringBuilder(events.size() * 40);
        for (LoggedEvent e : events) {
            text.append(e.text()).append('\n');
        }
        try (FileChannel c = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer b = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                c.write(b);
            }
            c.force(true);
        }
        channel.close();
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        try (FileChannel dir = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            log.debug("{}: the directory cannot be forced here: {}", file, e.toString());
        }
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        linesInFile = events.size();
        log.debug("{}: compacted to events {}..{}", file, kept.firstKeptSeq(), kept.lastSeq());
    }

    @Override
    public List<LoggedEvent> since(long seq) {
        return kept.since(seq);
    }

    @Override
    public long lastSeq() {
        return kept.lastSeq();
    }

    @Override
    public long firstKeptSeq() {
        return kept.firstKeptSeq();
    }

    /** The file the events are in. */
    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            log.warn("{}: closing failed: {}", file, e.toString());
        }
    }
}
