package org.shogiban.simulator.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.shogiban.rules.Game;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.session.BoardEvent;
import org.shogiban.simulator.words.KifuWords;

/**
 * The page's words for players: a hint in kifu words, never USI coordinates; one word for a pause and another for an
 * abort, in both tables.
 */
class PageWordsTablesTest {
    private static JsonNode table(String language) throws Exception {
        try (InputStream in = PageWordsTablesTest.class.getResourceAsStream("messages_" + language + ".json")) {
            return new ObjectMapper().readTree(in);
        }
    }

    @Test
    void aHintIsSaidInKifuWords() throws Exception {
        Game game = new Game(Position.startpos());
        game.play(Move.parseUsi("7g7f"));
        Move hint = Move.parseUsi("3c3d");
        String kifu = KifuWords.ofNext(Optional.of(game), hint, game.current().sideToMove()).orElseThrow();
        assertThat(kifu).isEqualTo("☖３四歩");
        PageWords words = EventWords.of(new BoardEvent.HintShown(0, 2, hint), kifu, 1);
        assertThat(words.args()).containsEntry("kifu", "☖３四歩");
        assertThat(table("ja").get("log.hint").asText()).contains("{kifu}").doesNotContain("{usi}");
        assertThat(table("en").get("log.hint").asText()).contains("{kifu}");
    }

    @Test
    void aPauseAndAnAbortHaveAWordEach() throws Exception {
        for (String language : new String[] {"ja", "en"}) {
            JsonNode t = table(language);
            String abort = t.get("status.ABORTED").asText();
            assertThat(t.get("state.paused").asText()).as(language).doesNotContain(abort);
        }
        assertThat(table("ja").get("state.paused").asText()).isEqualTo("一時停止中。");
    }
}
