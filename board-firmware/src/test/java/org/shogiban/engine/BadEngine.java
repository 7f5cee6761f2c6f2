package org.shogiban.engine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.shogiban.rules.Move;
import org.shogiban.rules.Position;

/**
 * A misbehaving USI engine, run as its own process by {@link MisbehavingEngineTest}: {@code java -cp ...
 * org.shogiban.engine.BadEngine <mode>}. Where it answers, it plays the first legal move (by our rules).
 * Modes: {@code never-usi}, {@code crash-after-3} (exits at its fourth {@code go}), {@code illegal},
 * {@code garbage}, {@code never-go}, {@code flood} (writes {@code info} lines and a long line without end as fast
 * as it can, and answers all the same), {@code resign}, {@code report} (its bestmove line carries the
 * {@code setoption} lines it was sent), {@code ignore-quit}.
 */
public final class BadEngine {
    private BadEngine() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (mode.equals("flood")) {
            Thread flood = new Thread(() -> {
                PrintStream raw = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                        StandardCharsets.UTF_8);
                for (long i = 0; ; i++) {
                    synchronized (out) {
                        raw.println("info depth " + i + " nodes " + i + " pv 7g7f");
                        if (i % 1000 == 0) {
                            raw.println("x".repeat(20_000));
                        }
                        raw.flush();
                    }
                }
            });
            flood.setDaemon(true);
            flood.start();
        }
        Position position = Position.startpos();
        int goes = 0;
        StringBuilder options = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) {
            String reply = null;
            if (line.equals("usi")) {
                if (mode.equals("never-usi")) {
                    continue;
                }
                reply = "some banner before id\nid name BadEngine " + mode + "\noption name Skill Level type spin "
                        + "default 20 min -20 max 20\nusiok";
            } else if (line.equals("isready")) {
                reply = "readyok";
            } else if (line.startsWith("setoption ")) {
                options.append(line.substring(10).replace(' ', '_')).append(',');
            } else if (line.startsWith("position ")) {
                position = read(line);
            } else if (line.startsWith("go")) {
                goes++;
                List<Move> legal = position.legalMoves();
                reply = switch (mode) {
                    case "crash-after-3" -> {
                        if (goes > 3) {
                            System.exit(3);
                        }
                        yield "bestmove " + legal.get(0).usi();
                    }
                    case "illegal" -> "info string about to play an illegal move\nbestmove 5e5d";
                    case "garbage" -> "bestmove ?!garbage\u0001";
                    case "never-go" -> null;
                    case "resign" -> "bestmove resign";
                    case "report" -> "bestmove " + legal.get(0).usi() + " ponder " + options;
                    default -> "bestmove " + legal.get(0).usi();
                };
            } else if (line.equals("quit")) {
                if (mode.equals("ignore-quit")) {
                    continue;
                }
                return;
            }
            if (reply != null) {
                synchronized (out) {
                    out.println(reply);
                }
            }
        }
    }

    private static Position read(String line) {
        String[] w = line.split(" ");
        int i = 1;
        Position p;
        if (w[1].equals("startpos")) {
            p = Position.startpos();
            i = 2;
        } else {
            p = Position.fromSfen(String.join(" ", w[2], w[3], w[4], w[5]));
            i = 6;
        }
        if (i < w.length && w[i].equals("moves")) {
            for (int k = i + 1; k < w.length; k++) {
                p = p.play(Move.parseUsi(w[k]));
            }
        }
        return p;
    }
}
