package org.shogiban.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.formats.GameRecords;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormat;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordedMove;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.GameStatus;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/** The host script of docs/serial-protocol.md (docs/save-games.py) saves a finished game as a byte-exact KIF file. */
@Tag("slow")
@Timeout(60)
class SaveGamesScriptTest {
    @TempDir
    Path dir;

    @Test
    void theScriptSavesEachFinishedGameAsKif() throws Exception {
        assumeThat(PtyPair.available()).isTrue();
        // tests run in the module's directory; the script is in the repository's docs/
        Path script = Path.of("..", "docs", "save-games.py").toAbsolutePath().normalize();
        assertThat(script).exists();
        GameRecord record = new GameRecord(Position.startpos(), RecordHeader.EMPTY.with(RecordHeader.SENTE, "先手"),
                List.of(), List.of(RecordedMove.of(Move.parseUsi("7g7f"), Duration.ofSeconds(4)),
                RecordedMove.of(Move.parseUsi("3c3d"), Duration.ofSeconds(9))),
                RecordEnd.of(EndKind.RESIGNATION, Side.SENTE));
        MemoryEventLog events = new MemoryEventLog(100);
        FakeBoard board = new FakeBoard().numberWith(events);
        board.records.put("current", record);
        try (PtyPair pair = new PtyPair(dir).start();
             LinkService link = new LinkService(board, events,
                     new JSerialCommTransport(pair.boardEnd(), 115_200),
                     new LinkSettings("t", "t", Optional.empty(), 64, 1 << 20, 100, 200))) {
            link.start();
            Process python = new ProcessBuilder("python3", script.toString(), pair.hostEnd().toString())
                    .directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(python.getInputStream(),
                        StandardCharsets.UTF_8));
                CompletableFuture<String> saved = CompletableFuture.supplyAsync(() -> {
                    try {
                        return out.readLine();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                // the events reach the script once the link has the device open: emit until it answers
                String name = null;
                for (int i = 0; i < 50 && name == null; i++) {
                    board.emit(LinkEvent.game("2025-03-01T14-05-09", Position.startpos()));
                    board.emit(LinkEvent.result(GameResult.of(GameStatus.RESIGNATION, Side.GOTE), 2));
                    try {
                        name = saved.get(300, TimeUnit.MILLISECONDS);
                    } catch (java.util.concurrent.TimeoutException e) {
                        // not yet
                    }
                }
                assertThat(name).isEqualTo("2025-03-01T14-05-09.kif");
                assertThat(Files.readAllBytes(dir.resolve(name))).isEqualTo(GameRecords.encode(record,
                        RecordFormat.KIF));
            } finally {
                python.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }
}
