package org.shogiban.notation.jkf;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shogiban.notation.EndingWords;
import org.shogiban.notation.EndKind;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordFormatException;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordText;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.Writers;
import org.shogiban.notation.kif.Ki2Relative;
import org.shogiban.notation.kif.KifNames;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.Move;
import org.shogiban.rules.NotationException;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Sfen;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * Reads and writes JKF, the JSON kifu format of json-kifu-format: {@code header}, {@code initial} (a preset such as
 * {@code HIRATE} or {@code KY}, or {@code OTHER} with the board), and {@code moves}, whose first entry holds the
 * comments before the first move and whose last may be a {@code special} ending. Forks (variations) are not read.
 */
public final class JkfCodec {
    /** Trailing garbage after the object is refused, not ignored. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final ObjectMapper COMPACT = new ObjectMapper();

    private JkfCodec() {
    }

    // ---------------------------------------------------------------- reading

    public static GameRecord read(String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JacksonException e) {
            JsonLocation at = e.getLocation();
            throw new RecordFormatException(at == null ? 0 : Math.max(at.getLineNr(), 0),
                    "expected JSON (JKF): " + RecordText.quote(String.valueOf(e.getOriginalMessage())));
        }
        if (root == null || !root.isObject() || !(root.has("header") || root.has("moves") || root.has("initial"))) {
            throw new RecordFormatException(1, "expected a JKF object {\"header\":{...}, \"moves\":[...]}");
        }
        Map<String, String> header = new LinkedHashMap<>();
        JsonNode h = root.path("header");
        if (!h.isMissingNode() && !h.isObject()) {
            throw new RecordFormatException(0, "JKF header must be an object of strings, found " + type(h));
        }
        for (Map.Entry<String, JsonNode> e : h.properties()) {
            String key = e.getKey();
            String value = text(e.getValue(), "header." + key);
            switch (key) {
                case "手合割" -> {
                }
                case "下手" -> header.put(RecordHeader.SENTE, value);
                case "上手" -> header.put(RecordHeader.GOTE, value);
                default -> {
                    if (!key.isBlank()) {
                        header.put(key, value);
                    }
                }
            }
        }
        Position start = initial(root.path("initial"));
        JsonNode moves = root.path("moves");
        if (!moves.isMissingNode() && !moves.isArray()) {
            throw new RecordFormatException(0, "JKF moves must be an array, found " + type(moves));
        }
        RecordBoard board = new RecordBoard(start);
        List<String> startComments = new ArrayList<>();
        List<RecordedMove> recorded = new ArrayList<>();
        RecordEnd end = RecordEnd.NONE;
        RecordFormatException impossible = null;
        Square lastTo = null;
        for (int i = 0; i < moves.size(); i++) {
            JsonNode entry = moves.get(i);
            if (!entry.isObject()) {
                throw new RecordFormatException(0, "JKF moves[" + i + "] must be an object, found " + type(entry));
            }
            List<String> comments = comments(entry.path("comments"), i);
            JsonNode move = entry.path("move");
            JsonNode special = entry.path("special");
            if (!special.isMissingNode() && !special.isNull()) {
                end = special(text(special, "moves[" + i + "].special"), board.sideToMove(), i);
                if (recorded.isEmpty()) {
                    startComments.addAll(comments);
                } else {
                    RecordedMove last = recorded.remove(recorded.size() - 1);
                    List<String> c = new ArrayList<>(last.comments());
                    c.addAll(comments);
                    recorded.add(new RecordedMove(last.move(), last.timeUsed(), c));
                }
                break;
            }
            if (move.isMissingNode() || move.isNull()) {
                if (i == 0) {
                    startComments.addAll(comments);
                    continue;
                }
                throw new RecordFormatException(0, "JKF moves[" + i + "]: expected 'move' or 'special'");
            }
            if (impossible != null) {
                throw impossible;
            }
            Move m = move(move, board, lastTo, i);
            String problem = board.problem(m);
            if (problem != null) {
                // kept only if the record ends in a foul right after it
                impossible = new RecordFormatException(0, "JKF moves[" + i + "] (" + m.usi() + ") " + problem);
            }
            board.play(m);
            lastTo = m.to();
            recorded.add(new RecordedMove(m, time(entry.path("time"), i), comments));
        }
        if (impossible != null && end.kind() != EndKind.ILLEGAL_MOVE) {
            throw impossible; // only a foul ending explains a move the board cannot make
        }
        return new GameRecord(start, new RecordHeader(header), startComments, recorded, end);
    }

    /** What a JSON value is, for error messages: a string, a number, an array ... */
    private static String type(JsonNode node) {
        return node.isMissingNode() ? "nothing" : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
                + (node.isValueNode() ? " " + RecordText.quote(node.asText()) : "");
    }

    private static String text(JsonNode node, String where) {
        if (!node.isTextual()) {
            throw new RecordFormatException(0, "JKF " + where + " must be a string, found " + type(node));
        }
        return node.textValue();
    }

    /** A whole number in a range; 7.9, "7", true and numbers out of range are refused, not rounded or wrapped. */
    private static int integer(JsonNode node, int min, int max, String where) {
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < min || node.intValue() > max) {
            throw new RecordFormatException(0, "JKF " + where + " must be a whole number " + min + ".." + max
                    + ", found " + type(node));
        }
        return node.intValue();
    }

    /** An optional boolean: absent or null is false. */
    private static boolean flag(JsonNode node, String where) {
        if (node.isMissingNode() || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            throw new RecordFormatException(0, "JKF " + where + " must be true or false, found " + type(node));
        }
        return node.booleanValue();
    }

    private static List<String> comments(JsonNode node, int i) {
        List<String> list = new ArrayList<>();
        if (node.isMissingNode() || node.isNull()) {
            return list;
        }
        if (!node.isArray()) {
            throw new RecordFormatException(0, "JKF moves[" + i + "].comments must be an array of strings");
        }
        for (int c = 0; c < node.size(); c++) {
            list.add(text(node.get(c), "moves[" + i + "].comments[" + c + "]"));
        }
        return list;
    }

    private static Position initial(JsonNode initial) {
        if (initial.isMissingNode() || initial.isNull()) {
            return Position.startpos();
        }
        if (!initial.isObject()) {
            throw new RecordFormatException(0, "JKF initial must be an object, found " + type(initial));
        }
        JsonNode presetNode = initial.path("preset");
        String preset = presetNode.isMissingNode() ? "HIRATE" : text(presetNode, "initial.preset");
        if (!preset.equals("OTHER")) {
            return Handicap.fromJkfPreset(preset).map(Handicap::start).orElseThrow(() -> new RecordFormatException(0,
                    "unknown JKF initial preset " + RecordText.quote(preset) + "; expected HIRATE, KY, KY_R, KA, HI,"
                            + " HIKY, 2, 3, 4, 5, 5_L, 6, 8, 10 or OTHER"));
        }
        JsonNode data = initial.path("data");
        JsonNode rows = data.path("board");
        if (!rows.isArray() || rows.size() != 9) {
            throw new RecordFormatException(0, "JKF initial.data.board must be 9 files of 9 squares");
        }
        Piece[] squares = new Piece[81];
        for (int x = 1; x <= 9; x++) {
            JsonNode file = rows.get(x - 1);
            if (!file.isArray() || file.size() != 9) {
                throw new RecordFormatException(0, "JKF initial.data.board[" + (x - 1) + "] must hold 9 squares");
            }
            for (int y = 1; y <= 9; y++) {
                JsonNode sq = file.get(y - 1);
                String where = "initial.data.board[" + (x - 1) + "][" + (y - 1) + "]";
                if (!sq.isObject()) {
                    throw new RecordFormatException(0, "JKF " + where + " must be an object, found " + type(sq));
                }
                if (sq.path("kind").isMissingNode() || sq.path("kind").isNull()) {
                    continue;
                }
                squares[Square.of(x, y).index()] = Piece.of(color(sq.path("color"), where + ".color"),
                        kind(sq.path("kind"), where + ".kind"));
            }
        }
        int[][] handCounts = new int[2][7];
        JsonNode hands = data.path("hands");
        if (!hands.isMissingNode() && (!hands.isArray() || hands.size() != 2)) {
            throw new RecordFormatException(0, "JKF initial.data.hands must be two objects (sente's, gote's hand)");
        }
        for (Side side : Side.values()) {
            JsonNode hand = hands.path(side.ordinal());
            if (hand.isMissingNode()) {
                continue;
            }
            if (!hand.isObject()) {
                throw new RecordFormatException(0, "JKF initial.data.hands[" + side.ordinal() + "] must be an object");
            }
            for (Map.Entry<String, JsonNode> e : hand.properties()) {
                String where = "initial.data.hands[" + side.ordinal() + "]." + e.getKey();
                PieceType kind = KifNames.fromCsa(e.getKey());
                if (kind == null || !kind.isHandKind()) {
                    throw new RecordFormatException(0, "JKF " + where + ": " + RecordText.quote(e.getKey())
                            + " is not a piece that can be in hand (FU KY KE GI KI KA HI)");
                }
                handCounts[side.ordinal()][kind.handIndex()] = integer(e.getValue(), 0, 18, where);
            }
        }
        String sfen = Sfen.format(squares, handCounts, color(data.path("color"), "initial.data.color"), 1);
        try {
            return Position.fromSfen(sfen);
        } catch (NotationException e) {
            throw new RecordFormatException(0, "JKF initial position is not valid: " + e.getMessage());
        }
    }

    private static Side color(JsonNode node, String where) {
        return integer(node, 0, 1, where) == 0 ? Side.SENTE : Side.GOTE;
    }

    private static PieceType kind(JsonNode node, String where) {
        PieceType kind = KifNames.fromCsa(text(node, where));
        if (kind == null) {
            throw new RecordFormatException(0, "JKF " + where + ": unknown piece " + RecordText.quote(node.asText())
                    + "; expected FU KY KE GI KI KA HI OU TO NY NK NG UM RY");
        }
        return kind;
    }

    private static Square place(JsonNode node, String where) {
        if (!node.isObject()) {
            throw new RecordFormatException(0, "JKF " + where + " must be a square {\"x\":1..9,\"y\":1..9}, found "
                    + type(node));
        }
        return Square.of(integer(node.path("x"), 1, 9, where + ".x"), integer(node.path("y"), 1, 9, where + ".y"));
    }

    private static Move move(JsonNode move, RecordBoard board, Square lastTo, int i) {
        String where = "moves[" + i + "].move";
        if (!move.isObject()) {
            throw new RecordFormatException(0, "JKF " + where + " must be an object, found " + type(move));
        }
        PieceType kind = kind(move.path("piece"), where + ".piece");
        JsonNode colorNode = move.path("color");
        if (!colorNode.isMissingNode() && color(colorNode, where + ".color") != board.sideToMove()) {
            throw new RecordFormatException(0, "JKF " + where + ": expected a move by "
                    + board.sideToMove().label() + " (color " + board.sideToMove().ordinal() + "), found color "
                    + colorNode.intValue());
        }
        boolean same = flag(move.path("same"), where + ".same");
        boolean promote = flag(move.path("promote"), where + ".promote");
        Square to;
        if (!move.path("to").isMissingNode() && !move.path("to").isNull()) {
            to = place(move.path("to"), where + ".to");
        } else if (same && lastTo != null) {
            to = lastTo;
        } else {
            throw new RecordFormatException(0, "JKF " + where + ": expected 'to' (or 'same' after a move)");
        }
        JsonNode from = move.path("from");
        if (from.isMissingNode() || from.isNull()) {
            if (!kind.isHandKind() || promote) {
                throw new RecordFormatException(0, "JKF " + where + ": a drop (no 'from') of "
                        + KifNames.csaName(kind) + (promote ? " that promotes" : ", which is never in hand"));
            }
            return Move.drop(kind, to);
        }
        Square source = place(from, where + ".from");
        Piece on = board.at(source);
        if (on != null && on.side() == board.sideToMove() && on.type() != kind) {
            throw new RecordFormatException(0, "JKF " + where + ": " + source + " holds " + RecordBoard.describe(on)
                    + ", not the " + RecordBoard.name(kind) + " the move names");
        }
        if (source.equals(to)) {
            throw new RecordFormatException(0, "JKF " + where + " goes nowhere");
        }
        return Move.of(source, to, promote);
    }

    private static Duration time(JsonNode time, int i) {
        if (time.isMissingNode() || time.isNull()) {
            return null;
        }
        JsonNode now = time.path("now");
        if (!now.isObject()) {
            return null;
        }
        String where = "moves[" + i + "].time.now.";
        long s = 0;
        for (String unit : new String[] {"h", "m", "s"}) {
            JsonNode v = now.path(unit);
            if (!v.isMissingNode()) {
                s = s * 60 + integer(v, 0, 999_999_999, where + unit);
            } else {
                s = s * 60;
            }
        }
        // "ms": our addition (the board's clock has milliseconds; JKF's units stop at seconds)
        JsonNode ms = now.path("ms");
        return Duration.ofSeconds(s).plusMillis(ms.isMissingNode() ? 0 : integer(ms, 0, 999, where + "ms"));
    }

    private static RecordEnd special(String special, Side mover, int i) {
        RecordEnd said = EndingWords.fromCsa(special, mover);
        if (said == null) {
            throw new RecordFormatException(0, "JKF moves[" + i + "]: unknown special " + RecordText.quote(special)
                    + "; expected " + EndingWords.csaWords(""));
        }
        return said;
    }

    // ---------------------------------------------------------------- writing

    /** The record as JKF, indented (a file a person may read). */
    public static String write(GameRecord record) {
        return written(record, JSON);
    }

    /**
     * The record as JKF on one line, without indentation: the same document in about half the bytes (the hall's
     * MQTT {@code record}, published after every move, docs/hall.md).
     */
    public static String writeCompact(GameRecord record) {
        return written(record, COMPACT);
    }

    private static String written(GameRecord record, ObjectMapper mapper) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode header = root.putObject("header");
        Optional<Handicap> handicap = record.handicap();
        boolean handicapGame = handicap.isPresent() && handicap.get().isHandicap();
        for (Map.Entry<String, String> e : record.header().fields().entrySet()) {
            String key = e.getKey();
            if (handicapGame && key.equals(RecordHeader.SENTE)) {
                key = "下手";
            } else if (handicapGame && key.equals(RecordHeader.GOTE)) {
                key = "上手";
            }
            header.put(key, e.getValue());
        }
        handicap.ifPresent(h -> header.put("手合割", h.kifName()));
        ObjectNode initial = root.putObject("initial");
        Position start = record.start();
        if (handicap.isPresent()) {
            initial.put("preset", handicap.get().jkfPreset());
        } else {
            initial.put("preset", "OTHER");
            ObjectNode data = initial.putObject("data");
            data.put("color", start.sideToMove().ordinal());
            ArrayNode board = data.putArray("board");
            for (int x = 1; x <= 9; x++) {
                ArrayNode file = board.addArray();
                for (int y = 1; y <= 9; y++) {
                    ObjectNode sq = file.addObject();
                    Piece p = start.pieceAt(Square.of(x, y));
                    if (p != null) {
                        sq.put("color", p.side().ordinal());
                        sq.put("kind", KifNames.csaName(p.type()));
                    }
                }
            }
            ArrayNode hands = data.putArray("hands");
            for (Side side : Side.values()) {
                ObjectNode hand = hands.addObject();
                for (PieceType kind : new PieceType[] {PieceType.PAWN, PieceType.LANCE, PieceType.KNIGHT,
                    PieceType.SILVER, PieceType.GOLD, PieceType.BISHOP, PieceType.ROOK}) {
                    hand.put(KifNames.csaName(kind), start.hand(side).count(kind));
                }
            }
        }
        ArrayNode moves = root.putArray("moves");
        ObjectNode first = moves.addObject();
        if (!record.startComments().isEmpty()) {
            ArrayNode c = first.putArray("comments");
            record.startComments().forEach(c::add);
        }
        RecordBoard board = new RecordBoard(start);
        long[] totals = new long[2];
        Square lastTo = null;
        List<RecordedMove> recorded = record.recordedMoves();
        for (int i = 0; i < recorded.size(); i++) {
            RecordedMove rm = recorded.get(i);
            Move m = rm.move();
            Side side = board.sideToMove();
            PieceType kind = Writers.check(record, board, m, i);
            ObjectNode entry = moves.addObject();
            if (!rm.comments().isEmpty()) {
                ArrayNode c = entry.putArray("comments");
                rm.comments().forEach(c::add);
            }
            ObjectNode mv = entry.putObject("move");
            mv.put("color", side.ordinal());
            if (!m.isDrop()) {
                ObjectNode from = mv.putObject("from");
                from.put("x", m.from().file());
                from.put("y", m.from().rank());
            }
            ObjectNode to = mv.putObject("to");
            to.put("x", m.to().file());
            to.put("y", m.to().rank());
            mv.put("piece", KifNames.csaName(kind));
            if (m.to().equals(lastTo)) {
                mv.put("same", true);
            }
            if (m.promote()) {
                mv.put("promote", true);
            } else if (Writers.couldPromote(kind, m, side)) {
                mv.put("promote", false);
            }
            Piece captured = board.at(m.to());
            if (captured != null) {
                mv.put("capture", KifNames.csaName(captured.type()));
            }
            List<Square> candidates = KifWriter.candidates(board, m.to(), kind, side);
            String words = m.isDrop() ? (candidates.isEmpty() ? "" : "打")
                    : Ki2Relative.wordsFor(m.from(), m.to(), candidates, side);
            if (!words.isEmpty()) {
                mv.put("relative", Ki2Relative.jkfLetters(words));
            }
            if (rm.timeUsed() != null) {
                long s = rm.timeUsed().toSeconds();
                totals[side.ordinal()] += s;
                long total = totals[side.ordinal()];
                ObjectNode time = entry.putObject("time");
                ObjectNode now = time.putObject("now");
                now.put("m", s / 60);
                now.put("s", s % 60);
                if (rm.timeUsed().toMillisPart() != 0) {
                    now.put("ms", rm.timeUsed().toMillisPart());
                }
                ObjectNode sum = time.putObject("total");
                sum.put("h", total / 3600);
                sum.put("m", total / 60 % 60);
                sum.put("s", total % 60);
            }
            board.play(m);
            lastTo = m.to();
        }
        String special = specialName(record.end(), board.sideToMove());
        if (special != null) {
            moves.addObject().put("special", special);
        }
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JacksonException e) {
            throw new IllegalStateException("JKF tree could not be written", e);
        }
    }

    /** The JKF special; JKF has no perpetual check or move limit, so those become a foul and a draw. */
    private static String specialName(RecordEnd end, Side mover) {
        return EndingWords.jkf(end, mover);
    }
}
