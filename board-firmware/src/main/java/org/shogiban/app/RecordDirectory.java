package org.shogiban.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import org.shogiban.journal.AtomicFiles;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps game records as UTF-8 KIF files ({@code .kifu}) in one directory, each written safely: the new text goes to
 * a temporary file in the same directory, is forced to the disk, is then renamed over the old file in one atomic
 * step, and the directory is forced to the disk ({@link AtomicFiles}), so a power cut leaves either the previous
 * record or the new one, never half a file, and a saved record stays saved.
 */
public final class RecordDirectory implements RecordSink {
    private static final Logger log = LoggerFactory.getLogger(RecordDirectory.class);
    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss");

    private final Path directory;

    public RecordDirectory(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    public Path directory() {
        return directory;
    }

    /**
     * Checks at start that records can be kept in a directory: it exists or can be made, and a file can be written
     * in it (and is removed again). A board asked to keep records where it cannot must say so before the first game,
     * not lose every game's save.
     *
     * @throws IllegalArgumentException one sentence naming the directory and why
     */
    public static void checkUsable(Path directory) {
        try {
            Files.createDirectories(directory);
            Files.delete(Files.createTempFile(directory, ".shogiban-check-", ".tmp"));
        } catch (IOException | RuntimeException e) {
            String why = e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason()
                    : e instanceof java.nio.file.FileAlreadyExistsException ? "a file of that name is in the way"
                    : e.getClass().getSimpleName() + " " + e.getMessage();
            throw new IllegalArgumentException("records directory " + directory + " cannot be used: " + why
                    + "; no game could be saved there");
        }
    }

    /** The file name of a game started at a time: {@code 2025-03-01T14-05-09.kifu} (local time, no colons). */
    public static String fileName(Instant start, ZoneId zone) {
        return NAME.format(start.atZone(zone)) + ".kifu";
    }

    @Override
    public void save(String name, GameRecord record) {
        try {
            write(name, record);
        } catch (IOException | RuntimeException e) {
            log.error("game record {} could not be saved in {}: {}", name, directory, e.toString());
            log.debug("saving {} failed", name, e);
        }
    }

    @Override
    public void discard(String name) {
        if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            return;
        }
        try {
            if (Files.deleteIfExists(directory.resolve(name))) {
                log.info("game record {} removed: its game was replaced before its first move", name);
            }
        } catch (IOException e) {
            log.warn("empty game record {} could not be removed from {}: {}", name, directory, e.toString());
        }
    }

    /** Writes a record atomically and returns its path; throws when it cannot. */
    public Path write(String name, GameRecord record) throws IOException {
        if (name.contains("/") || name.contains("\\") || name.startsWith(".")) {
            throw new IllegalArgumentException("record name '" + name + "' must be a plain file name");
        }
        if (!Files.isDirectory(directory)) {
            // not at every save: createDirectories on an existing directory throws and catches an exception inside
            Files.createDirectories(directory);
        }
        Path target = directory.resolve(name);
        AtomicFiles.write(target, GameRecords.encode(record, RecordFormat.KIFU));
        log.debug("game record saved: {} ({} moves, end {})", target, record.recordedMoves().size(),
                record.end().kind());
        return target;
    }
}
