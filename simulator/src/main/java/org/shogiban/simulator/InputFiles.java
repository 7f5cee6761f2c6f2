package org.shogiban.simulator;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the files a simulator command is given. Whatever goes wrong (no such file, a directory, no permission, more
 * than {@link #MAX_BYTES}, bytes that are not UTF-8) is one {@link SimulatorCommand.UsageError} naming the file: exit
 * code 2, one line, no exception text.
 */
public final class InputFiles {
    /** The most a trace or record file may hold: far above any real one, far below what would exhaust memory. */
    public static final int MAX_BYTES = 16 * 1024 * 1024;

    private InputFiles() {
    }

    /** The bytes of a file. */
    public static byte[] bytes(Path file) {
        if (Files.isDirectory(file)) {
            throw new SimulatorCommand.UsageError(file + ": is a directory, not a file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new SimulatorCommand.UsageError(file + ": more than " + MAX_BYTES / (1024 * 1024)
                        + " MB; a trace or record is far smaller");
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw new SimulatorCommand.UsageError(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new SimulatorCommand.UsageError(file + ": permission denied");
        } catch (IOException e) {
            throw new SimulatorCommand.UsageError(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }

    /** The text of a UTF-8 file; other bytes are refused with the offset of the first one that is not UTF-8. */
    public static String utf8(Path file) {
        byte[] bytes = bytes(file);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SimulatorCommand.UsageError(file + ": not UTF-8 text (byte " + firstBadByte(bytes)
                    + " is not); save it as UTF-8");
        }
    }

    private static int firstBadByte(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        var out = java.nio.CharBuffer.allocate(bytes.length + 1);
        decoder.decode(in, out, true);
        return in.position() + 1;
    }
}
