package org.shogiban.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.shogiban.notation.formats.GameRecords;

/**
 * The game record a command reads: a file, or standard input for {@code -}. At most
 * {@link GameRecords#MAX_RECORD_BYTES} bytes are read (one more to tell a larger input); anything that is not a
 * readable record of that size is refused in one line ({@link UsageException}, exit code 2).
 */
final class RecordInput {
    private RecordInput() {
    }

    /** The bytes of the named input; {@code -} is standard input. */
    static byte[] read(String name, InputStream stdin) {
        if (name.equals("-")) {
            try {
                return capped(stdin, "standard input");
            } catch (IOException e) {
                throw new UsageException("cannot read standard input: " + e.getMessage());
            }
        }
        Path path;
        try {
            path = Path.of(name);
        } catch (InvalidPathException e) {
            throw new UsageException("not a file name: " + e.getMessage());
        }
        if (Files.isDirectory(path)) {
            throw new UsageException(name + " is a directory; expected a game record file");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return capped(in, name);
        } catch (NoSuchFileException e) {
            throw new UsageException("no such file: " + name);
        } catch (AccessDeniedException e) {
            throw new UsageException("cannot read " + name + ": permission denied");
        } catch (IOException e) {
            throw new UsageException("cannot read " + name + ": " + e.getMessage());
        }
    }

    private static byte[] capped(InputStream in, String what) throws IOException {
        byte[] bytes = in.readNBytes(GameRecords.MAX_RECORD_BYTES + 1);
        if (bytes.length > GameRecords.MAX_RECORD_BYTES) {
            throw new UsageException(what + " is larger than " + GameRecords.MAX_RECORD_BYTES
                    + " bytes (4 MiB), the most a game record may be");
        }
        return bytes;
    }
}
