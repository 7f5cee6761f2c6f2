package org.shogiban.hal.config;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a configuration file into {@link Properties}, refusing with one plain {@link ConfigException} what
 * {@link Properties#load} would pass over or explain badly: a missing file, a UTF-8 byte-order mark, bytes that are not
 * UTF-8, a malformed backslash-u escape, a key given twice.
 */
final class ConfigFile {
    private ConfigFile() {
    }

    /**
     * The text of a configuration file, refused with one plain line when it is missing, unreadable, starts with a
     * UTF-8 byte-order mark (an editor's choice that would make the first key unknown) or is not valid UTF-8 (Java
     * would quietly replace the bytes, and a key or value would change without a word).
     */
    static String readText(Path file) {
        String name = file.toString();
        if (!Files.exists(file)) {
            throw new ConfigException(name, "(file)", name, "an existing file; " + name + " does not exist");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ConfigException(name, "(file)", name, "a readable UTF-8 properties file (" + e + ")");
        }
        return decode(bytes, name);
    }

    /** Decodes a file's bytes as strict UTF-8 (see {@link #readText}). */
    static String decode(byte[] bytes, String source) {
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            throw new ConfigException(source + ":1", "(file)", "EF BB BF", "UTF-8 without a byte-order mark; the"
                    + " file starts with one (bytes EF BB BF): save it as UTF-8 without BOM");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes);
            int line = 1;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            throw new ConfigException(source + ":" + line, "(file)", String.format("byte 0x%02X", bytes[bad] & 0xFF),
                    "UTF-8 text; byte " + bad + " (line " + line + ") is not valid UTF-8 (a file saved as Latin-1 or"
                            + " Shift_JIS?): save it as UTF-8");
        }
    }

    /** The offset of the first byte that does not decode as UTF-8. */
    private static int firstInvalidUtf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        CoderResult r = decoder.decode(in, out, true);
        return r.isError() ? in.position() : bytes.length - 1;
    }

    /**
     * Reads properties text. {@link Properties#load} refuses a malformed backslash-u escape (one not followed by four
     * hexadecimal digits) with an exception that names no line; this names the file, the line, its key and value.
     * A key given twice is refused: {@link Properties} would keep the later value without a word (a stray trailing
     * backslash that joins two lines is one way to get there).
     */
    static Properties properties(String text, String source) {
        Map<String, List<String>> duplicates = new LinkedHashMap<>();
        Properties p = new Properties() {
            private static final long serialVersionUID = 1L;

            @Override
            public synchronized Object put(Object key, Object value) {
                Object before = super.put(key, value);
                if (before != null) {
                    duplicates.computeIfAbsent((String) key, k -> new ArrayList<>(List.of((String) before)))
                            .add((String) value);
                }
                return before;
            }
        };
        try {
            p.load(new StringReader(text));
        } catch (IllegalArgumentException e) {
            throw malformedEscape(text, source);
        } catch (IOException e) {
            throw new IllegalStateException("a StringReader does not fail", e);
        }
        if (!duplicates.isEmpty()) {
            Map.Entry<String, List<String>> first = duplicates.entrySet().iterator().next();
            throw new ConfigException(source, first.getKey(), String.join("' and '", first.getValue()),
                    "each key once; it is given " + first.getValue().size() + " times" + linesOf(text, first.getKey())
                            + " and only the last would count (a trailing backslash joins the next line to a value)");
        }
        Properties plain = new Properties();
        plain.putAll(p);
        return plain;
    }

    /** " (lines 4 and 9)": the lines that start with {@code key}, for a duplicate's message. */
    private static String linesOf(String text, String key) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].stripLeading();
            int sep = firstSeparator(t);
            if (sep > 0 && t.substring(0, sep).equals(key)) {
                found.add(Integer.toString(i + 1));
            }
        }
        return found.size() < 2 ? "" : " (lines " + String.join(" and ", found) + ")";
    }

    private static ConfigException malformedEscape(String text, String source) {
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String trimmed = line.stripLeading();
            if (trimmed.startsWith("#") || trimmed.startsWith("!") || !hasMalformedEscape(line)) {
                continue;
            }
            int sep = firstSeparator(trimmed);
            String key = sep < 0 ? trimmed : trimmed.substring(0, sep).strip();
            String value = sep < 0 ? "" : trimmed.substring(sep + 1).strip();
            return new ConfigException(source + ":" + (i + 1), key, value,
                    "\\u followed by four hexadecimal digits, or the character itself (the file is UTF-8)");
        }
        return new ConfigException(source, "(file)", source, "\\u followed by four hexadecimal digits");
    }

    private static boolean hasMalformedEscape(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) != '\\') {
                continue;
            }
            if (i + 1 < line.length() && line.charAt(i + 1) == 'u') {
                if (i + 6 > line.length() || !line.substring(i + 2, i + 6).chars().allMatch(ConfigKeys::isHexDigit)) {
                    return true;
                }
            }
            i++; // the escaped character
        }
        return false;
    }

    private static int firstSeparator(String line) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                return i;
            }
        }
        return -1;
    }

}
