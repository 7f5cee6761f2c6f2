package org.shogiban.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The game on the board as the bridge last learnt it: from a {@code STATE} document, then kept up by the events
 * ({@code MOVE}, {@code TAKEBACK}, {@code RESULT}); a {@code SETUP} or {@code GAME} event means a state to fetch again.
 *
 * @param seq the last event the knowledge includes
 * @param phase SETUP, PLAYING, PAUSED or OVER
 * @param gameId the game's id ({@code GET}'s), empty while none was started
 * @param startSfen the game's start position (empty when the board did not say)
 * @param sfen the position now (the move number is not compared)
 * @param moves the moves played, USI
 * @param resultStatus the result's status, or empty while the game goes on
 * @param resultWinner sente, gote or none; empty while the game goes on
 * @param hostSide the side the host plays (the players' kind {@code host}), empty when none
 * @param shownMove the host's move the board shows and waits for, empty when none
 */
public record BoardGame(long seq, String phase, String gameId, String startSfen, String sfen, List<String> moves,
                        Optional<String> resultStatus, Optional<String> resultWinner, Optional<String> hostSide,
                        Optional<String> shownMove) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public BoardGame {
        moves = List.copyOf(moves);
    }

    /**
     * Reads the board's {@code STATE} document.
     *
     * @throws IOException when it is no JSON object with the snapshot's {@code seq}, {@code phase} and {@code moves}
     */
    public static BoardGame fromState(String json) throws IOException {
        JsonNode s = JSON.readTree(json);
        if (s == null || !s.isObject() || !s.path("seq").canConvertToLong() || !s.path("phase").isTextual()
                || !s.path("moves").isArray()) {
            throw new IOException("not the board's snapshot: " + abbreviated(json));
        }
        List<String> moves = new ArrayList<>();
        s.path("moves").forEach(m -> moves.add(m.asText()));
        JsonNode result = s.path("result");
        Optional<String> host = Optional.empty();
        for (String side : List.of("sente", "gote")) {
            if ("host".equals(s.path("players").path(side).path("kind").asText())) {
                host = Optional.of(side);
            }
        }
        Optional<String> shown = Optional.empty();
        for (JsonNode waiting : s.path("waitingFor")) {
            if ("opponent-move".equals(waiting.path("kind").asText()) && waiting.path("usi").isTextual()) {
                shown = Optional.of(waiting.path("usi").asText());
            }
        }
        return new BoardGame(s.path("seq").asLong(), s.path("phase").asText(), s.path("gameId").asText(""),
                s.path("startSfen").asText(""), s.path("sfen").asText(), moves, text(result, "status"),
                text(result, "winner"), host, shown);
    }

    private static String abbreviated(String text) {
        String t = text.replaceAll("\\s+", " ").strip();
        return t.length() <= 60 ? "'" + t + "'" : "'" + t.substring(0, 60) + "…'";
    }

    private static Optional<String> text(JsonNode node, String key) {
        JsonNode v = node.path(key);
        return v.isMissingNode() || v.isNull() ? Optional.empty() : Optional.of(v.asText());
    }

    /** Whether the game is over. */
    public boolean over() {
        return resultStatus.isPresent();
    }

    /** After a {@code MOVE <ply> <usi>} event: the move added when it is the next one. */
    public BoardGame withMove(long eventSeq, int ply, String usi) {
        if (ply != moves.size() + 1) {
            return withSeq(eventSeq);
        }
        List<String> m = new ArrayList<>(moves);
        m.add(usi);
        Optional<String> shown = shownMove.filter(s -> !s.equals(usi));
        return new BoardGame(eventSeq, phase, gameId, startSfen, sfen, m, resultStatus, resultWinner, hostSide, shown);
    }

    /** After an {@code OPPONENT <ply> <usi>} event: the host's move the board shows. */
    public BoardGame withShown(long eventSeq, String usi) {
        return new BoardGame(eventSeq, phase, gameId, startSfen, sfen, moves, resultStatus, resultWinner, hostSide,
                Optional.of(usi));
    }

    /** After a {@code TAKEBACK <ply-after> ...} event. */
    public BoardGame withTakeback(long eventSeq, int plyAfter) {
        List<String> m = new ArrayList<>(moves.subList(0, Math.max(0, Math.min(plyAfter, moves.size()))));
        return new BoardGame(eventSeq, phase, gameId, startSfen, sfen, m, resultStatus, resultWinner, hostSide,
                shownMove);
    }

    /** After a {@code RESULT <status> <winner> ...} event. */
    public BoardGame withResult(long eventSeq, String status, String winner) {
        return new BoardGame(eventSeq, "OVER", gameId, startSfen, sfen, moves, Optional.of(status),
                Optional.of(winner), hostSide, Optional.empty());
    }

    /**
     * After the event {@code * <seq> <TYPE> <fields...>} (its words): a move, a shown host move, a takeback, a result;
     * any other event only counts.
     *
     * @throws IllegalArgumentException or {@link IndexOutOfBoundsException} when the event's fields cannot be read
     */
    public BoardGame after(long eventSeq, String[] words) {
        return switch (words.length > 2 ? words[2] : "") {
            case "MOVE" -> withMove(eventSeq, Integer.parseInt(words[3]), usi(words[4]));
            case "OPPONENT" -> withShown(eventSeq, usi(words[4]));
            case "TAKEBACK" -> withTakeback(eventSeq, Integer.parseInt(words[3]));
            case "RESULT" -> withResult(eventSeq, words[3], words[4]);
            default -> withSeq(eventSeq);
        };
    }

    private static String usi(String word) {
        if (!word.matches("[1-9][a-i][1-9][a-i]\\+?|[PLNSGBR]\\*[1-9][a-i]")) {
            throw new IllegalArgumentException("not a USI move: " + word);
        }
        return word;
    }

    public BoardGame withSeq(long eventSeq) {
        return new BoardGame(eventSeq, phase, gameId, startSfen, sfen, moves, resultStatus, resultWinner, hostSide,
                shownMove);
    }
}
