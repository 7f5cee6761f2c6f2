package org.shogiban.hall;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** The whole hall as the arbiter's page reads it ({@code GET /api/hall}): boards, open and closed calls, rounds. */
final class HallView {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HallView() {
    }

    /** Called by the hall with its lock held. */
    static ObjectNode of(String hallId, long version, Collection<HallBoard> boards, List<String> faults,
                         ArrayNode rounds) {
        ObjectNode o = JSON.createObjectNode();
        o.put("hall", hallId);
        o.put("version", version);
        ArrayNode f = o.putArray("faults");
        faults.forEach(f::add);
        ArrayNode list = o.putArray("boards");
        ArrayNode calls = o.putArray("calls");
        for (HallBoard b : boards) {
            list.add(board(b));
            calls(b, calls);
        }
        o.set("rounds", rounds);
        return o;
    }

    /** One board's entry of {@code boards}. */
    static ObjectNode board(HallBoard b) {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", b.id);
        n.put("status", b.status);
        n.put("seq", b.feed.last());
        n.put("life", b.life);
        n.put("flagged", b.flagged());
        n.set("state", b.state == null ? null : b.state.tree());
        n.put("sente", b.recordHeader == null ? null : b.recordHeader.path("先手").asText(
                b.recordHeader.path("下手").asText(null)));
        n.put("gote", b.recordHeader == null ? null : b.recordHeader.path("後手").asText(
                b.recordHeader.path("上手").asText(null)));
        return n;
    }

    /** A board's calls, open and acknowledged, added to {@code calls} in the order they were raised. */
    static void calls(HallBoard b, ArrayNode calls) {
        for (HallBoard.Call c : b.calls) {
            ObjectNode cn = calls.addObject();
            cn.put("board", c.board());
            cn.put("life", c.life());
            cn.put("seq", c.seq());
            cn.put("kind", c.kind().name().toLowerCase(Locale.ROOT));
            cn.put("text", c.text());
            cn.put("wallMillis", c.wallMillis());
            cn.put("acknowledged", c.acknowledged());
            cn.put("acknowledgedBy", c.acknowledgedBy());
            cn.put("acknowledgedMillis", c.acknowledgedMillis());
        }
    }
}
