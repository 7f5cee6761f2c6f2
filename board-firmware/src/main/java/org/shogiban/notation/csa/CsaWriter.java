package org.shogiban.notation.csa;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shogiban.notation.EndingWords;
import org.shogiban.notation.GameRecord;
import org.shogiban.notation.Handicap;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.RecordEnd;
import org.shogiban.notation.RecordHeader;
import org.shogiban.notation.RecordText;
import org.shogiban.notation.RecordedMove;
import org.shogiban.notation.Writers;
import org.shogiban.notation.kif.KifNames;
import org.shogiban.rules.Move;
import org.shogiban.rules.Piece;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * Writes CSA V3.0: {@code 'CSA encoding=UTF-8}, {@code V3.0}, names, {@code $} fields, {@code PI} (with the
 * removed pieces of a handicap) or a full {@code P1}..{@code P9} position, moves with {@code T} times, comments as
 * {@code '*} lines and the {@code %} ending. KIF header fields CSA has no field for are kept as {@code '} comments.
 */
public final class CsaWriter {
    private static final Map<String, String> FIELDS = Map.of(RecordHeader.EVENT, "EVENT", RecordHeader.SITE, "SITE",
            RecordHeader.START_TIME, "START_TIME", RecordHeader.END_TIME, "END_TIME", RecordHeader.OPENING,
            "OPENING");

    private CsaWriter() {
    }

    public static String write(GameRecord record) {
        StringBuilder out = new StringBuilder(2048);
        out.append("'CSA encoding=UTF-8\nV3.0\n");
        record.header().sente().ifPresent(n -> out.append("N+").append(RecordText.oneLine(n)).append('\n'));
        record.header().gote().ifPresent(n -> out.append("N-").append(RecordText.oneLine(n)).append('\n'));
        for (Map.Entry<String, String> e : record.header().fields().entrySet()) {
            String key = e.getKey();
            String csa = FIELDS.get(key);
            if (csa != null) {
                out.append('$').append(csa).append(':').append(RecordText.oneLine(e.getValue())).append('\n');
            } else if (key.startsWith("$")) {
                out.append(RecordText.oneLine(key)).append(':').append(RecordText.oneLine(e.getValue())).append('\n');
            } else if (!key.equals(RecordHeader.SENTE) && !key.equals(RecordHeader.GOTE)) {
                out.append('\'').append(RecordText.oneLine(key)).append('：').append(RecordText.oneLine(e.getValue())).append('\n');
            }
        }
        position(out, record.start());
        for (String c : record.startComments()) {
            comment(out, c);
        }
        RecordBoard board = new RecordBoard(record.start());
        List<RecordedMove> moves = record.recordedMoves();
        for (int i = 0; i < moves.size(); i++) {
            RecordedMove rm = moves.get(i);
            Move m = rm.move();
            Side side = board.sideToMove();
            PieceType kind = Writers.check(record, board, m, i);
            out.append(side == Side.SENTE ? '+' : '-');
            if (m.isDrop()) {
                out.append("00");
            } else {
                out.append(m.from().file()).append(m.from().rank());
            }
            out.append(m.to().file()).append(m.to().rank());
            out.append(KifNames.csaName(m.promote() ? kind.promoted() : kind)).append('\n');
            if (rm.timeUsed() != null) {
                out.append('T').append(seconds(rm.timeUsed())).append('\n');
            }
            for (String c : rm.comments()) {
                comment(out, c);
            }
            board.play(m);
        }
        String special = special(record.end(), board.sideToMove());
        if (special != null) {
            out.append(special).append('\n');
        }
        return out.toString();
    }

    private static void comment(StringBuilder out, String c) {
        for (String line : RecordText.commentLines(c)) {
            out.append("'*").append(line).append('\n');
        }
    }

    private static String seconds(Duration d) {
        if (d.toMillisPart() == 0) {
            return String.valueOf(d.toSeconds());
        }
        return BigDecimal.valueOf(d.toMillis()).movePointLeft(3).stripTrailingZeros().toPlainString();
    }

    private static void position(StringBuilder out, Position start) {
        Optional<Handicap> handicap = Handicap.of(start);
        if (handicap.isPresent()) {
            out.append("PI").append(handicap.get().csaRemoved()).append('\n');
        } else {
            Writers.diagram(start, new Writers.DiagramRank() {
                @Override
                public void begin(int rank) {
                    out.append('P').append(rank);
                }

                @Override
                public void square(Piece p) {
                    if (p == null) {
                        out.append(" * ");
                    } else {
                        out.append(p.side() == Side.SENTE ? '+' : '-').append(KifNames.csaName(p.type()));
                    }
                }

                @Override
                public void end(int rank) {
                    out.append('\n');
                }
            });
            for (Side side : Side.values()) {
                if (start.hand(side).isEmpty()) {
                    continue;
                }
                out.append('P').append(side == Side.SENTE ? '+' : '-');
                for (int i = 6; i >= 0; i--) {
                    PieceType kind = PieceType.HAND_KINDS[i];
                    for (int n = start.hand(side).count(kind); n > 0; n--) {
                        out.append("00").append(KifNames.csaName(kind));
                    }
                }
                out.append('\n');
            }
        }
        out.append(start.sideToMove() == Side.SENTE ? '+' : '-').append('\n');
    }

    /** The CSA ending, or null for none. */
    public static String special(RecordEnd end, Side mover) {
        String word = EndingWords.csa(end, mover);
        return word == null ? null : "%" + word;
    }
}
