package org.shogiban.session;

import java.util.LinkedHashMap;
import java.util.Map;
import org.shogiban.notation.RecordBoard;
import org.shogiban.notation.kif.KifWriter;
import org.shogiban.rules.Move;
import org.shogiban.rules.PieceType;
import org.shogiban.rules.Position;
import org.shogiban.rules.Side;
import org.shogiban.rules.Square;

/**
 * A move from elsewhere, made on the board: which side (if any) is played remotely (a USI engine), the move it chose
 * that waits to be made on the board for it, its name for the record, and a hint shown for the human. Pure; owned
 * by the {@link GameSession}, which asks it whether a move the board saw is the one expected.
 *
 * <p>The remote side's clock stops when its move arrives; nobody's time runs while the player makes that move for
 * it ({@link #clockHeld()}); the human's time starts when the board shows the position after it.
 */
public final class RemoteMoves {
    private RemotePlayer player;
    private String name;
    private Pending pending;
    private Move hint;
    private int hintPly = -1;

    /**
     * The remote side's move, arrived and waiting to be made on the board.
     *
     * @param side who chose it
     * @param ply the ply it is (1-based)
     * @param move the move
     * @param elapsedMs the time the side took, charged at its arrival
     * @param words the move in kifu words, e.g. {@code ☖３四歩}
     * @param clockHeld whether the session paused the clock at its arrival (resumed when the move counts)
     */
    public record Pending(Side side, int ply, Move move, long elapsedMs, String words, boolean clockHeld) {
    }

    /** A new game: who plays remotely (null: both sides at the board). The name comes later. */
    void reset(RemotePlayer remote) {
        player = remote;
        name = null;
        pending = null;
        hint = null;
        hintPly = -1;
    }

    /** The remote player, or null when both sides play at the board. */
    public RemotePlayer player() {
        return player;
    }

    /** Whether {@code side} is played from elsewhere. */
    public boolean isRemote(Side side) {
        return player != null && player.side() == side;
    }

    /** The move waiting to be made on the board for the remote side, or null. */
    public Pending pending() {
        return pending;
    }

    void arrived(Pending move) {
        pending = move;
        hint = null;
    }

    /** Forgets the waiting move (it counted, or the game changed under it); returns it (null when none). */
    Pending clearPending() {
        Pending p = pending;
        pending = null;
        return p;
    }

    void named(String engineName) {
        name = engineName == null || engineName.isBlank() ? null : GameRequest.checkName("engine",
                engineName.length() > 48 ? engineName.substring(0, 48) : engineName);
    }

    void hint(int ply, Move move) {
        hint = move;
        hintPly = ply;
    }

    /** The hint for the side to move at {@code plies} moves played, or null. */
    public Move hint(int plies) {
        return hintPly == plies ? hint : null;
    }

    /** The players' names for the record: the remote side's as its name and level, e.g. {@code Fairy-Stockfish 11.1 (level 3)}. */
    GameRequest.Players names(GameRequest.Players asked) {
        if (player == null) {
            return asked;
        }
        if (player.namedByRequest()) {
            return asked;
        }
        String remote = (name == null ? player.kind() : name) + " (level " + player.level() + ")";
        return player.side() == Side.SENTE ? new GameRequest.Players(remote, asked.gote())
                : new GameRequest.Players(asked.sente(), remote);
    }

    /** The facts' players (the snapshot's {@code players}): per side its kind, name and, for an engine, level. */
    public Map<Side, BoardFacts.Player> players(GameRequest.Players asked) {
        Map<Side, BoardFacts.Player> players = new java.util.EnumMap<>(Side.class);
        for (Side side : Side.values()) {
            String askedName = side == Side.SENTE ? asked.sente() : asked.gote();
            if (isRemote(side) && player.isOnline()) {
                players.put(side, new BoardFacts.Player(BoardFacts.Player.Kind.ONLINE,
                        player.online().opponentName(), 0, player.online().opponentRating()));
            } else if (isRemote(side)) {
                players.put(side, player.isHost()
                        ? new BoardFacts.Player(BoardFacts.Player.Kind.HOST, askedName, 0)
                        : new BoardFacts.Player(BoardFacts.Player.Kind.ENGINE, name, player.level()));
            } else if (player != null && player.isOnline() && !player.isSeeking()) {
                // the account's own name on the board's side
                players.put(side, new BoardFacts.Player(BoardFacts.Player.Kind.HUMAN, player.online().ownName(), 0,
                        player.online().ownRating()));
            } else {
                players.put(side, new BoardFacts.Player(BoardFacts.Player.Kind.HUMAN, askedName, 0));
            }
        }
        return players;
    }

    /**
     * What the board waits for from the remote side, or null: its move to be made on the board
     * ({@code opponent-move}), or its move to come ({@code opponent-thinking}) while it is to move.
     */
    BoardFacts.Prompt waiting(Side toMove, boolean playing) {
        if (player != null && player.isSeeking()) {
            return new BoardFacts.Prompt(BoardFacts.Prompt.Kind.ONLINE_SEEKING, null, null, null,
                    player.online().user() == null ? "seeking an opponent on " + player.online().site()
                    : "challenging " + player.online().user() + " on " + player.online().site(), null, null);
        }
        if (!playing || player == null) {
            return null;
        }
        String side = player.side().label();
        if (pending != null) {
            Move m = pending.move();
            String from = m.isDrop() ? side + ":" + m.drop().letter() : m.from().usi();
            return new BoardFacts.Prompt(BoardFacts.Prompt.Kind.OPPONENT_MOVE, m.isDrop() ? null
                    : java.util.List.of(from, m.to().usi()), m.isDrop() ? java.util.List.of(from) : null, null,
                    "make " + pending.words() + " on the board for " + side, player.side(), m);
        }
        if (toMove == player.side()) {
            return new BoardFacts.Prompt(BoardFacts.Prompt.Kind.OPPONENT_THINKING, null, null, null,
                    side + " is thinking", player.side(), null);
        }
        return null;
    }

    /** {@code ☖３四歩}: the move in the words a player reads (KI2, with 同, 成, 打 and the telling-apart words). */
    static String words(Position before, Move move, Side side, Square lastTo) {
        PieceType kind = move.isDrop() ? move.drop() : before.pieceAt(move.from()).type();
        return (side == Side.SENTE ? "☗" : "☖")
                + KifWriter.ki2Text(new RecordBoard(before), move, kind, side, lastTo).replace("\u3000", "");
    }

    /** A USI move as text, or null when it is not one (an engine's garbage). */
    static Move readMove(String usi) {
        try {
            return Move.parseUsi(usi.strip());
        } catch (RuntimeException e) {
            return null;
        }
    }
}
