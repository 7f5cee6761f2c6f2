package org.shogiban.app;

import org.shogiban.port.PortLinkedBoard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.hal.SensorKind;
import org.shogiban.inference.CommitPolicy;
import org.shogiban.link.LinkEvent;
import org.shogiban.link.MemoryEventLog;
import org.shogiban.link.BoardAnswer;
import org.shogiban.link.NewGameOptions;
import org.shogiban.rules.Position;

/** The link's port over a part's port on the runtime: events, state, games, and what it refuses. */
class BoardApplicationLinkTest {
    @TempDir
    Path records;

    @Test
    void movesBecomeLinkEventsWithTheirCsaTimeAndTheStateShowsTheGame() throws Exception {
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos(),
                new RecordDirectory(records));
        PortLinkedBoard link = attach(rig, records);
        List<LinkEvent> events = new ArrayList<>();
        link.subscribe(e -> events.add(e.event()));
        rig.layOut(Position.startpos()).run(600);
        rig.run(3000).move("7g", "7f").run(11_000).move("3c", "3d");

        assertThat(events).extracting(LinkEvent::text).hasSize(4).startsWith(
                "SETUP " + Position.startpos().toSfen(),
                "GAME 2025-03-01T05-05-09 " + Position.startpos().toSfen());
        // the times are the record's, cut down to whole seconds
        var recorded = link.record("current").orElseThrow().recordedMoves();
        assertThat(events.get(2).text()).isEqualTo("MOVE 1 7g7f +7776FU,T" + recorded.get(0).timeUsed().toSeconds());
        assertThat(events.get(3).text()).isEqualTo("MOVE 2 3c3d -3334FU,T" + recorded.get(1).timeUsed().toSeconds());
        assertThat(recorded.get(1).timeUsed().toSeconds()).isBetween(11L, 12L);
        JsonNode state = new ObjectMapper().readTree(link.stateJson());
        assertThat(state.get("phase").asText()).isEqualTo("PLAYING");
        assertThat(state.get("gameId").asText()).isEqualTo("2025-03-01T05-05-09");
        assertThat(state.get("ply").asInt()).isEqualTo(2);
        assertThat(state.get("moves").toString()).isEqualTo("[\"7g7f\",\"3c3d\"]");
        assertThat(state.get("toMove").asText()).isEqualTo("sente");
        assertThat(state.get("result").isNull()).isTrue();
        assertThat(link.record("current").orElseThrow().moves()).hasSize(2);
        assertThat(link.games()).singleElement().satisfies(g -> {
            assertThat(g.id()).isEqualTo("2025-03-01T05-05-09");
            assertThat(g.plies()).isEqualTo(2);
            assertThat(g.result()).isEqualTo("NONE none");
        });
        assertThat(link.record("../etc/passwd")).isEmpty();
        assertThat(link.record("1999-01-01T00-00-00")).isEmpty();
    }

    /** The link's port as {@link SerialLinks#part} makes it: over a part's port, with the board's event stream. */
    static PortLinkedBoard attach(Rig rig, Path records, String... parts) {
        return new PortLinkedBoard(Ports.port(rig.app, Ports.events(rig.app), records, parts));
    }

    @Test
    void theArbitersCommandReachesTheSessionAndANewGameIsRefusedWhileOneIsPlayed() {
        Rig rig = Rig.casual(Position.startpos());
        PortLinkedBoard link = attach(rig, null);
        List<LinkEvent> events = new ArrayList<>();
        link.subscribe(e -> events.add(e.event()));
        assertThat(link.arbiter(List.of("pause")).accepted()).isTrue();
        rig.run(100);
        assertThat(rig.app.view().phase()).isEqualTo(org.shogiban.session.BoardPhase.PAUSED);
        assertThat(events).extracting(LinkEvent::text).contains("ARBITER pause");
        assertThat(link.arbiter(List.of("resume")).accepted()).isTrue();
        rig.run(100);
        assertThat(rig.app.view().phase()).isEqualTo(org.shogiban.session.BoardPhase.PLAYING);
        rig.move("7g", "7f");
        assertThat(link.newGame(NewGameOptions.parse("time=main=600 sente=Habu")).text())
                .isEqualTo("a game is being played; it must end first (resign, or the arbiter's abort)");
        assertThat(link.newGame(NewGameOptions.DEFAULTS).accepted()).isFalse();
        rig.run(100);
        assertThat(rig.app.view().phase()).isEqualTo(org.shogiban.session.BoardPhase.PLAYING);
    }

    @Test
    void aHostsNewGameWithTheMovesOfTheBoardsOwnGameKeepsItAndNamesThePlayers() throws Exception {
        Rig rig = new Rig(SensorKind.OCCUPANCY, CommitPolicy.STABLE, Position.startpos(), RecordSink.NONE);
        PortLinkedBoard link = attach(rig, null);
        rig.layOut(Position.startpos()).run(600);
        rig.run(1000).move("7g", "7f").run(1000);
        assertThat(rig.app.snapshot().moves()).containsExactly("7g7f");
        // the host (the USI bridge) knew the game at ply 0: the move made since is kept too
        String start = Position.startpos().toSfen();
        BoardAnswer kept = link.newGame(NewGameOptions.parse("host=sente moves=- time=none mode=casual sfen=\""
                + start + "\" sente=Fairy gote=Sato"));
        assertThat(kept.text()).startsWith("the game goes on as the host's: host sente, 1 moves kept");
        rig.run(100);
        var s = rig.app.snapshot();
        assertThat(s.moves()).containsExactly("7g7f");
        assertThat(s.players().get("sente")).containsEntry("kind", "host").containsEntry("name", "Fairy");
        assertThat(s.players().get("gote")).containsEntry("kind", "human").containsEntry("name", "Sato");
        // moves the board's game does not begin with: no keeping; a new game asked for, to be confirmed with MENU
        BoardAnswer other = link.newGame(NewGameOptions.parse("host=sente moves=2g2f sfen=\"" + start + "\""));
        assertThat(other.text()).startsWith("a new game is asked for during a game");
        assertThatThrownBy(() -> NewGameOptions.parse("moves=7g7f")).hasMessageContaining("needs host=");
        assertThatThrownBy(() -> NewGameOptions.parse("host=gote moves=7g7x")).hasMessageContaining("no USI move");
    }
}
