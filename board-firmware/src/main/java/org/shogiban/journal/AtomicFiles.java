package org.shogiban.journal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces a file so that a power cut at any instant leaves either the old content or the new, whole: the new content
 * goes to a temporary file in the same directory ({@code .NAME.tmp}), the file is forced to the disk, renamed over the
 * target in one atomic step, and the directory is forced to the disk so that the rename itself survives.
 */
public final class AtomicFiles {
    private static final Logger log = LoggerFactory.getLogger(AtomicFiles.class);

    private AtomicFiles() {
    }

    /** Writes {@code content} to {@code target} atomically and durably; the directory must exist. */
    public static void write(Path target, byte[] content) throws IOException {
        Path name = target.getFileName();
        if (name == null) {
            throw new IllegalArgumentException("not a file path: " + target);
        }
        Path directory = directory(target);
        Path temp = directory.resolve(tempName(name.toString()));
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            writeFully(channel, ByteBuffer.wrap(content));
            channel.force(true);
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            log.warn("{} cannot rename atomically; replacing {} in place", directory, name);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        syncDirectory(directory);
    }

    /** The temporary file name used for a target name (left behind only by a crash mid-write). */
    static String tempName(String targetName) {
        return "." + targetName + ".tmp";
    }

    /**
     * Forces a directory's entries (created, renamed or removed files) to the disk. Works on Linux and macOS; where a
     * directory cannot be opened (Windows) there is nothing to force and the failure is logged once at debug level.
     */
    public static void syncDirectory(Path directory) throws IOException {
        try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (UnsupportedOperationException | java.nio.file.AccessDeniedException e) {
            log.debug("cannot force directory {} to disk: {}", directory, e.toString());
        }
    }

    /** Writes the whole buffer (a channel may write less than asked). */
    static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    private static Path directory(Path target) {
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null) {
            throw new IllegalArgumentException("no directory above " + target);
        }
        return parent;
    }
}
