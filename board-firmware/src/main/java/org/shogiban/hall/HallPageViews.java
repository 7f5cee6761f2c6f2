package org.shogiban.hall;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * The arbiter page's long-poll answers of changes ({@code GET /api/hall?since=V}): the boards whose entry changed
 * since version V with their calls, the rounds when they changed, the hall's faults; the whole hall (with
 * {@code "full": true}) to a page that is new or whose version is not of this hall. Made once per frame of
 * {@link Hall#FRAME_MILLIS} and shared by every page that waits on the same version, as bytes (and gzip bytes, made
 * once when a page accepts them) with an entity tag.
 *
 * <p>It finds what changed itself, so no change can be missed by a path of the hall that forgot to say so: at each
 * frame it writes again the entry of every board whose parts are not the same objects as at the last frame (a new
 * snapshot, status, number, call...), and once every {@link #CHECK_EVERY} frames every board's entry (a part changed
 * in place is found within a second), compares it with the last one and stamps a changed one with the hall's version.
 * Owned by {@link Hall}, which calls it with its lock held.
 */
final class HallPageViews {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The key of the whole hall among a frame's answers. */
    private static final long WHOLE = Long.MIN_VALUE;
    /** Every this many frames every board's entry is written again, however it looks. */
    static final long CHECK_EVERY = 4;
    /** Answers kept per frame, at most (pages at as many different versions). */
    private static final int MAX_ANSWERS = 64;

    /** The hall as it is now, read with the hall's lock held. */
    record Now(String hallId, long version, Collection<HallBoard> boards, List<String> faults,
               Supplier<ArrayNode> rounds, LongSupplier bump) {
    }

    /** One answer: the JSON bytes, its version and entity tag; gzip bytes made on the first ask. */
    static final class Answer {
        final byte[] json;
        final long version;
        final String etag;
        private final ReentrantLock gzipping = new ReentrantLock();
        private byte[] gzip;

        private Answer(byte[] json, long version, String etag) {
            this.json = json;
            this.version = version;
            this.etag = etag;
        }

        /** The gzip bytes, made once by the first page that accepts them (not under the hall's lock). */
        byte[] gzip() {
            gzipping.lock();
            try {
                if (gzip == null) {
                    gzip = gzip(json);
                }
                return gzip;
            } finally {
                gzipping.unlock();
            }
        }

        private static byte[] gzip(byte[] bytes) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 4 + 64);
            try (GZIPOutputStream z = new GZIPOutputStream(out, 8192) {
                {
                    def.setLevel(Deflater.BEST_SPEED);
                }
            }) {
                z.write(bytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }
    }

    /** A board's entry and calls as written at the last frame, the parts it was written from, its last change. */
    private record Entry(String board, String calls, long stamp, Parts parts) {
    }

    /** The objects a board's entry is made of, to tell at a glance that none was replaced. */
    private record Parts(String status, long seq, int life, Object state, Object header, List<HallBoard.Call> calls) {
        static Parts of(HallBoard b) {
            return new Parts(b.status, b.feed.last(), b.life, b.state, b.recordHeader, List.copyOf(b.calls));
        }

        boolean same(HallBoard b) {
            if (status != b.status || seq != b.feed.last() || life != b.life || state != b.state
                    || header != b.recordHeader || calls.size() != b.calls.size()) {
                return false;
            }
            for (int i = 0; i < calls.size(); i++) {
                if (calls.get(i) != b.calls.get(i)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** By board id, in the hall's order: what the frame's answers are made of (a board new since waits a frame). */
    private final Map<String, Entry> entries = new TreeMap<>();
    private final Map<Long, Answer> answers = new HashMap<>();
    private String rounds = "[]";
    private String faults = "[]";
    private long roundsStamp;
    /** The version of the first frame: a page whose version is older (another hall life) gets the whole hall. */
    private long base = -1;
    private long frame = -1;
    private long frameVersion = -1;

    /**
     * The answer for a page at version {@code after} ({@code < 0}: a new page, which gets the whole hall).
     *
     * @param frameNumber the frame now (the wall time over {@link Hall#FRAME_MILLIS})
     */
    Answer changes(long after, long frameNumber, Now now) {
        if (frameNumber != frame) {
            refresh(now, frameNumber % CHECK_EVERY == 0);
            frame = frameNumber;
            answers.clear();
        }
        long key = after < base || after > frameVersion ? WHOLE : after;
        Answer a = answers.get(key);
        if (a == null) {
            a = key == WHOLE ? whole(now) : since(key, now);
            if (answers.size() >= MAX_ANSWERS) {
                answers.clear();
            }
            answers.put(key, a);
        }
        return a;
    }

    /**
     * Writes the entries of the boards that may have changed (all of them when {@code all}); stamps the changed ones
     * with the version (moved on if nothing else moved it).
     */
    private void refresh(Now now, boolean all) {
        long version = now.version();
        boolean bumped = false;
        for (HallBoard b : now.boards()) {
            Entry e = entries.get(b.id);
            if (!all && e != null && e.parts().same(b)) {
                continue;
            }
            String board = HallView.board(b).toString();
            ArrayNode cs = JSON.createArrayNode();
            HallView.calls(b, cs);
            String calls = cs.toString();
            if (e == null || !e.board().equals(board) || !e.calls().equals(calls)) {
                if (version == frameVersion && !bumped) {
                    // changed without a new version (a change the hall did not count): a version of its own
                    version = now.bump().getAsLong();
                    bumped = true;
                }
                entries.put(b.id, new Entry(board, calls, version, Parts.of(b)));
            } else {
                entries.put(b.id, new Entry(e.board(), e.calls(), e.stamp(), Parts.of(b)));
            }
        }
        String r = now.rounds().get().toString();
        String f = JSON.valueToTree(now.faults()).toString();
        if (!r.equals(rounds) || !f.equals(faults)) {
            // the faults go with every answer, but a new version tells a page's cache (ETag) they changed
            if (version == frameVersion && !bumped) {
                version = now.bump().getAsLong();
            }
            roundsStamp = r.equals(rounds) ? roundsStamp : version;
            rounds = r;
            faults = f;
        }
        if (base < 0) {
            base = version;
        }
        frameVersion = version;
    }

    private Answer whole(Now now) {
        StringBuilder s = head(now, true);
        StringBuilder calls = new StringBuilder();
        boolean first = true;
        for (Entry e : entries.values()) {
            s.append(first ? "" : ",").append(e.board());
            first = false;
            appendCalls(calls, e.calls());
        }
        s.append("],\"calls\":[").append(calls).append("],\"rounds\":").append(rounds).append('}');
        return answer(s, "w");
    }

    private Answer since(long after, Now now) {
        StringBuilder s = head(now, false);
        StringBuilder calls = new StringBuilder();
        boolean first = true;
        for (Entry e : entries.values()) {
            if (e.stamp() > after) {
                s.append(first ? "" : ",").append(e.board());
                first = false;
                appendCalls(calls, e.calls());
            }
        }
        s.append("],\"calls\":[").append(calls).append(']');
        if (roundsStamp > after) {
            s.append(",\"rounds\":").append(rounds);
        }
        s.append('}');
        return answer(s, "d" + after);
    }

    private StringBuilder head(Now now, boolean whole) {
        StringBuilder s = new StringBuilder(4096);
        try {
            s.append("{\"hall\":").append(JSON.writeValueAsString(now.hallId())).append(",\"version\":")
                    .append(frameVersion).append(",\"full\":").append(whole).append(",\"faults\":")
                    .append(faults).append(",\"boards\":[");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return s;
    }

    private static void appendCalls(StringBuilder calls, String array) {
        if (array.length() > 2) {
            calls.append(calls.isEmpty() ? "" : ",").append(array, 1, array.length() - 1);
        }
    }

    private Answer answer(StringBuilder s, String kind) {
        return new Answer(s.toString().getBytes(StandardCharsets.UTF_8), frameVersion,
                "\"" + frameVersion + "-" + kind + "\"");
    }
}
