package org.shogiban.hall;

import static org.shogiban.hall.HallHttp.error;
import static org.shogiban.hall.HallHttp.send;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.shogiban.notation.RecordFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live relay ({@code /relay/<board>.kif|.kifu|.csa|.jkf}, {@code /relay/}): public, read-only, open to every
 * site, with ETags. A record the hall cannot read does not silence the board: the last file that could be made is
 * served (the failure logged once per record), and a board with none yet gets a 500 that says why.
 */
final class HallRelay {
    private static final Logger log = LoggerFactory.getLogger(HallRelay.class);

    /** The file made from one record. */
    private record Made(String jkf, RelayFile file) {
    }

    private final Hall hall;
    private final Map<String, Made> lastGood = new ConcurrentHashMap<>();
    private final Map<String, String> lastBad = new ConcurrentHashMap<>();
    private final Map<String, String> lastReadable = new ConcurrentHashMap<>();

    HallRelay(Hall hall) {
        this.hall = hall;
    }

    void serve(HttpExchange x, String name) throws IOException {
        x.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
        x.getResponseHeaders().set("Access-Control-Expose-Headers", "ETag");
        String method = x.getRequestMethod();
        if (method.equals("OPTIONS")) {
            x.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, HEAD");
            x.getResponseHeaders().set("Access-Control-Allow-Headers", "If-None-Match");
            x.sendResponseHeaders(204, -1);
            return;
        }
        if (!method.equals("GET") && !method.equals("HEAD")) {
            x.getResponseHeaders().set("Allow", "GET, HEAD, OPTIONS");
            error(x, 405, "the relay is read-only");
            return;
        }
        x.getResponseHeaders().set("Cache-Control", "no-cache");
        if (name.isEmpty() || name.equals("index.html")) {
            send(x, 200, "text/html; charset=UTF-8", RelayFile.utf8(RelayIndex.html(hall)));
            return;
        }
        int dot = name.lastIndexOf('.');
        String board = dot < 0 ? "" : name.substring(0, dot);
        Optional<RecordFormat> format = dot < 0 ? Optional.empty() : RelayFile.format(name.substring(dot + 1));
        Optional<String> jkf = format.isEmpty() ? Optional.empty() : hall.record(board);
        if (jkf.isEmpty()) {
            error(x, 404, "no game on board '" + board + "' (files: <board>.kif, .kifu, .csa, .jkf)");
            return;
        }
        RelayFile file = file(board, format.get(), jkf.get());
        if (file == null) {
            error(x, 500, "the record of board " + board + " cannot be read; see the hall's log");
            return;
        }
        x.getResponseHeaders().set("ETag", file.etag());
        if (file.matches(x.getRequestHeaders().getFirst("If-None-Match"))) {
            x.sendResponseHeaders(304, -1);
            return;
        }
        send(x, 200, file.contentType(), file.bytes());
    }

    /** The file of the record, or of the last record of this board that could be read; null when none. */
    private RelayFile file(String board, RecordFormat format, String jkf) {
        String key = board + "." + format;
        Made made = lastGood.get(key);
        if (made != null && made.jkf().equals(jkf)) {
            return made.file();
        }
        try {
            RelayFile file = RelayFile.of(jkf, format);
            lastGood.put(key, new Made(jkf, file));
            lastReadable.put(board, jkf);
            return file;
        } catch (RuntimeException e) {
            if (!jkf.equals(lastBad.put(board, jkf))) {
                log.warn("hall relay: the record of board {} cannot be read ({}); the relay serves the last one it"
                        + " could", board, e.getMessage());
            }
            String readable = lastReadable.get(board);
            return readable == null || readable.equals(jkf) ? null : file(board, format, readable);
        }
    }
}
