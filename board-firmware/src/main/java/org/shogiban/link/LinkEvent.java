package org.shogiban.link;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.shogiban.rules.GameResult;
import org.shogiban.rules.IllegalReason;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;

/**
 * Something that happened on the board, as the link pushes it: a type word and its fields, written on the wire as
 * {@code * <seq> <TYPE> <fields...>} (the sequence number comes from the {@link EventLog}). Fields are words without
 * spaces, except the last one, which may be free text (a reason, a fault's message). docs/serial-protocol.md lists
 * every type and its fields; the factories below write them.
 *
 * @param type the event's type, upper case, e.g. {@code MOVE}
 * @param fields its fields in order
 */
public record LinkEvent(String type, List<String> fields) {

    public LinkEvent {
        Objects.requireNonNull(type, "type");
        if (!type.matches("[A-Z]+")) {
            throw new IllegalArgumentException("an event type is upper-case letters, not '" + type + "'");
        }
        List<String> clean = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            String f = oneLine(Objects.requireNonNull(fields.get(i), "field"));
            // only the last field may hold spaces: a host splits the others on spaces
            clean.add(i == fields.size() - 1 ? f : f.replaceAll("\\s", "_"));
        }
        fields = List.copyOf(clean);
    }

    /** An event of a type with its fields. */
    public static LinkEvent of(String type, String... fields) {
        return new LinkEvent(type, List.of(fields));
    }

    /** The event's text after its sequence number: {@code MOVE 1 7g7f +7776FU,T12}. */
    public String text() {
        return fields.isEmpty() ? type : type + " " + String.join(" ", fields);
    }

    /** A value on one line: line breaks and other control characters become spaces. */
    static String oneLine(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(Character.isISOControl(c) && c != '\t' ? ' ' : c);
        }
        return sb.toString().strip();
    }

    // ------------------------------------------------------------------------------------------------ the types

    /** {@code GAME <game-id> <start SFEN>}: a new game started. */
    public static LinkEvent game(String gameId, Position start) {
        return of("GAME", gameId, start.toSfen());
    }

    /** {@code SETUP <SFEN>}: the players are to set up this position (the next game starts when it stands). */
    public static LinkEvent setup(Position target) {
        return of("SETUP", target.toSfen());
    }

    /**
     * {@code MOVE <ply> <usi> <csa>[,T<seconds>]}: a move counted. The CSA part is written as the CSA server protocol
     * writes a move and its time, e.g. {@code +7776FU,T12}: whole seconds, cut down (the time is left out when the
     * board does not know it).
     *
     * @param before the position the move was played in
     */
    public static LinkEvent move(int ply, Position before, Move move, Duration timeUsed) {
        String csa = csaMove(before, move) + (timeUsed == null ? "" : ",T" + timeUsed.toSeconds());
        return of("MOVE", Integer.toString(ply), move.usi(), csa);
    }

    /**
     * The same {@code MOVE} from the position the move left: the piece on its target square is the piece after the
     * move (what CSA writes), so nothing is replayed.
     *
     * @param after the position right after this move
     */
    public static LinkEvent moveAfter(int ply, Side mover, Position after, Move move, Duration timeUsed) {
        String csa = csaMoveAfter(mover, after, move) + (timeUsed == null ? "" : ",T" + timeUsed.toSeconds());
        return of("MOVE", Integer.toString(ply), move.usi(), csa);
    }

    /** {@code ILLEGAL <ply> <usi> <reason> <loses|put-back>}: a player completed an illegal move. */
    public static LinkEvent illegal(int ply, Move move, IllegalReason reason, boolean loses) {
        return of("ILLEGAL", Integer.toString(ply), move.usi(), reason.name(), loses ? "loses" : "put-back");
    }

    /** {@code TAKEBACK <ply> <usi>...}: moves taken back (待った), last first; {@code ply} is the ply after it. */
    public static LinkEvent takeback(int plyAfter, List<Move> undone) {
        List<String> fields = new ArrayList<>();
        fields.add(Integer.toString(plyAfter));
        for (Move m : undone) {
            fields.add(m.usi());
        }
        return new LinkEvent("TAKEBACK", fields);
    }

    /** {@code PROMOTION <ply> <square>}: on an occupancy board, the move to this square waits for 成 or 不成. */
    public static LinkEvent promotion(int ply, String square) {
        return of("PROMOTION", Integer.toString(ply), square);
    }

    /** {@code DISCREPANCY <ply> <place>...}: the board shows something no move explains at these places. */
    public static LinkEvent discrepancy(int ply, List<String> places) {
        List<String> fields = new ArrayList<>();
        fields.add(Integer.toString(ply));
        fields.addAll(places);
        return new LinkEvent("DISCREPANCY", fields);
    }

    /** {@code INSYNC <ply>}: the board shows the game's position again. */
    public static LinkEvent inSync(int ply) {
        return of("INSYNC", Integer.toString(ply));
    }

    /**
     * {@code RESULT <status> <winner> <reason> <ply>}: the game ended. {@code winner} is {@code sente}, {@code gote}
     * or {@code none}; {@code reason} is an illegal move's reason or {@code -}; {@code ply} the plies played.
     */
    public static LinkEvent result(GameResult result, int plies) {
        return of("RESULT", result.status().name(), side(result.winner()),
                result.reason() == null ? "-" : result.reason().name(), Integer.toString(plies));
    }

    /**
     * {@code CLOCK <running> sente <mainMs> <byoyomiMs> <periods> gote <mainMs> <byoyomiMs> <periods>}: the clock
     * switched; the remaining times of both sides.
     */
    public static LinkEvent clock(Side running, long senteMainMs, long senteByoyomiMs, int sentePeriods,
                                  long goteMainMs, long goteByoyomiMs, int gotePeriods) {
        return of("CLOCK", side(running), "sente", Long.toString(senteMainMs), Long.toString(senteByoyomiMs),
                Integer.toString(sentePeriods), "gote", Long.toString(goteMainMs), Long.toString(goteByoyomiMs),
                Integer.toString(gotePeriods));
    }

    /** {@code FAULT <failed|recovered> <address> <what, for people>}: hardware failed or answers again. */
    public static LinkEvent fault(boolean failed, String address, String text) {
        return of("FAULT", failed ? "failed" : "recovered", address, text);
    }

    /** {@code ARBITER <the action>}: the arbiter acted, as the record writes it ({@code adjust sente +30s}). */
    public static LinkEvent arbiter(String words) {
        return of("ARBITER", words);
    }

    /** {@code sente}, {@code gote} or {@code none}. */
    public static String side(Side side) {
        return Side.labelOrNone(side);
    }

    /** A move as CSA writes it, e.g. {@code +7776FU} or {@code -0055KA}: mover, from (00 for a drop), to, piece after. */
    static String csaMove(Position before, Move move) {
        Side mover = before.sideToMove();
        PieceType kind;
        String from;
        if (move.isDrop()) {
            kind = move.drop();
            from = "00";
        } else {
            var piece = before.pieceAt(move.from());
            if (piece == null) {
                throw new IllegalArgumentException("no piece on " + move.from().usi() + " for " + move.usi());
            }
            kind = move.promote() ? piece.type().promoted() : piece.type();
            from = "" + move.from().file() + move.from().rank();
        }
        return (mover == Side.SENTE ? "+" : "-") + from + move.to().file() + move.to().rank() + csaName(kind);
    }

    /** A move as CSA writes it, from the position right after it: the piece on the target square is the piece after. */
    static String csaMoveAfter(Side mover, Position after, Move move) {
        var piece = after.pieceAt(move.to());
        if (piece == null) {
            throw new IllegalArgumentException("no piece on " + move.to().usi() + " after " + move.usi());
        }
        String from = move.isDrop() ? "00" : "" + move.from().file() + move.from().rank();
        return (mover == Side.SENTE ? "+" : "-") + from + move.to().file() + move.to().rank() + csaName(piece.type());
    }

    private static String csaName(PieceType type) {
        return switch (type) {
            case PAWN -> "FU";
            case LANCE -> "KY";
            case KNIGHT -> "KE";
            case SILVER -> "GI";
            case GOLD -> "KI";
            case BISHOP -> "KA";
            case ROOK -> "HI";
            case KING -> "OU";
            case PRO_PAWN -> "TO";
            case PRO_LANCE -> "NY";
            case PRO_KNIGHT -> "NK";
            case PRO_SILVER -> "NG";
            case HORSE -> "UM";
            case DRAGON -> "RY";
        };
    }
}
