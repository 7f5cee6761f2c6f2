package org.shogiban.hall;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.IntConsumer;

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
    private IntConsumer changed = round -> { };

    /** Told the round's number after each change of a round (the hall keeps it on disk). */
    void onChange(IntConsumer listener) {
        changed = listener;
    }

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

    /**
     * Records a round's pairings (a round sent again replaces its pairings).
     *
     * @throws IllegalArgumentException when a board is paired twice in the round
     */
    public synchronized void put(int round, List<Pairing> pairings) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Pairing p : pairings) {
            if (!seen.add(p.board)) {
                throw new IllegalArgumentException("board " + p.board + " is paired twice in round " + round);
            }
        }
        rounds.put(round, new ArrayList<>(pairings));
        changed.accept(round);
    }

    /** A round's pairings. */
    public synchronized List<Pairing> round(int round) {
        return List.copyOf(rounds.getOrDefault(round, List.of()));
    }

    synchronized void replied(int round, Pairing p, String reply) {
        p.reply = reply;
        changed.accept(round);
    }

    /** A round as kept on disk. */
    synchronized ObjectNode doc(int round) {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode ps = o.putArray("pairings");
        for (Pairing p : rounds.getOrDefault(round, List.of())) {
            ps.addObject().put("board", p.board).put("sente", p.sente).put("gote", p.gote).put("time", p.time)
                    .put("mode", p.mode).put("previousGame", p.previousGame).put("reply", p.reply)
                    .put("gameId", p.gameId);
        }
        return o;
    }

    /** Takes a round back from disk. */
    synchronized void restore(int round, com.fasterxml.jackson.databind.JsonNode doc) {
        List<Pairing> ps = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode n : doc.path("pairings")) {
            Pairing p = new Pairing(n.path("board").asText(), n.path("sente").asText(), n.path("gote").asText(),
                    n.path("time").asText(), n.path("mode").asText(), n.path("previousGame").asText(null));
            p.reply = n.path("reply").asText(null);
            p.gameId = n.path("gameId").asText(null);
            ps.add(p);
        }
        rounds.put(round, ps);
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
                    try {
                        changed.accept(r.getKey());
                    } catch (RuntimeException e) {
                        // not written: the hall shows it as its fault, and settles the game again next time
                        p.gameId = null;
                    }
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
