package org.shogiban.hall;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * The rounds of the tournament: each round's pairings (board, sente, gote, time control, mode) as sent to the boards,
 * the board's reply, and the game each board then played (the first game whose id differs from the board's game
 * when the pairing was sent) with its result.
 */
public final class Rounds {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One board's game of a round. */
    public static final class Pairing {
        final String board;
        final String sente;
        final String gote;
        final String time;
        final String mode;
        final String previousGame;
        String reply;
        String gameId;

        Pairing(String board, String sente, String gote, String time, String mode, String previousGame) {
            this.board = board;
            this.sente = sente;
            this.gote = gote;
            this.time = time;
            this.mode = mode;
            this.previousGame = previousGame;
        }

        /** The link's {@code NEW} line that sets the game up on the board. */
        public String newLine() {
            StringBuilder s = new StringBuilder("NEW");
            if (!sente.isEmpty()) {
                s.append(" sente=\"").append(sente).append('"');
            }
            if (!gote.isEmpty()) {
                s.append(" gote=\"").append(gote).append('"');
            }
            if (!time.isEmpty()) {
                s.append(" time=").append(time);
            }
            if (!mode.isEmpty()) {
                s.append(" mode=").append(mode);
            }
            return s.toString();
        }

        public String board() {
            return board;
        }
    }

    private final Map<Integer, List<Pairing>> rounds = new TreeMap<>();

    /** Checks a pairing's words: names without quotes or control characters, time and mode single words. */
    public static Pairing pairing(String board, String sente, String gote, String time, String mode,
                                  String previousGame) {
        if (!org.shogiban.hal.config.HallConfig.isName(board)) {
            throw new IllegalArgumentException("board '" + board + "' is not a board id");
        }
        for (String name : new String[] {sente, gote}) {
            if (name.length() > 64 || name.chars().anyMatch(c -> c == '"' || Character.isISOControl(c))) {
                throw new IllegalArgumentException("player '" + name + "': at most 64 characters, no quotes");
            }
        }
        if (!time.matches("[A-Za-z0-9.=,+-]*") || !mode.matches("|casual|tournament")) {
            throw new IllegalArgumentException("time '" + time + "' or mode '" + mode + "' not understood");
        }
        return new Pairing(board, sente.strip(), gote.strip(), time, mode, previousGame);
    }

    /** Records a round's pairings (a round sent again replaces its pairings). */
    public synchronized void put(int round, List<Pairing> pairings) {
        rounds.put(round, new ArrayList<>(pairings));
    }

    /** A round's pairings. */
    public synchronized List<Pairing> round(int round) {
        return List.copyOf(rounds.getOrDefault(round, List.of()));
    }

    synchronized void replied(Pairing p, String reply) {
        p.reply = reply;
    }

    /**
     * The rounds as the page shows them.
     *
     * @param games a board and a game id (null: its current game) → {@code [gameId, result or null]}, or null
     */
    synchronized ArrayNode view(BiFunction<String, String, String[]> games) {
        ArrayNode out = JSON.createArrayNode();
        for (Map.Entry<Integer, List<Pairing>> r : rounds.entrySet()) {
            ObjectNode rn = out.addObject();
            rn.put("round", r.getKey());
            ArrayNode ps = rn.putArray("pairings");
            for (Pairing p : r.getValue()) {
                String[] g = games.apply(p.board, p.gameId);
                if (p.gameId == null && g != null && !g[0].equals(p.previousGame)) {
                    p.gameId = g[0];
                }
                ObjectNode pn = ps.addObject();
                pn.put("board", p.board);
                pn.put("sente", p.sente);
                pn.put("gote", p.gote);
                pn.put("time", p.time);
                pn.put("mode", p.mode);
                pn.put("reply", p.reply);
                pn.put("gameId", p.gameId);
                pn.put("result", p.gameId != null && g != null && p.gameId.equals(g[0]) ? g[1] : null);
            }
        }
        return out;
    }

    /** The game id a pairing's board played (null until it started). */
    static String gameOf(Pairing p) {
        return p.gameId;
    }
}
