package org.shogiban.hall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A board's snapshot at the hall: read in one pass for its number and game, kept as it came, a tree when asked. */
class BoardStateTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SNAPSHOT = "{\"phase\":\"PLAYING\",\"ply\":3,\"sfen\":\"lnsgkgsnl/1r5b1/ppppppppp/9/9/"
            + "2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 4\",\"moves\":[\"7g7f\",\"3c3d\",\"2g2f\"],\"clock\":{\"running\":"
            + "\"gote\",\"sente\":{\"mainMs\":598000}},\"faults\":[],\"gameId\":\"2026-11-27T13-00-00\",\"seq\":17}";

    @Test
    void theNumberAndTheGameAreReadAndTheDocumentIsKeptAsItCame() throws Exception {
        BoardState s = BoardState.read(bytes(SNAPSHOT));

        assertThat(s.seq()).isEqualTo(17);
        assertThat(s.gameId()).isEqualTo("2026-11-27T13-00-00");
        assertThat(s.tree()).isEqualTo(JSON.readTree(SNAPSHOT));
        // written inside the board's document on disk as it came, and read back the same
        JsonNode doc = JSON.readTree(JSON.createObjectNode().putRawValue("state", s.raw()).toString());
        assertThat(doc.get("state")).isEqualTo(JSON.readTree(SNAPSHOT));
        BoardState back = BoardState.of(doc.get("state"));
        assertThat(back.seq()).isEqualTo(17);
        assertThat(back.gameId()).isEqualTo("2026-11-27T13-00-00");
    }

    @Test
    void aSnapshotWithoutNumberOrGameHasZeroAndNone() {
        BoardState s = BoardState.read(bytes("{\"phase\":\"SETUP\",\"gameId\":null}"));

        assertThat(s.seq()).isZero();
        assertThat(s.gameId()).isNull();
        assertThat(BoardState.of(s.tree()).gameId()).isNull();
    }

    @Test
    void whatIsNotOneJsonObjectIsNoSnapshot() {
        for (String bad : new String[] {"", "[1,2]", "\"text\"", "{\"seq\":1", "{\"seq\":1} {}", "{\"seq\":1}x",
                "{\"seq\":}", "not json"}) {
            assertThat(BoardState.read(bytes(bad))).as(bad).isNull();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
